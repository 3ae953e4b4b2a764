/** What the topic sequences generate: how many sequences and how long per profile, and the commands they draw from. */
import fc from 'fast-check';
import type { Profile } from '../../../helpers/config/schema.ts';
import { BringOldCommand } from './commands/bring-old.ts';
import { DeleteTopicCommand } from './commands/delete-topic.ts';
import { EditContentCommand } from './commands/edit-content.ts';
import { MarkReadCommand } from './commands/mark-read.ts';
import { MODES, MoveCommand } from './commands/move.ts';
import { NarrowCommand } from './commands/narrow.ts';
import { ResolveCommand } from './commands/resolve.ts';
import { SendCommand } from './commands/send.ts';
import { EMPTY_NAME } from './model.ts';

/**
 * Random sequences and their length per profile, after the fixed sequence every profile runs once (see FIXED) and
 * the covering walk (walk.ts): on every pull request the fixed one alone, to stay near one window of a per-user
 * rate limit; one on the full profile, whose walk has taken most of its steps already; long ones at night.
 */
export const SIZE: Record<Profile, { numRuns: number; maxCommands: number }> = {
  quick: { numRuns: 0, maxCommands: 0 },
  full: { numRuns: 1, maxCommands: 12 },
  nightly: { numRuns: 25, maxCommands: 24 },
};

export function commands(replayPath: string | undefined) {
  // Few names, so that moves meet messages already there; the empty topic less often than the sequence's own two.
  const name = fc.constantFrom(0, 0, 1, 1, EMPTY_NAME);
  const spelling = fc.nat({ max: 2 });
  const pick = fc.nat({ max: 3 });
  const channel = fc.nat({ max: 1 });
  // Within the message's channel two times in three, to the other channel the third.
  const across = fc.constantFrom(false, false, true);
  // Which of the movers (the administrator, a member, the moderator: see moversOf) moves or resolves.
  const by = fc.nat({ max: 2 });
  // Across, one move in two names the channel alone: the topic (resolved or not) goes with it as it is.
  const move = fc
    .tuple(pick, name, fc.constantFrom(...MODES), across, by, fc.boolean())
    .map(([p, n, m, a, b, keep]) => new MoveCommand(p, n, m, a, b, a && keep));
  return (maxCommands: number) =>
    fc.commands(
      [
        // Sends weighted double: sequences then hold enough messages for the moves to split and join topics.
        fc.tuple(name, channel, spelling).map(([n, c, s]) => new SendCommand(n, c, s)),
        fc.tuple(name, channel, spelling).map(([n, c, s]) => new SendCommand(n, c, s)),
        // Moves weighted treble: what they leave behind (a topic holding messages moved in, resolved, split) is where
        // servers go wrong.
        move,
        move,
        move,
        fc.tuple(pick, fc.boolean(), pick, by).map(([p, resolve, at, b]) => new ResolveCommand(p, resolve, at, b)),
        pick.map((p) => new DeleteTopicCommand(p)),
        pick.map((p) => new NarrowCommand(p)),
        pick.map((p) => new MarkReadCommand(p)),
        pick.map((p) => new EditContentCommand(p)),
        // A message past the move time limit brought into a topic (where the sequences run under one).
        fc.tuple(name, channel).map(([n, c]) => new BringOldCommand(n, c)),
      ],
      // Long from the first run: fast-check's usual small first cases would spend a short profile on near-empty ones.
      { maxCommands, size: 'max', ...(replayPath !== undefined ? { replayPath } : {}) },
    );
}
