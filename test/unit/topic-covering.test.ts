// The topic sequences' covering walk (suites/explore/topics/covering.ts): each command's kind, and a walk that takes
// new pairs, the kind with the most pairs left into it first, and only commands that can run on the model.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../helpers/checks/seeds.ts';
import { MoveCommand } from '../../suites/explore/topics/commands/move.ts';
import { ResolveCommand } from '../../suites/explore/topics/commands/resolve.ts';
import { SendCommand } from '../../suites/explore/topics/commands/send.ts';
import { coveringCommands, kindOf, PairTally, topicKinds } from '../../suites/explore/topics/covering.ts';
import { newModel, place } from '../../suites/explore/topics/model.ts';

/** Covers the pair from → to (as two steps of a sequence of their own). */
function cover(tally: PairTally, from: string, to: string): void {
  tally.break();
  tally.step(from);
  tally.step(to);
}

describe('topic kinds', () => {
  it('name each command by its transition and the modifiers where servers go wrong', () => {
    expect(kindOf(new SendCommand(0))).toBe('send');
    expect(kindOf(new MoveCommand(0, 1, 'change_later'))).toBe('move:change_later');
    expect(kindOf(new MoveCommand(0, 1, 'change_all', true))).toBe('move:across');
    expect(kindOf(new MoveCommand(0, 1, 'change_all', true, 0, true))).toBe('move:across-keep');
    expect(kindOf(new ResolveCommand(0, false))).toBe('unresolve');
    expect(new Set(topicKinds()).size).toBe(12);
  });
});

describe('coveringCommands', () => {
  it('starts with a send on an empty model: nothing else can run', () => {
    const tally = new PairTally(topicKinds());
    const [first] = coveringCommands(newModel(), tally, seededRandom(1), { steps: 1, stall: 10 });
    expect(kindOf(first!)).toBe('send');
  });

  it('takes a new pair after the previous step, the kind with most pairs left into it first', () => {
    const model = newModel();
    place(model, 1, { channel: 0, topic: '✔ t0' });
    const tally = new PairTally(topicKinds());
    // Every kind's pairs into it covered but the unresolve's: it is the one taken while it can run.
    for (const from of tally.kinds) for (const to of tally.kinds) if (to !== 'unresolve') cover(tally, from, to);
    tally.break();
    tally.step('send');
    const [next] = coveringCommands(model, tally, seededRandom(2), { steps: 1, stall: 10 });
    expect(kindOf(next!)).toBe('unresolve');
  });

  it('stops once every pair is covered, and after `stall` steps without a new one', () => {
    const tally = new PairTally(topicKinds());
    for (const from of tally.kinds) for (const to of tally.kinds) cover(tally, from, to);
    expect([...coveringCommands(newModel(), tally, seededRandom(3), { steps: 50, stall: 5 })]).toEqual([]);
    const stalled = new PairTally(['send', 'narrow']);
    stalled.step('send');
    stalled.step('send');
    // Only sends can run on an empty model, and send → send is covered: nothing new, so the walk gives up.
    const taken = [...coveringCommands(newModel(), stalled, seededRandom(4), { steps: 50, stall: 5 })];
    expect(taken.length).toBeLessThanOrEqual(5);
  });
});
