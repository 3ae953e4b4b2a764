// Topics as a state machine — contract: the topic rows of States and transitions, "3. Edit a message" (moves with
// each propagate mode, within and between channels, resolving as a rename with the prefix), "5. Check messages
// against a narrow", "9. Delete a topic", "12. Mark messages in a topic as read". fast-check generates sequences of
// sends, moves (to another channel keeping the topic among them), resolves, unresolves, content edits, topic
// deletions, marks as read and narrow checks over a few fresh topics (the
// empty topic among them where the target takes it) of two channels of the run's own; the model says where every
// message must be after each step, and a failure shrinks to the shortest sequence that shows it. Servers break most
// often between operations (a topic deletion that follows a message's first topic, a propagation that leaves
// moved-in messages behind, a narrow that matches where a message was): no single-operation clause sees those.
//
// One exploration judges eight transitions, each its own clause (moves, resolving, narrows, deleting a topic, marking
// one read, the time limit, the oldest message's event, content edits): a departure fails the clause of the step that saw it, and the exploration runs again with that
// transition's departures no longer reported (the model follows the server past them), until no other clause fails.
// Each clause has then been judged over whole runs of sequences in which its own steps were always judged.
//
// This file holds the clauses and their judge; the model, one file per command, the set-up, the arbitraries, the fixed
// start and the exploring loop are under topics/.
import fc from 'fast-check';
import { CHECK_TIME_LIMIT_MS, checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { HarnessError, Unsupported } from '../../helpers/errors.ts';
import type { World } from '../../helpers/world/types.ts';
import { KINDS, type Kind } from './topics/judging.ts';
import { type Explored, explored, newTally, paramsOf, sequences } from './topics/sequences.ts';
import { realsOf } from './topics/setup.ts';

const { group, check } = checksIn(import.meta.url);

/** The clause of each transition. */
const CLAUSE_OF = {
  move: 'EXPLORE-001',
  resolve: 'EXPLORE-002',
  narrow: 'EXPLORE-003',
  delete: 'EXPLORE-004',
  read: 'EXPLORE-005',
  limit: 'EXPLORE-006',
  oldest: 'EXPLORE-007',
  content: 'EXPLORE-014',
} as const satisfies Record<Kind, string>;

/** A departure outside the steps' judgements is the moves' (what every sequence does most). */
const clauseOf = (kind: Kind | undefined) => CLAUSE_OF[kind ?? 'move'];

/** The exploration of this run, started by whichever of its clauses' checks comes first. */
let current: { runId: string; outcome: Promise<Explored> } | undefined;

/** A transition's clause: judged by the run's exploration (whichever clause's check starts it), or a replay. */
function judge(kind: Kind) {
  return async (ctx: CheckContext) => {
    if (ctx.world.replay) {
      // A replay (`--only` this clause): the other transitions' departures end the sequence, as they did when this
      // failure was found (else it would have been theirs).
      const settled = new Set(KINDS.filter((k) => k !== kind));
      const reals = await realsOf(ctx);
      const tally = newTally();
      if (kind === 'narrow' && 'unavailable' in reals.base.narrows) throw reals.base.narrows.unavailable;
      await fc.assert(sequences(ctx, reals, settled, tally), paramsOf(ctx));
      return;
    }
    if (current?.runId !== ctx.world.runId) current = { runId: ctx.world.runId, outcome: explored(ctx, clauseOf) };
    const outcome = await current.outcome;
    if (outcome.broken) throw outcome.broken;
    const failure = outcome.failures.get(kind);
    if (failure) throw failure;
    if (kind === 'read' && outcome.flagsShown === false)
      throw new Unsupported("the target's read-back of a message carries no flags: whether it is read is not shown");
    if (kind === 'oldest' && outcome.eventsUnavailable !== undefined)
      throw new Unsupported(`a topic deletion's event could not be watched: ${outcome.eventsUnavailable}`);
    if (kind === 'oldest' && outcome.judged.oldest === 0)
      throw new Unsupported(
        "no topic deletion removed its channel's oldest message as GET /streams lists it (first_message_id)",
      );
    if (kind === 'limit' && outcome.noLimit !== undefined) throw outcome.noLimit;
    if (kind === 'narrow' && outcome.narrowsUnavailable !== undefined) throw outcome.narrowsUnavailable;
    const judged = outcome.judged[kind];
    // Every sequence that gets to its end judges each transition; none did if all ended at another's departure.
    if (judged === 0)
      throw new HarnessError(`no ${kind} step was judged: every sequence ended early, at a departure already reported`);
    ctx.note(`${judged} ${kind} steps judged; ${outcome.note}`);
  };
}

/** The exploring minutes on top of a check's usual two. */
const limit = (world: World) => CHECK_TIME_LIMIT_MS + world.options.exploreMinutes * 60_000;

group('topics (model-based sequences)', () => {
  sharesState('realm-edit-settings');

  check(
    'EXPLORE-001',
    'MUST after any sequence of sends, moves, resolves and topic deletions, move exactly the messages the propagate mode names (change_one the message, change_later it and the later ones, change_all the whole topic) from the topic as it is then, messages moved into it included, and leave every other message where it was',
    {
      section: '3. Edit a message (topic, propagate_mode); States and transitions (topic rows)',
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('move'),
  );
  check(
    'EXPLORE-002',
    'MUST after any sequence of sends, moves, resolves and topic deletions, resolve (or unresolve) a topic by renaming every message it holds then, messages moved into it included, to the name with (or without) the resolved prefix',
    {
      section: 'States and transitions (topic unresolved → resolved); 3. Edit a message',
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('resolve'),
  );
  check(
    'EXPLORE-003',
    'MUST after any sequence of sends, moves, resolves and topic deletions, match a message by a narrow of the topic it is in now, and by no narrow of a topic it has left',
    {
      section: '5. Check messages against a narrow; States and transitions (topic rows)',
      endpoint: 'GET /messages/matches_narrow',
      timeLimit: limit,
    },
    judge('narrow'),
  );
  check(
    'EXPLORE-004',
    'MUST after any sequence of sends, moves, resolves and topic deletions, delete with a topic exactly the messages it holds then, messages moved into it included, and none that were moved away',
    {
      section: 'States and transitions (topic with messages → deleted); 9. Delete a topic',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      timeLimit: limit,
    },
    judge('delete'),
  );
  check(
    'EXPLORE-005',
    'MUST after any sequence of sends, moves, resolves and topic deletions, mark as read for the caller the messages a topic holds then, messages moved into it included, and leave those that have left it as they were',
    {
      section: '12. Mark messages in a topic as read; States and transitions (topic rows)',
      endpoint: 'POST /mark_topic_as_read',
      timeLimit: limit,
    },
    judge('read'),
  );
  check(
    'EXPLORE-006',
    'MUST after any sequence of sends, moves, resolves and topic deletions, refuse, moving nothing, a move by a user other than an administrator or moderator that takes a message past the move time limit, reckoned from when the message was sent (messages moved into the topic included), and move the rest with change_later from first_message_id_allowed_to_move where it names one',
    {
      section:
        '3. Edit a message (time limits, MOVE_MESSAGES_TIME_LIMIT_EXCEEDED); States and transitions (topic rows)',
      since: 172,
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('limit'),
  );
  check(
    'EXPLORE-007',
    "MUST after any sequence of sends, moves, resolves and topic deletions, send a stream update event carrying the channel's new first_message_id when a topic deletion removes the channel's oldest message, whether it was sent to that topic or moved into it",
    {
      section: 'Events (stream, op update); 9. Delete a topic; States and transitions (topic with messages → deleted)',
      since: 256,
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      timeLimit: limit,
    },
    judge('oldest'),
  );
  check(
    'EXPLORE-014',
    'MUST after any sequence of sends, moves, resolves and topic deletions, leave a message whose content alone is edited where it is (the topic and channel it was moved to included), and every message of its topic with it',
    {
      section: '3. Edit a message (content); States and transitions (topic rows)',
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('content'),
  );
});
