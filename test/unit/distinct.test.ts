import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctRuns, onceEach } from '../../helpers/checks/distinct.ts';

describe('properties over a few cases', () => {
  it('run as many distinct cases as uniform random draws would be expected to show, at least one, at most all', () => {
    expect(distinctRuns(30, 40)).toBe(21); // 30 draws of 40 cases show about 21
    expect(distinctRuns(8, 40)).toBe(7);
    expect(distinctRuns(300, 40)).toBe(40);
    expect(distinctRuns(1, 1)).toBe(1);
    expect(distinctRuns(5, 1000)).toBe(5); // a large space: hardly a repeat
  });

  it('judge each case once, skipping a repeat before the predicate does anything', async () => {
    const once = onceEach();
    const judged: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), async (n) => {
        once(String(n));
        judged.push(n);
      }),
      { seed: 7, numRuns: distinctRuns(100, 4) },
    );
    expect([...judged].sort()).toEqual([0, 1, 2, 3]);
  });
});
