/**
 * Who moves or resolves (the mover drawn for a step), and how an answer to a mover the move time limit holds is
 * judged: shared by the moves and the resolves.
 */
import { ADMINISTRATORS, MEMBERS } from '../../../helpers/checks/actors.ts';
import { expectSuccess, fail } from '../../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../../helpers/http/client.ts';
import type { Role } from '../../../helpers/roles.ts';
import { expectPlaces } from './judging.ts';
import { ages, type Place, place, type TimeLimit, type TopicModel, type TopicReal } from './model.ts';

/**
 * The mover of draw `by`: where it is the administrator, whichever administrator has budget then (real.admin); where
 * it is a member, whichever member (real.member).
 */
export function moverOf(real: TopicReal, by: number): Role {
  const mover = real.movers[by % real.movers.length]!;
  if ((ADMINISTRATORS as readonly Role[]).includes(mover)) return real.admin();
  return (MEMBERS as readonly Role[]).includes(mover) ? real.member() : mover;
}

/** The time limit `mover` is held to, if any. */
export const limitOn = (real: TopicReal, mover: Role): TimeLimit | null =>
  real.timeLimit?.holds.has(mover) ? real.timeLimit : null;

/**
 * Judges the answer to a move by a mover the time limit holds, and follows it: a move that takes a message surely
 * past the limit must be refused; one that may must be answered either way; any other must succeed. Where it
 * succeeded `moved` are in `to`, else nothing moved; every message of the topic is read back. Between channels the
 * limit is not the sequences' (see EDIT_SETTINGS in setup.ts): either answer is followed. True where
 * the move succeeded.
 */
export async function limited(
  model: TopicModel,
  real: TopicReal,
  limit: TimeLimit,
  a: {
    res: ApiResponse;
    asked: number;
    answered: number;
    moved: number[];
    inTopic: number[];
    to: Place;
    step: string;
    /** Whether a move surely past the limit must be refused (not between channels, nor a resolve: see above). */
    binds: boolean;
    /**
     * Whether the limit in force is the one the sequences set (within a channel); between channels it is the target's
     * or another check's, unknown: either answer is followed.
     */
    known: boolean;
  },
): Promise<boolean> {
  const { tooOld, unsure } = ages(model, limit, a.moved, a);
  const mustRefuse = a.binds ? tooOld : [];
  const mayRefuse = !a.known || tooOld.length + unsure.length > 0;
  if (a.res.body?.result === 'success') {
    if (mustRefuse.length)
      fail(
        a.res,
        `after ${a.step}: wanted the move refused, moving nothing, as the mover is held to the time limit of ${limit.seconds} s: it takes message(s) ${mustRefuse.join(', ')}, older than the limit and any grace (older than a message the target had already refused to move for its age; a move into a topic does not make a message younger)`,
      );
    for (const id of a.moved) place(model, id, a.to);
    await expectPlaces(model, real, a.inTopic, a.step);
    return true;
  }
  if (!mayRefuse) expectSuccess(a.res, `${a.step} (every message it takes was sent within the time limit)`);
  await expectPlaces(model, real, a.inTopic, `${a.step}, refused for the time limit`);
  return false;
}
