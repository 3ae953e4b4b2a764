import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../helpers/clauses/types.ts';
import { ConfigError } from '../../helpers/config/load.ts';
import { loadExpectedFailures } from '../../helpers/expectations/expected-failures.ts';
import { diffBaseline } from '../../helpers/reporters/baseline.ts';
import { mergeResults } from '../../helpers/reporters/merge.ts';
import {
  buildResults,
  exitCodeOf,
  judgedFigures,
  type RunInfo,
  type TestSeen,
} from '../../helpers/reporters/results.ts';

const dir = mkdtempSync(join(tmpdir(), 'cf-exp-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('expected-failures files', () => {
  it('maps ids to reasons and reports stale entries', () => {
    const path = file('ok.json', {
      target: 'Zulip',
      failures: [
        { id: 'DRAFTS-LIST-002', reason: 'oldest first', link: 'https://example.com/1' },
        { id: 'GONE-001', reason: 'retired' },
      ],
    });
    const loaded = loadExpectedFailures(path, new Set(['DRAFTS-LIST-002']));
    expect(loaded.byId).toEqual({ 'DRAFTS-LIST-002': 'oldest first (https://example.com/1)' });
    expect(loaded.stale).toEqual(['GONE-001']);
  });

  it('names the file and the entry of a bad value', () => {
    expect(() => loadExpectedFailures(file('bad.json', { failures: [{ id: 'x' }] }), new Set())).toThrow(ConfigError);
    expect(() => loadExpectedFailures(file('bad.json', { failures: [{ id: 'x' }] }), new Set())).toThrow(
      /EXPECTED_FAILURES=.*bad\.json: failures\.0\.id/,
    );
    expect(() => loadExpectedFailures(file('broken.json', '{'), new Set())).toThrow(/broken\.json/);
    expect(() => loadExpectedFailures(join(dir, 'missing.json'), new Set())).toThrow(/missing\.json/);
  });
});

const clause = (id: string): Clause => ({
  id,
  area: 'drafts',
  file: 'suites/drafts/post-drafts.test.ts',
  level: 'MUST',
  title: 'x x x x x x x',
  section: 's',
  endpoint: 'GET /x',
});
const RUN: RunInfo = {
  runId: 'r',
  seed: 1,
  profile: 'quick',
  target: 't',
  embedded: true,
  featureLevel: 1,
  startedAt: '2026-01-01T00:00:00Z',
  durationMs: 5,
};
const results = (
  outcomes: Record<string, TestSeen['record'] extends infer R ? (R extends { outcome: infer O } ? O : never) : never>,
) =>
  buildResults(
    Object.entries(outcomes).map(([id, outcome]) => ({
      clauseId: id,
      state: 'passed',
      record: { clauseId: id, outcome },
    })),
    RUN,
    '0',
    Object.keys(outcomes).map(clause),
  );

describe('known failures', () => {
  it('do not fail the run', () => {
    expect(exitCodeOf(results({ 'A-001': 'known-failure', 'B-001': 'passed' }))).toBe(0);
  });
});

describe('baselines', () => {
  it('tell newly failing and newly passing clauses, and new or gone ones', () => {
    const before = results({ 'A-001': 'passed', 'B-001': 'failed', 'C-001': 'passed', 'D-001': 'known-failure' });
    const after = results({
      'A-001': 'failed',
      'B-001': 'passed',
      'C-001': 'passed',
      'D-001': 'passed',
      'E-001': 'warned',
    });
    const diff = diffBaseline(before, after);
    expect(diff.newlyFailing).toEqual([
      { id: 'A-001', was: 'passed', now: 'failed' },
      { id: 'E-001', was: 'absent', now: 'warned' },
    ]);
    expect(diff.newlyPassing.map((c) => c.id)).toEqual(['B-001', 'D-001']);
    expect(diff.added).toEqual(['E-001']);
    expect(diffBaseline(after, before).removed).toEqual(['E-001']);
  });
});

describe('shard merge', () => {
  it('takes each clause from the shard that ran it', () => {
    const one = results({ 'A-001': 'passed', 'B-001': 'not-run' });
    const two = results({ 'A-001': 'not-run', 'B-001': 'failed' });
    const merged = mergeResults([one, two]);
    expect(merged.clauses.map((c) => [c.id, c.outcome])).toEqual([
      ['A-001', 'passed'],
      ['B-001', 'failed'],
    ]);
    expect(merged.counts).toMatchObject({ passed: 1, failed: 1, 'not-run': 0 });
    expect(exitCodeOf(merged)).toBe(1);
  });

  it('keeps the worst outcome of a clause every shard judged (a RESP-* clause), and sums the responses judged and probes sent', () => {
    const one = { ...results({ 'A-001': 'passed' }), responsesJudged: 3, figures: { 'bad-input probes sent': 2 } };
    const two = { ...results({ 'A-001': 'failed' }), responsesJudged: 4 };
    const merged = mergeResults([one, two]);
    expect(merged.clauses[0]?.outcome).toBe('failed');
    expect(merged.responsesJudged).toBe(7);
    expect(merged.figures).toEqual({ 'bad-input probes sent': 2 });
    expect(judgedFigures(merged)).toBe(' · 7 responses judged · 2 bad-input probes sent');
  });
});
