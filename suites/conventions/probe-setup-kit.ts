/**
 * What an operation's probe set-up is made of, and the pieces the areas' set-ups share (suites/<area>/probe-setup.ts,
 * gathered in probe-setups.ts). Each declares who calls the operation, its valid requests as a pure function of the
 * run's objects (the unit tests call it with made-up ones), and how a run makes those objects.
 */
import type { BaseRequest } from '../../contract/index.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import type { Role } from '../../helpers/roles.ts';

/** The run's objects a valid request names: each set-up makes (or finds) those its requests need. */
export interface RunObjects {
  /** A channel of the run's. */
  readonly channelId: number;
  /** The user the request names: a recipient, the user read, the user muted. */
  readonly userId: number;
  /** A message of the caller's own. */
  readonly messageId: number;
  /** Text unique to the run: a topic, a content, a name. */
  readonly marker: string;
  readonly queueId: string;
  /** An APNs device token of the run's. */
  readonly token: string;
  readonly groupId: number;
  readonly login: { readonly email: string; readonly password: string };
  /** A narrow term the target takes. */
  readonly narrowTerm: { readonly operator: string; readonly operand: unknown };
  /** The target's feature level (null: unknown, taken as the latest). */
  readonly featureLevel: number | null;
  /** A delivery time a month from now (Unix seconds). */
  readonly later: number;
}

/** The objects one set-up's requests are built on. */
export type On<K extends keyof RunObjects> = Pick<RunObjects, K>;

/** A valid request sent once with good credentials before the requests that must be refused. */
export interface Control {
  readonly request: BaseRequest;
  /** What else counts as its acceptance than a success, and how to say it. */
  readonly accepts?: { readonly test: (res: ApiResponse) => boolean; readonly what: string };
  /** What its acceptance calls for: tracking what it created, or undoing it so that the base stays valid. */
  readonly after?: (res: ApiResponse) => void | Promise<void>;
}

export interface ProbeSetup {
  readonly bases: readonly BaseRequest[];
  /** The control of each base, in the same order (see probe-setups.ts for when it is a twin). */
  readonly controls: readonly Control[];
  /** Tracks what a probe the target accepted (a departure already) created, so that it is undone. */
  readonly accepted?: (res: ApiResponse) => void;
  /** After the probes: what a refused probe left changed (empty: nothing). */
  readonly readBack?: (acceptedAny: boolean) => Promise<string[]>;
  /**
   * Once the controls and probes are sent (and read back): ends the turns on shared state the set-up took, which
   * would otherwise last until the check ends (an authentication check goes on to every other operation).
   */
  readonly done?: () => void;
}

export interface Callers {
  /** Who sends the controls and probes (the entry's caller) and owns their objects. */
  readonly caller: Role;
  /** Who sends the controls and probes of administrators' operations and parameters. */
  readonly administrator: () => Role;
}

/** What the caller sends of the set-up. */
export interface SetupUse {
  /**
   * Only the first base and its control (the authentication checks): the set-up takes no turn on shared state that
   * only the other bases need, so that the check does not wait for other checks' long turns on it.
   */
  readonly firstBaseOnly?: boolean;
}

/** Who sends an operation's controls and probes (but an administrators' operation's: an administrator). */
export type CallerRule = (ctx: CheckContext, use: SetupUse) => Role;

/**
 * Operations any account may call alike (they touch no channel, or only the caller's own objects): their probes may
 * go to the guest and the bot too, whose own clauses leave them budget to spare. The administrators do much of the
 * realm's set-up and their own clauses: the probes go elsewhere.
 */
export const anyone: CallerRule = (ctx) => ctx.someone('anyone', { besides: ['admin', 'owner'] });
/** A person, not a guest: the run's channels are public ones the guest is not subscribed to. */
export const aPerson: CallerRule = (ctx) => ctx.someone('person', { besides: ['admin', 'owner'] });

/** What a set-up made: the objects of the bases, of the controls' twin where a control spends them, and the rest. */
export interface Prepared<O> extends Omit<ProbeSetup, 'bases' | 'controls'> {
  readonly on: O;
  /** The objects the controls are built on where a control's success spends the base's (else the bases'). */
  readonly twin?: O;
  readonly accepts?: Control['accepts'];
  /** After each accepted control (its `after`). */
  readonly afterControl?: Control['after'];
}

/** An operation's entry in the table of set-ups (probe-setups.ts). */
export interface ProbeSetupEntry {
  readonly caller: CallerRule;
  /**
   * The kinds of shared state (sharesState) the set-up takes a turn on: the checks that call the operation declare
   * them, and call it last where they call every operation, so that the turn is short.
   */
  readonly shares?: readonly string[];
  /** The valid requests on a run's objects: the bases of the set-up, and the unit tests' valid requests. */
  readonly valid: (on: RunObjects, use?: SetupUse) => readonly BaseRequest[];
  readonly setUp: (ctx: CheckContext, who: Callers, use?: SetupUse) => Promise<ProbeSetup>;
}

/** An entry whose bases and controls are its valid requests on the objects `prepare` made. */
export function probeSetup<K extends keyof RunObjects>(spec: {
  readonly caller: CallerRule;
  readonly shares?: readonly string[];
  readonly valid: (on: On<K>, use: SetupUse) => readonly BaseRequest[];
  readonly prepare: (ctx: CheckContext, who: Callers, use: SetupUse) => Promise<Prepared<On<K>>>;
}): ProbeSetupEntry {
  const { caller, shares, valid, prepare } = spec;
  return {
    caller,
    ...(shares ? { shares } : {}),
    valid: (on, use = {}) => valid(on, use),
    setUp: async (ctx, who, use = {}) => {
      const { on, twin, accepts, afterControl, ...rest } = await prepare(ctx, who, use);
      const bases = valid(on, use);
      const controls = (twin ? valid(twin, use) : bases).map((request) => ({
        request,
        ...(accepts ? { accepts } : {}),
        ...(afterControl ? { after: afterControl } : {}),
      }));
      return { ...rest, bases, controls };
    },
  };
}

export const atLeast = (ctx: CheckContext, level: number) =>
  ctx.world.featureLevel === null || ctx.world.featureLevel >= level;

export const usable = (ctx: CheckContext, role: Role) => {
  const account = ctx.world.accounts[role];
  return account !== undefined && !account.refused;
};

/** Another configured account than `role`, for recipients (the caller itself where it is alone). */
export function otherUserId(ctx: CheckContext, role: Role): number {
  const others = Object.entries(ctx.world.accounts).filter(([r, a]) => r !== role && a && !a.refused);
  return (others[0]?.[1] ?? ctx.account(role)).userId;
}

/** What accepted requests created, by the id field of their answers: tracked to be undone, and its ids kept. */
export function createdBy(ctx: CheckContext, role: Role, kind: Parameters<CheckContext['track']>[1], field: string) {
  const ids = new Set<number>();
  const accept = (res: ApiResponse) => {
    const found = res.body?.[field];
    for (const id of Array.isArray(found) ? found : [found]) {
      if (!isInt(id)) continue;
      ids.add(id);
      ctx.track(role, kind, id, `${kind} ${id}`);
    }
  };
  return { ids, accept };
}

/** Objects whose text carries the marker, besides those an accepted control or probe created. */
export const leftBehind = (what: string, found: readonly { id?: unknown }[]) =>
  found.map((o) => `a refused probe left ${what} ${String(o.id)} behind`);

/** An event queue of the role's, deleted when the check ends. */
export async function registerQueue(ctx: CheckContext, role: Role, params: Params = {}): Promise<any> {
  const queue = await ctx.as(role).mustSetup('POST', '/register', params);
  ctx.track(role, 'queue', String(queue.queue_id), 'event queue');
  return queue;
}

/** An operation without parameters: its one request is empty. */
export const withoutParams = (caller: CallerRule): ProbeSetupEntry =>
  probeSetup({ caller, prepare: async () => ({ on: {} }), valid: () => [{ params: {} }] });
