/** The fixed start of the topic sequences: the steps every sequence opens with, and the rest the fixed one runs. */
import { BringOldCommand } from './commands/bring-old.ts';
import { MarkReadCommand } from './commands/mark-read.ts';
import { MoveCommand } from './commands/move.ts';
import { NarrowCommand } from './commands/narrow.ts';
import { SendCommand } from './commands/send.ts';
import { type TopicCommand as Command, EMPTY_NAME } from './model.ts';

/**
 * The fixed start meets, once on every profile, each place where servers go wrong between operations: a message
 * moved into a topic and one moved to the other channel under the same name, then narrows of both, a change_later
 * from the moved-in message (back to the topic it was sent to), a change_all of a topic holding a message moved
 * in. A generated sequence starts with its first six steps, the state where those go wrong, and its steps go on
 * from there; the end looks at whatever state they built (see EpilogueCommand).
 */
export const opening = (): Command[] => [
  new SendCommand(0), // #0, #1 to t0; #2, #3 to t1
  new SendCommand(0),
  new SendCommand(1),
  new SendCommand(1),
  new MoveCommand(0, 0, 'change_one'), // #0 into t1
  new MoveCommand(2, 1, 'change_one', true), // #2 to t1 of the other channel
];

/**
 * The fixed start after its opening six steps: narrows of the two moved messages, a change_later from the moved-in
 * message (back to the topic it was sent to), a change_all of a topic holding a message moved in, the empty topic
 * sent to and marked read and, under a time limit, a message past it brought in and a held mover's move of it.
 */
export function restOfFixedStart(held: number): Command[] {
  return [
    new NarrowCommand(0), // #0: in t1 now, no longer in t0
    new NarrowCommand(2), // #2: in the other channel now
    new MoveCommand(0, 0, 'change_later', false, 1), // from #0, moved in: #0 and #3 (not t0's #1) back to t0; a member
    new MoveCommand(1, 0, 'change_all', false, 2), // from #1: t0 whole, #3 moved in, to t1; the moderator
    new SendCommand(EMPTY_NAME, 0, 0), // #4, #5: the empty topic, as "" and as its display name
    new SendCommand(EMPTY_NAME, 0, 1),
    new MarkReadCommand(0, EMPTY_NAME), // the empty topic marked read, named by its display name
    // Under a time limit: a message past it brought into t1 (#0, #1 and #3 there), then a held mover's change_all
    // from #0, which must be refused; change_later from the first message it may move must take the rest.
    ...(held < 0 ? [] : [new BringOldCommand(1), new MoveCommand(1, 0, 'change_all', false, held)]),
  ];
}
