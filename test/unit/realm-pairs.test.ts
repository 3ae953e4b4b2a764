// The covering walk's pieces (helpers/checks/pairs.ts): the tally of ordered pairs and the choice of the next
// kind, which together reach every pair a resource's states allow.
import { describe, expect, it } from 'vitest';
import { nextKind, PairTally, plan } from '../../helpers/checks/pairs.ts';
import { seededRandom } from '../../helpers/checks/seeds.ts';

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

  it('names why the pairs left out are missing', () => {
    const tally = new PairTally(['a', 'b']);
    tally.unreached = "beyond the quick profile's 4 steps";
    for (const k of ['a', 'a']) tally.step(k);
    expect(tally.missing()).toEqual(['a → b', 'b → a', 'b → b']);
    expect(tally.summary()).toBe(
      "1 of 4 ordered pairs of 2 kinds covered; left out: 3 (beyond the quick profile's 4 steps: a → b, b → a, b → b)",
    );
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
    const random = seededRandom(7);
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
    const random = seededRandom(1);
    let held = 0;
    for (let n = 0; n < 4 * kinds.length ** 2 && !tally.complete; n++) {
      const kind = nextKind(tally, held > 0 ? kinds : ['create', 'list'], random)!;
      held += kind === 'create' ? 1 : kind === 'delete' ? -1 : 0;
      tally.step(kind);
    }
    expect(tally.missing()).toEqual([]);
  });

  it('draws alike from one seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe('plan', () => {
  // A toy resource: a count from 0 to 2; "add" needs fewer than 2, "drop" needs one, "pair" needs exactly 2. Seven of
  // its nine pairs can happen: never "drop → pair" (at most 1 is left) nor "pair → add" (2 is the most).
  type Toy = { n: number };
  const steps: Record<string, { check: (m: Toy) => boolean; simulate: (m: Toy) => void }> = {
    add: { check: (m) => m.n < 2, simulate: (m) => void m.n++ },
    drop: { check: (m) => m.n > 0, simulate: (m) => void m.n-- },
    pair: { check: (m) => m.n === 2, simulate: () => {} },
  };
  const kinds = Object.keys(steps);
  const stepOf = (k: string) => steps[k]!;

  it('finds the shortest way to a pair not covered, through a state the model is not in yet', () => {
    const tally = new PairTally(kinds);
    for (const k of ['add', 'drop', 'add', 'drop', 'drop']) tally.step(k);
    // Now at 0 after a drop, with "drop → add" covered: "add → add" is the nearest pair left.
    expect(plan({ n: 0 }, kinds, stepOf, tally)).toEqual(['add', 'add']);
  });

  it('leaves the model it plans from untouched', () => {
    const model = { n: 1 };
    plan(model, kinds, stepOf, new PairTally(kinds));
    expect(model).toEqual({ n: 1 });
  });

  it('gives way to the draws where a step cannot be simulated', () => {
    const other = { check: () => true };
    expect(plan({ n: 0 }, ['add', 'other'], (k) => (k === 'add' ? steps.add! : other), new PairTally(kinds))).toBe(
      undefined,
    );
  });

  it('walks to every pair the states allow, and only those are left out', () => {
    const tally = new PairTally(kinds);
    const model = { n: 0 };
    for (let kind = plan(model, kinds, stepOf, tally)?.[0]; kind; kind = plan(model, kinds, stepOf, tally)?.[0]) {
      steps[kind]!.simulate(model);
      tally.step(kind);
    }
    expect(tally.missing()).toEqual(['drop → pair', 'pair → add']);
  });
});
