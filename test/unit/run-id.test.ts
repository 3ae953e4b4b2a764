import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../helpers/checks/seeds.ts';
import { isStaleLeftover, newRunId, prefixOf, runStartOf } from '../../helpers/world/run-id.ts';

describe('run ids', () => {
  it('carry their start time', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = newRunId(now);
    expect(runStartOf(`${prefixOf(id)}channel-1`)).toBe(now);
    expect(runStartOf('general')).toBeUndefined();
    expect(runStartOf('x cf-abc-')).toBeUndefined();
  });

  it('let the sweep take only old leftovers of other runs', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const old = newRunId(now - 3 * 3600_000);
    const recent = newRunId(now - 60_000);
    const own = newRunId(now - 5 * 3600_000);
    expect(isStaleLeftover(`${prefixOf(old)}draft`, own, 120, now)).toBe(true);
    expect(isStaleLeftover(`${prefixOf(recent)}draft`, own, 120, now)).toBe(false);
    expect(isStaleLeftover(`${prefixOf(own)}draft`, own, 120, now)).toBe(false);
    expect(isStaleLeftover("someone else's draft", own, 120, now)).toBe(false);
  });
});

describe('seeds', () => {
  it('derive one stable seed per check from the run seed', () => {
    expect(deriveSeed(42, 'DRAFTS-CREATE-010')).toBe(deriveSeed(42, 'DRAFTS-CREATE-010'));
    expect(deriveSeed(42, 'DRAFTS-CREATE-010')).not.toBe(deriveSeed(43, 'DRAFTS-CREATE-010'));
    // Every run seed draws apart, the one-digit ones too (they once cancelled out against their own digit).
    const seeds = Array.from({ length: 20 }, (_, i) => deriveSeed(i, 'EXPLORE-001'));
    expect(new Set(seeds).size).toBe(20);
    expect(deriveSeed(42, 'A')).not.toBe(deriveSeed(42, 'B'));
  });
});
