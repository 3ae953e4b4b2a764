/**
 * The model of one user's APNs device tokens (contract: operations 17, 18 and 19): each of a small pool of the
 * sequence's own tokens is registered or not. A token is registered from its addition to its removal; removing one
 * leaves the others; adding again a token removed registers it again.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import type { Role } from '../../../../helpers/roles.ts';

/** Tokens a sequence uses: two, so that a step on one leaves the other to be judged, and the frame costs two reads. */
export const POOL = 2;

export interface PushModel {
  /** The sequence's tokens, fresh: none registered before it (its order is the order of additions). */
  readonly pool: readonly string[];
  /** The pool's tokens registered now. */
  readonly registered: Set<string>;
  /** The pool's tokens removed at least once (re-adding one of them is where servers go wrong). */
  readonly removed: Set<string>;
}

export interface PushReal {
  readonly ctx: CheckContext;
  /** Whose devices: one human for the whole sequence (a token is known to its own account only). */
  readonly owner: Role;
}

/** A token of the pool not registered now: one removed before where there is one (re-adding it), else a new one. */
export function unregistered(model: Readonly<PushModel>): string | undefined {
  const free = model.pool.filter((t) => !model.registered.has(t));
  return free.find((t) => model.removed.has(t)) ?? free[0];
}

/** The pool's registered token added longest ago (the pool's order is the order of additions). */
export const firstRegistered = (model: Readonly<PushModel>) => model.pool.find((t) => model.registered.has(t));
