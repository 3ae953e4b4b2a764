/**
 * The sensitivity catalogue: named, deliberate departures from one contract clause each.
 * The reference server can be started with any set of them; the project's own tests then check that the
 * conformance suite fails, and fails on the clause named here.
 *
 * Each area's faults sit beside the routes they break, in `<module>.faults.ts` (`routes/drafts.faults.ts` beside
 * `routes/drafts.ts`; the HTTP conventions beside `http/`); the switch of each fault sits in the code it breaks
 * (search for its id). This module assembles them into the one catalogue and holds the set a server runs with.
 */

import { ANSWER_FAULTS } from './http/answers.faults.ts';
import { HTTP_AUTH_FAULTS } from './http/auth.faults.ts';
import { BAD_INPUT_FAULTS } from './http/bad-input.faults.ts';
import { ENVELOPE_FAULTS } from './http/envelope.faults.ts';
import { AUTH_FAULTS } from './routes/auth.faults.ts';
import { CHANNELS_FAULTS } from './routes/channels.faults.ts';
import { DRAFTS_FAULTS } from './routes/drafts.faults.ts';
import { EDIT_FAULTS } from './routes/edit.faults.ts';
import { GROUPS_FAULTS } from './routes/groups.faults.ts';
import { MESSAGES_FAULTS } from './routes/messages.faults.ts';
import { MUTE_FAULTS } from './routes/mute.faults.ts';
import { PROFILE_FIELDS_FAULTS } from './routes/profile-fields.faults.ts';
import { PUSH_FAULTS } from './routes/push.faults.ts';
import { REALM_FAULTS } from './routes/realm.faults.ts';
import { REGISTER_FAULTS } from './routes/register.faults.ts';
import { SCHEDULED_FAULTS } from './routes/scheduled.faults.ts';
import { STREAMS_FAULTS } from './routes/streams.faults.ts';
import { TYPING_FAULTS } from './routes/typing.faults.ts';
import { USERS_FAULTS } from './routes/users.faults.ts';
import { Switches } from './switches.ts';

export interface FaultInfo {
  /** The id of the one clause the fault breaks. */
  readonly clause: string;
  /** What the server does wrong when the fault is active. */
  readonly description: string;
  /**
   * Clauses over every operation (RESP-*, every response judged; BAD-*, every operation probed with bad input) that
   * the same departure breaks too: a real server's departure seen by a clause's own check and by the rule over all.
   */
  readonly alsoBreaks?: readonly string[];
  /** The operation a fault of a per-operation family changes (its switch finds the fault by it). */
  readonly operation?: string;
}

/** One area's faults, by id (`as const satisfies FaultCatalogue`, so that the ids stay literal). */
export type FaultCatalogue = Readonly<Record<string, FaultInfo>>;

/** Every area's faults, keyed by the module they sit beside (`reference/<key>.faults.ts`), in catalogue order. */
export const FAULT_AREAS = {
  'routes/drafts': DRAFTS_FAULTS,
  'http/auth': HTTP_AUTH_FAULTS,
  'routes/auth': AUTH_FAULTS,
  'routes/register': REGISTER_FAULTS,
  'http/envelope': ENVELOPE_FAULTS,
  'http/answers': ANSWER_FAULTS,
  'http/bad-input': BAD_INPUT_FAULTS,
  'routes/users': USERS_FAULTS,
  'routes/mute': MUTE_FAULTS,
  'routes/profile-fields': PROFILE_FIELDS_FAULTS,
  'routes/groups': GROUPS_FAULTS,
  'routes/push': PUSH_FAULTS,
  'routes/messages': MESSAGES_FAULTS,
  'routes/scheduled': SCHEDULED_FAULTS,
  'routes/typing': TYPING_FAULTS,
  'routes/channels': CHANNELS_FAULTS,
  'routes/streams': STREAMS_FAULTS,
  'routes/edit': EDIT_FAULTS,
  'routes/realm': REALM_FAULTS,
} as const satisfies Readonly<Record<string, FaultCatalogue>>;

type Areas = typeof FAULT_AREAS;
/** `A | B | …` as `A & B & …` (a union in a parameter's position is inferred as an intersection). */
type Intersection<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;
/** All areas' faults in one object type. */
type Catalogue = Intersection<Areas[keyof Areas]>;

/** The one catalogue: every area's faults, area by area. A fault id in two areas stops the server from loading. */
export const FAULTS: Catalogue = assemble(FAULT_AREAS);

export type FaultId = keyof Catalogue;

export const FAULT_IDS: readonly FaultId[] = Object.keys(FAULTS) as FaultId[];

export function isFaultId(name: string): name is FaultId {
  return Object.hasOwn(FAULTS, name);
}

function assemble(areas: Areas): Catalogue {
  const all: Record<string, FaultInfo> = {};
  for (const [area, faults] of Object.entries(areas)) {
    for (const [id, info] of Object.entries(faults)) {
      if (Object.hasOwn(all, id)) throw new Error(`Fault ${id} is catalogued twice (again in ${area}.faults.ts)`);
      all[id] = info;
    }
  }
  return all as Catalogue;
}

/** The set of faults a server instance runs with. The core asks `faults.has(id)` where a fault applies. */
export class Faults extends Switches<FaultId> {
  static readonly none: Faults = new Faults([]);

  /** Throws an Error naming the known faults when a name is unknown. */
  constructor(names: readonly string[] = []) {
    super(names, FAULT_IDS, 'fault');
  }
}
