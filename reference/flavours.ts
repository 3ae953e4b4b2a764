/**
 * Flavours of the reference server. `contract` (the default) is the contract's own reading, Zulip-like wherever the
 * contract leaves a choice open. `zulip` adds what real Zulip does besides: its known departures from the contract
 * (faults of the catalogue, each listed in fixtures/expected-failures/zulip.json with the source that shows it) and
 * its choices where the contract allows two readings (the variants marked `zulip`: over-long topics truncated, 20 s
 * of grace on every edit and move limit). `npm test` runs the whole suite against the Zulip flavour with Zulip's expected-failures file: no
 * false failure, and every listed departure caught.
 */
import type { FaultId } from './faults.ts';
import type { VariantId } from './variants.ts';

export interface Flavour {
  readonly summary: string;
  /** Faults that model the server's departures from the contract. */
  readonly faults: readonly FaultId[];
  /** Its choices where the contract leaves one open (reference/variants.ts). */
  readonly variants: readonly VariantId[];
  /**
   * Departures that came with a later release: the feature level from which the fault applies (as the entry of the
   * expected-failures file says); a server answering as an older level (`featureLevel`) is without it.
   */
  readonly faultsSince?: Partial<Record<FaultId, number>>;
}

/** The flavour's faults at a feature level (all of them at the reference's own level). */
export const flavourFaultsAt = (flavour: Flavour, level: number): FaultId[] =>
  flavour.faults.filter((fault) => (flavour.faultsSince?.[fault] ?? 0) <= level);

export const FLAVOURS = {
  contract: {
    summary: "the contract's reading, Zulip's where the contract leaves a choice",
    faults: [],
    variants: [],
  },
  zulip: {
    summary: 'real Zulip: its known departures from the contract, truncated topics, 20 s of grace on edit limits',
    faults: [
      'drafts-oldest-first',
      'drafts-missing-field-internal-error',
      'missing-parameter-specific-code',
      'messages-queue-id-alone-accepted',
      'group-subgroup-objection-without-settings',
      'user-human-bot-type-absent',
      'render-content-limit-ignored',
    ],
    variants: ['truncate-topics', 'edit-grace'],
    faultsSince: {
      'drafts-oldest-first': 87,
      'drafts-missing-field-internal-error': 237,
      'group-subgroup-objection-without-settings': 298,
    },
  },
} as const satisfies Record<string, Flavour>;

export type FlavourName = keyof typeof FLAVOURS;
export const FLAVOUR_NAMES = Object.keys(FLAVOURS) as FlavourName[];
export const isFlavourName = (name: string): name is FlavourName => Object.hasOwn(FLAVOURS, name);
