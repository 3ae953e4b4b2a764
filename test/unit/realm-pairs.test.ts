// The covering walk's pieces (suites/explore/realm/pairs.ts): the tally of ordered pairs and the choice of the next
// kind, which together reach every pair a resource's states allow.
import { describe, expect, it } from 'vitest';
import { nextKind, PairTally, seeded } from '../../suites/explore/realm/pairs.ts';

describe('PairTally', () => {
  it('counts consecutive steps as pairs, not across a break', () => {
    const tally = new PairTally(['a', 'b']);
    for (const k of ['a', 'a', 'b']) tally.step(k);
    tally.break();
    tally.step('a');
    expect(tally.has('a', 'a')).toBe(true);
    expect(tally.has('a', 'b')).toBe(true);
    expect(tally.has('b', 'a')).toBe(false);
    expect(tally.complete).toBe(false);
    expect(tally.summary()).toBe('2 of 4 ordered pairs of 2 kinds covered; left out: 2 (not reached: b → a, b → b)');
  });

  it('names why the pairs of a kind left out are missing', () => {
    const tally = new PairTally(['a', 'b']);
    tally.leaveOut('b', 'the target refuses b');
    for (const k of ['a', 'a']) tally.step(k);
    expect(tally.missing()).toEqual([
      { pair: 'a → b', why: 'the target refuses b' },
      { pair: 'b → a', why: 'the target refuses b' },
      { pair: 'b → b', why: 'the target refuses b' },
    ]);
  });
});

describe('nextKind', () => {
  it('takes a new pair after the previous step where one can run', () => {
    const tally = new PairTally(['a', 'b', 'c']);
    tally.step('a');
    tally.step('b');
    expect(nextKind(tally, ['a', 'b', 'c'], () => 0)).toBe('a');
    tally.step('a');
    expect(nextKind(tally, ['b', 'c'], () => 0)).toBe('c');
  });

  it('covers every pair of kinds that can always run, in at most k² + 1 steps', () => {
    const kinds = ['a', 'b', 'c', 'd'];
    const tally = new PairTally(kinds);
    const random = seeded(7);
    let steps = 0;
    while (!tally.complete && steps < 4 * kinds.length ** 2) {
      tally.step(nextKind(tally, kinds, random)!);
      steps += 1;
    }
    expect(tally.complete).toBe(true);
    expect(steps).toBeLessThanOrEqual(2 * kinds.length ** 2);
  });

  it('reaches pairs a state allows only now and then (a deletion needs something to delete)', () => {
    // A toy resource: "create" adds one, "delete" needs one; every pair is reachable, though not from every state.
    const kinds = ['create', 'delete', 'list'];
    const tally = new PairTally(kinds);
    const random = seeded(1);
    let held = 0;
    for (let n = 0; n < 4 * kinds.length ** 2 && !tally.complete; n++) {
      const kind = nextKind(tally, held > 0 ? kinds : ['create', 'list'], random)!;
      held += kind === 'create' ? 1 : kind === 'delete' ? -1 : 0;
      tally.step(kind);
    }
    expect(tally.missing()).toEqual([]);
  });

  it('draws alike from one seed', () => {
    const a = seeded(42);
    const b = seeded(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
