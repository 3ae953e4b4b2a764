// Specificity: the whole suite against the reference with its conforming variants on (docs/variants.md), as a server
// that chooses otherwise than Zulip wherever the contract lets it. Every variant runs in at least one run: all the
// compatible ones at once; the other side of every pair that excludes each other, with a seeded random draw of the
// rest. No clause may fail or end in error, and only the clauses a SHOULD-level variant declares may warn.
import { describe, expect, it } from 'vitest';
import {
  ALL_COMPATIBLE,
  compatible,
  skippedBy,
  VARIANT_IDS,
  type VariantId,
  warnedBy,
} from '../../reference/variants.ts';
import { drawVariants } from '../support/variant-draw.ts';
import { type RunOutcome, runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

/** The draw's seed, printed in the test's name: fixed, so that CI is deterministic; VARIANT_SEED explores others. */
const DRAW_SEED = Number(process.env.VARIANT_SEED ?? 1);

const ALL_AT_ONCE = ALL_COMPATIBLE;
const LEFT_OUT = VARIANT_IDS.filter((id) => !ALL_AT_ONCE.includes(id));

/** Those left out, and each other variant with one chance in two (a small linear congruential generator). */
function draw(seed: number): VariantId[] {
  return drawVariants(seed, ALL_AT_ONCE, 0.5, LEFT_OUT);
}

/**
 * What a run with `variants` may not show: a failure, an error, a warning no variant declares, a skip neither by
 * design nor of something a variant does not offer.
 */
function unexpected(run: RunOutcome, variants: readonly VariantId[]): string[] {
  const mayWarn = warnedBy(variants);
  const maySkip = [...SKIPPED_BY_DESIGN, ...skippedBy(variants)];
  const allowed = (id: string) => mayWarn.includes(id) || (id.startsWith('RESP-') && mayWarn.includes('RESP-*'));
  return run
    .results!.clauses.filter((c) => {
      if (c.outcome === 'passed') return false;
      if (c.outcome === 'warned') return !allowed(c.id);
      return !(maySkip.includes(c.id) && c.outcome === 'skipped-unsupported');
    })
    .map((c) => `${c.id}: ${c.outcome} ${c.reason ?? ''}`.slice(0, 600));
}

async function runWith(variants: readonly VariantId[]): Promise<RunOutcome> {
  // The variants' 20 s of edit grace and slow answers keep the checks waiting, not the cores: more files at once.
  return runConformance({ env: { REFERENCE_VARIANTS: variants.join(','), CONCURRENCY: '6' }, timeoutMs: 240_000 });
}

describe('the suite on conforming variants of the reference', () => {
  it('puts every variant in a run', () => {
    expect(compatible(ALL_AT_ONCE)).toBe(true);
    expect(compatible(draw(DRAW_SEED))).toBe(true);
    expect(VARIANT_IDS.filter((id) => !ALL_AT_ONCE.includes(id) && !draw(DRAW_SEED).includes(id))).toEqual([]);
  });

  it.concurrent(`passes with all ${ALL_AT_ONCE.length} compatible variants at once`, async () => {
    const run = await runWith(ALL_AT_ONCE);
    expect(run.stderr).toBe('');
    expect(unexpected(run, ALL_AT_ONCE)).toEqual([]);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
  }, 300_000);

  it.concurrent(`passes with the variants left out and a random draw of the others (VARIANT_SEED=${DRAW_SEED})`, async () => {
    const variants = draw(DRAW_SEED);
    const run = await runWith(variants);
    expect(run.stderr).toBe('');
    expect(unexpected(run, variants), `variants: ${variants.join(',')}`).toEqual([]);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
  }, 300_000);
});
