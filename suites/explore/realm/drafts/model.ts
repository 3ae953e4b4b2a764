/**
 * The model of one user's drafts (contract: Resources › Draft, operations 10 and 11; the clean-up and edit
 * operations DELETE and PATCH /drafts/{id} as set-up): which of the sequence's drafts exist, each as last written.
 * Only the sequence's own drafts are compared (their content starts with its prefix): other checks and other runs
 * keep drafts of the same user meanwhile.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import type { Role } from '../../../../helpers/roles.ts';

export type DraftType = 'stream' | 'private' | '';

export interface DraftRecord {
  readonly id: number;
  type: DraftType;
  to: number[];
  topic: string;
  content: string;
  /** The last edit's time: the one the sequence gave, or the server's once a listing has shown it (absent until). */
  timestamp: number | undefined;
}

export interface DraftsModel {
  /** The sequence's drafts that exist, by id. */
  readonly live: Map<number, DraftRecord>;
  /** Ids of the sequence's drafts it deleted. */
  readonly deleted: number[];
  /** The sequence's clock for the timestamps it gives (seconds, in the past, growing with each write). */
  clock: number;
  /** Drafts written so far: picks the next one's type and whether it carries a timestamp. */
  written: number;
}

export interface DraftsReal {
  readonly ctx: CheckContext;
  /** Whose drafts: one person for the whole sequence (drafts are per user, and no role changes what one holds). */
  readonly keeper: Role;
  /** Every draft of the sequence has content starting with it. */
  readonly prefix: string;
  readonly channelId: number;
  readonly recipientId: number;
}

/** The draft written most recently (the highest timestamp the model knows; among unknown ones the highest id). */
export function newest(model: Readonly<DraftsModel>): DraftRecord | undefined {
  return [...model.live.values()].sort(byRecency)[0];
}

/** The draft written longest ago. */
export function oldest(model: Readonly<DraftsModel>): DraftRecord | undefined {
  return [...model.live.values()].sort(byRecency).at(-1);
}

/** Most recent first: a timestamp the model does not know yet was filled in by the server (now: after the given). */
const byRecency = (a: DraftRecord, b: DraftRecord) =>
  (b.timestamp ?? Number.MAX_SAFE_INTEGER) - (a.timestamp ?? Number.MAX_SAFE_INTEGER) || b.id - a.id;

/** What a planned step's drafts are addressed to: nothing is sent (sequence.ts Step.simulate). */
const SIMULATED = { prefix: 'simulated', channelId: 0, recipientId: 0 };

/** The next draft's fields: channel, direct and unaddressed in turn; every third without a timestamp (server's). */
export function nextDraft(
  model: DraftsModel,
  real: Pick<DraftsReal, 'prefix' | 'channelId' | 'recipientId'> = SIMULATED,
): Omit<DraftRecord, 'id'> {
  const n = model.written++;
  const content = `${real.prefix} draft ${n}`;
  const type: DraftType = (['stream', 'private', ''] as const)[n % 3]!;
  const to = type === 'stream' ? [real.channelId] : type === 'private' ? [real.recipientId] : [];
  const topic = type === 'stream' ? `${real.prefix} topic ${n}` : '';
  return { type, to, topic, content, timestamp: n % 3 === 2 ? undefined : later(model) };
}

/**
 * A timestamp after every draft's the model knows (the server's own, filled in for a draft written without one, is
 * its present, past the sequence's clock): what a write that makes its draft the most recent gives.
 */
export function later(model: DraftsModel): number {
  model.clock = Math.max(model.clock, ...[...model.live.values()].map((d) => d.timestamp ?? 0)) + 10;
  return model.clock;
}

/** The draft object sent for `d` (POST /drafts' element, PATCH /drafts/{id}'s `draft`). */
export const draftParam = (d: Omit<DraftRecord, 'id'>) => ({
  type: d.type,
  to: d.to,
  topic: d.topic,
  content: d.content,
  ...(d.timestamp !== undefined ? { timestamp: d.timestamp } : {}),
});
