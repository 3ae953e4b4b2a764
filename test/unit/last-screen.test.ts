import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { boundedShrink } from '../../helpers/checks/shrink.ts';
import { formatFaultList } from '../../helpers/cli/list.ts';
import { HEARTBEAT_MS, ProgressReporter } from '../../helpers/cli/progress-reporter.ts';
import { byCause, embeddedReplayOf, replayCommand, SHOWN, summaryLines } from '../../helpers/cli/summary.ts';
import type { ClauseResult, RunResults } from '../../helpers/reporters/results.ts';
import { FAULTS } from '../../reference/faults.ts';

const clause = (id: string, endpoint: string, extra: Partial<ClauseResult> = {}): ClauseResult => ({
  id,
  endpoint,
  level: 'MUST',
  title: `title of ${id}`,
  section: 's',
  outcome: 'failed',
  reason: `reason of ${id}\nmore`,
  ...extra,
});

function resultsOf(clauses: ClauseResult[], embedded = true): RunResults {
  const counts = { passed: 0, failed: 0, warned: 0, error: 0 } as RunResults['counts'];
  for (const c of clauses) counts[c.outcome] = (counts[c.outcome] ?? 0) + 1;
  return {
    tool: { name: 'teamchat-conformance', version: '0' },
    run: {
      runId: 'r',
      seed: 42,
      profile: 'full',
      target: embedded ? 'http://127.0.0.1:41159' : 'https://chat.example.com',
      embedded,
      featureLevel: 472,
      startedAt: '',
      durationMs: 1000,
    },
    counts,
    countsByLevel: {} as RunResults['countsByLevel'],
    clauses,
  };
}

describe('the last screen', () => {
  it("puts an operation's RESP-* and BAD-* failures before its other checks, and such operations first", () => {
    const ordered = byCause([
      clause('DRAFTS-LIST-002', 'GET /drafts'),
      clause('BAD-MSG-SEND-001', 'POST /messages'),
      clause('MSG-SEND-001', 'POST /messages'),
      clause('MSG-SEND-012', 'POST /messages', { outcome: 'warned', level: 'SHOULD' }),
      clause('RESP-MSG-SEND-001', 'POST /messages'),
      clause('PASSED-001', 'POST /messages', { outcome: 'passed' }),
    ]);
    expect(ordered.map((c) => c.id)).toEqual([
      'RESP-MSG-SEND-001',
      'BAD-MSG-SEND-001',
      'MSG-SEND-001',
      'MSG-SEND-012',
      'DRAFTS-LIST-002',
    ]);
  });

  it('counts every failure, shows each with the command that runs it again, and says where the rest are', () => {
    const many = Array.from({ length: SHOWN + 3 }, (_, i) =>
      clause(`USER-GET-0${String(i + 10)}`, 'GET /users/{user_id}', {
        curl: `curl -sS -u "hamlet@zulip.com:$MEMBER_API_KEY" 'http://127.0.0.1:41159/api/v1/users/${i}'`,
      }),
    );
    const embedded = embeddedReplayOf(
      { faults: ['answer-user-get-user-missing'], variants: [], flavour: 'contract' },
      '41159',
    );
    const text = summaryLines(resultsOf(many), { reportDir: 'reports', embedded }).join('\n');
    expect(text).toContain('and 3 more, see reports/conformance.html');
    expect(text).toContain(
      'again: REFERENCE_FAULTS=answer-user-get-user-missing npm run conformance -- --only USER-GET-010 --seed 42',
    );
    expect(text).toContain(
      "`npm run reference -- --port 41159 --faults answer-user-get-user-missing` serves the same realm, without the run's own channels, messages and drafts (API keys in .env.example)",
    );
    expect(text).not.toContain('more\n'); // a reason's first line only
  });

  it("replays a property's exact case, and an external target's clause against that target", () => {
    const property = clause('QUEUE-DELETE-003', 'DELETE /events', {
      reason: 'wanted …\nreplay: npm run conformance -- --only QUEUE-DELETE-003 --replay=1046816542:0:3',
    });
    const run = resultsOf([], false).run;
    expect(replayCommand(property, run)).toBe(
      'npm run conformance -- --target https://chat.example.com --only QUEUE-DELETE-003 --replay=1046816542:0:3',
    );
    expect(replayCommand(clause('DRAFTS-LIST-002', 'GET /drafts'), run)).toBe(
      'npm run conformance -- --target https://chat.example.com --only DRAFTS-LIST-002 --seed 42',
    );
  });

  it('names every setting of the embedded server in the command serving its realm again', () => {
    expect(
      embeddedReplayOf(
        { faults: ['a', 'b'], variants: ['v'], flavour: 'zulip', editGraceSeconds: 20, featureLevel: 185 },
        '9991',
      ),
    ).toEqual({
      env: 'REFERENCE_FAULTS=a,b REFERENCE_VARIANTS=v REFERENCE_FLAVOUR=zulip REFERENCE_EDIT_GRACE_SECONDS=20 REFERENCE_FEATURE_LEVEL=185',
      serve:
        'npm run reference -- --port 9991 --faults a,b --variants v --flavour zulip --edit-grace 20 --feature-level 185',
    });
  });

  it(".env.example gives each reference account's API key, which the curl lines read", () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const account of Object.values(REFERENCE_ACCOUNTS)) expect(example).toContain(account.apiKey);
  });

  it('lists every fault with the clause it breaks', () => {
    const list = formatFaultList(FAULTS).split('\n');
    expect(list).toHaveLength(Object.keys(FAULTS).length + 1);
    expect(list[0]).toMatch(/^drafts-oldest-first +DRAFTS-LIST-002 +GET \/drafts lists drafts oldest first\.$/);
  });
});

describe('the progress lines', () => {
  it('says what is still running once nothing has been printed for a while', () => {
    let now = 0;
    let last = 0;
    const printed: string[] = [];
    const reporter = new ProgressReporter({
      print: (line) => {
        printed.push(line);
        last = now;
      },
      lastPrinted: () => last,
      now: () => now,
    });
    reporter.onTestRunStart([{}, {}] as never);
    reporter.onTestCaseReady({ id: 't1', name: 'EXPLORE-001 MUST after any sequence …' } as never);
    now = HEARTBEAT_MS - 1;
    reporter.heartbeat();
    expect(printed).toEqual([]);
    now = 130_000;
    reporter.heartbeat();
    reporter.heartbeat();
    expect(printed).toEqual(['… 0 of 2 suite files done; running EXPLORE-001 (2 min 10 s)\n']);
    reporter.onTestRunEnd([], []);
  });
});

describe('shrinking', () => {
  it('shrinks a failure to the smallest counterexample', () => {
    const out = fc.check(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => n < 1000),
      { seed: 7, plugins: [boundedShrink()] },
    );
    expect(out.counterexample).toEqual([1000]);
  });

  it('stops shrinking once the bound has passed since the first failure, keeping the smallest found by then', () => {
    let clock = 0;
    let runs = 0;
    const out = fc.check(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        runs += 1;
        clock += 10;
        return n < 1000;
      }),
      { seed: 7, plugins: [boundedShrink(25, () => clock)] },
    );
    expect(out.failed).toBe(true);
    expect(out.counterexample![0]).toBeGreaterThan(1000);
    // The failure, then the shrink steps within 25 ms of clock.
    expect(runs - out.numRuns).toBeLessThanOrEqual(3);
  });
});
