/**
 * Pair coverage for the topic sequences: each command's kind (its transition with the modifiers where servers go
 * wrong: a move's propagate mode, across channels, resolving or unresolving), the tally of ordered pairs a run's
 * sequences took, and a walk that picks each next command on the model as it is toward a pair not yet covered
 * (helpers/checks/pairs.ts, nextKind), its parameters drawn from the check's seed.
 */
import { coveringWalk, PairTally } from '../../../helpers/checks/pairs.ts';
import { BringOldCommand } from './commands/bring-old.ts';
import { DeleteTopicCommand } from './commands/delete-topic.ts';
import { EditContentCommand } from './commands/edit-content.ts';
import { MarkReadCommand } from './commands/mark-read.ts';
import { MODES, MoveCommand } from './commands/move.ts';
import { NarrowCommand } from './commands/narrow.ts';
import { ResolveCommand } from './commands/resolve.ts';
import { SendCommand } from './commands/send.ts';
import { type TopicCommand as Command, EMPTY_NAME, type TopicModel } from './model.ts';

/**
 * The kinds whose ordered pairs a run covers. Bringing an old message in is a move by change_one (its kind), and no
 * walk step: each takes one of the few old messages the fixed sequence and the random ones need for the limit.
 */
export function topicKinds(): string[] {
  return [
    'send',
    ...MODES.map((m) => `move:${m}`),
    'move:across',
    'move:across-keep',
    'resolve',
    'unresolve',
    'delete',
    'narrow',
    'read',
    'content',
  ];
}

/** The kind of a command (undefined for the epilogue, which ends a sequence). */
export function kindOf(command: Command): string | undefined {
  if (command instanceof SendCommand) return 'send';
  if (command instanceof MoveCommand)
    return command.across ? (command.keep ? 'move:across-keep' : 'move:across') : `move:${command.mode}`;
  if (command instanceof ResolveCommand) return command.resolve ? 'resolve' : 'unresolve';
  if (command instanceof DeleteTopicCommand) return 'delete';
  if (command instanceof NarrowCommand) return 'narrow';
  if (command instanceof MarkReadCommand) return 'read';
  if (command instanceof EditContentCommand) return 'content';
  if (command instanceof BringOldCommand) return 'move:change_one';
  return undefined;
}

/** A command of `kind`, its parameters drawn by `random` as the generated sequences draw them (arbitraries.ts). */
function commandOf(kind: string, random: () => number): Command {
  const int = (n: number) => Math.floor(random() * n);
  const name = [0, 0, 1, 1, EMPTY_NAME][int(5)]!;
  const pick = int(4);
  const by = int(3);
  if (kind === 'send') return new SendCommand(name, int(2), int(3));
  if (kind === 'move:across' || kind === 'move:across-keep')
    return new MoveCommand(pick, name, MODES[int(MODES.length)]!, true, by, kind === 'move:across-keep');
  if (kind.startsWith('move:')) return new MoveCommand(pick, name, kind.slice(5) as (typeof MODES)[number], false, by);
  if (kind === 'resolve' || kind === 'unresolve') return new ResolveCommand(pick, kind === 'resolve', int(4), by);
  if (kind === 'delete') return new DeleteTopicCommand(pick);
  if (kind === 'narrow') return new NarrowCommand(pick);
  if (kind === 'read') return new MarkReadCommand(pick);
  return new EditContentCommand(pick);
}

/** The covering walk (coveringWalk), each kind's command drawn from `random` and run only where it can on the model. */
export function* coveringCommands(
  model: Readonly<TopicModel>,
  tally: PairTally,
  random: () => number,
  bounds: { steps: number; stall: number },
): Generator<Command> {
  yield* coveringWalk(tally, random, bounds, (kind) => {
    const command = commandOf(kind, random);
    return command.check(model) ? command : undefined;
  });
}

export { PairTally };
