// The whole suite against the reference server's Zulip flavour (real Zulip's known departures and its choices where
// the contract allows two readings), judged with Zulip's expected-failures file, as a user pointing the suite at
// Zulip would run it: no false failure, no error, and every departure the file lists caught as a known failure.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, type FaultInfo } from '../../reference/faults.ts';
import { FLAVOURS } from '../../reference/flavours.ts';
import { failedOrErrored, type RunOutcome, runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

const FILE = 'fixtures/expected-failures/zulip.json';
const listed: { id: string; reason: string; link?: string; since?: number }[] = JSON.parse(
  readFileSync(FILE, 'utf8'),
).failures;

let run: RunOutcome;
beforeAll(async () => {
  // A whole quick run waits out Zulip's 20 s of edit grace: on two busy cores (npm test) it takes minutes.
  run = await runConformance({
    env: { REFERENCE_FLAVOUR: 'zulip' },
    args: ['--expected-failures', FILE],
    timeoutMs: 300_000,
  });
}, 320_000);

describe("a run against the reference's Zulip flavour, with Zulip's expected failures", () => {
  it('exits 0: nothing failed, nothing ended in error', () => {
    expect(run.stderr).toBe('');
    expect(failedOrErrored(run)).toEqual([]);
    expect(run.code, run.stdout).toBe(0);
  });

  it('reports every listed departure as a known failure, and no listed clause passes', () => {
    const outcomes = new Map(run.results!.clauses.map((c) => [c.id, c.outcome]));
    expect(listed.map(({ id }) => [id, outcomes.get(id)])).toEqual(listed.map(({ id }) => [id, 'known-failure']));
    expect(run.stdout).not.toContain('passed although expected to fail');
    expect(run.results!.expectedFailures?.stale).toEqual([]);
  });

  it('passes every other clause', () => {
    const ids = new Set(listed.map((e) => e.id));
    const notPassed = run
      .results!.clauses.filter((c) => !ids.has(c.id) && c.outcome !== 'passed')
      .filter((c) => !(SKIPPED_BY_DESIGN.includes(c.id) && c.outcome === 'skipped-unsupported'))
      .map((c) => `${c.id}: ${c.outcome} ${c.reason ?? ''}`);
    expect(notPassed).toEqual([]);
  });
});

describe("Zulip's expected-failures file and the Zulip flavour", () => {
  it('list the same departures: each fault of the flavour breaks a listed clause, each listed clause has one', () => {
    const faulted = [
      ...new Set(
        FLAVOURS.zulip.faults.flatMap((f) => [FAULTS[f].clause, ...((FAULTS[f] as FaultInfo).alsoBreaks ?? [])]),
      ),
    ].sort();
    expect(faulted).toEqual(listed.map((e) => e.id).sort());
  });

  it('give each departure a reason and a link to the source or documentation that shows it', () => {
    for (const entry of listed) {
      expect(entry.reason.length, entry.id).toBeGreaterThan(20);
      expect(entry.link, entry.id).toMatch(
        /^https:\/\/(github\.com\/zulip\/zulip\/blob\/[0-9a-f]{40}\/|zulip\.com\/api\/)/,
      );
    }
  });

  it('date each departure alike: the flavour applies a fault from the level the file says its entries hold from', () => {
    const since: Partial<Record<string, number>> = FLAVOURS.zulip.faultsSince;
    const disagreements = FLAVOURS.zulip.faults.flatMap((f) => {
      const ids = [FAULTS[f].clause, ...((FAULTS[f] as FaultInfo).alsoBreaks ?? [])];
      return listed
        .filter((e) => ids.includes(e.id) && e.since !== since[f])
        .map((e) => `${f} from ${since[f]}, ${e.id} from ${e.since}`);
    });
    expect(disagreements).toEqual([]);
  });
});
