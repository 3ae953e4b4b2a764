/**
 * The model of muting (contract: the muting rows of States and transitions, operation 15): which of a pool of
 * users the caller has muted. Commands (one file each in commands/) predict each outcome from it and compare.
 *
 * The pool holds the configured accounts and the bot that the caller had not muted before, the caller itself
 * and a user ID that does not exist; accounts the caller had already muted are left out, so that every sequence
 * starts from and returns to the caller's original mute list. Each target keeps its role, so that `send-from(u)`
 * can send as the target and look for the message arriving read in the caller's event queue.
 */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import type { Queue } from '../../../helpers/checks/events.ts';
import type { Role } from '../../../helpers/roles.ts';

export interface Target {
  /** For toString: a role name, "self" or "nobody". */
  readonly label: string;
  readonly userId: number;
  /** The configured role of the target, when it is one (absent for the user that does not exist). */
  readonly role?: Role;
  readonly self: boolean;
  readonly exists: boolean;
}

export interface MuteModel {
  /** The pool's users the caller has muted now (initially none: muted ones are not in the pool). */
  readonly muted: Set<number>;
}

export interface MuteReal {
  readonly ctx: CheckContext;
  readonly caller: Role;
  /** The pool's user IDs: listings are compared with the model on these only. */
  readonly poolIds: ReadonlySet<number>;
  /** The caller's queue of message events, where send-from(u) looks for its message arriving. */
  readonly queue: Queue;
}

/** Why the outcome of a command is predicted as it is (failure messages and toString). */
export type Prediction = { readonly ok: true } | { readonly ok: false; readonly why: string };

export function predictMute(model: MuteModel, target: Target): Prediction {
  if (target.self) return { ok: false, why: 'muting oneself' };
  if (!target.exists) return { ok: false, why: 'muting a user that does not exist' };
  if (model.muted.has(target.userId)) return { ok: false, why: 'muting a user already muted' };
  return { ok: true };
}

export function predictUnmute(model: MuteModel, target: Target): Prediction {
  return model.muted.has(target.userId) ? { ok: true } : { ok: false, why: 'unmuting a user who is not muted' };
}
