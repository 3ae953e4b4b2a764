// A run cut short (Ctrl-C, a CI job's kill, a crash of the test runner) must never read as conforming: every report
// says so, names why, and counts the clauses it did not judge; the exit status says the run cannot vouch.
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../helpers/clauses/types.ts';
import { toHtml } from '../../helpers/reporters/html.ts';
import { toJunit } from '../../helpers/reporters/junit.ts';
import { toMarkdown } from '../../helpers/reporters/markdown.ts';
import { mergeResults } from '../../helpers/reporters/merge.ts';
import { buildResults, exitCodeOf, type RunInfo, type TestSeen } from '../../helpers/reporters/results.ts';
import { verdictOf } from '../../helpers/reporters/verdict.ts';
import { RUN } from '../support/run-info.ts';

const clause = (id: string): Clause => ({
  id,
  area: 'drafts',
  file: 'suites/drafts/post-drafts.test.ts',
  level: 'MUST',
  title: `do ${id}`,
  section: '10. Create drafts',
  endpoint: 'POST /drafts',
});
const CLAUSES = ['A-001', 'B-001', 'C-001', 'D-001'].map(clause);
const outcome = (id: string, o: 'passed' | 'failed'): TestSeen => ({
  clauseId: id,
  state: o,
  record: { clauseId: id, outcome: o, ...(o === 'failed' ? { reason: 'wanted x' } : {}) },
});
const results = (seen: TestSeen[], run: Partial<RunInfo> = {}) =>
  buildResults(seen, { ...RUN, ...run }, '0.1.0', CLAUSES);

describe('a run cut short', () => {
  const interrupted = results([outcome('A-001', 'passed'), outcome('B-001', 'passed')], {
    cutShort: 'interrupted by SIGINT',
  });

  it('is incomplete, not conforming, and says why and how much was left unjudged', () => {
    expect(verdictOf(interrupted)).toEqual({
      kind: 'incomplete',
      text: 'Incomplete: the run was interrupted by SIGINT, 2 of 4 clauses not run; none of the judged clauses failed.',
    });
    expect(exitCodeOf(interrupted)).toBe(2);
  });

  it('says so in every report', () => {
    expect(toMarkdown(interrupted)).toContain('**Incomplete: the run was interrupted by SIGINT, 2 of 4');
    expect(toHtml(interrupted)).toContain('class="verdict incomplete"');
    const junit = toJunit(interrupted);
    // The clauses it never reached are errors on a CI page, not skipped tests.
    expect(junit.match(/type="RunCutShort"/g)).toHaveLength(2);
    expect(junit).toContain('tests="4" failures="0" errors="2" skipped="0"');
    expect(junit).toContain('not run: the run was interrupted by SIGINT');
  });

  it('still reports a departure it found as not conforming, with the shortfall', () => {
    const failed = results([outcome('A-001', 'failed')], { cutShort: 'interrupted by SIGTERM' });
    expect(verdictOf(failed).kind).toBe('not-conforming');
    expect(verdictOf(failed).text).toContain('the run was interrupted by SIGTERM, 3 of 4 clauses not run');
    expect(exitCodeOf(failed)).toBe(1);
  });

  it('is incomplete when clauses were left unjudged though nothing stopped it', () => {
    const partial = results(['A-001', 'B-001', 'C-001'].map((id) => outcome(id, 'passed')));
    expect(verdictOf(partial).kind).toBe('incomplete');
    expect(verdictOf(partial).text).toContain('1 of 4 clauses not run');
    expect(exitCodeOf(partial)).toBe(2);
  });

  it('is conforming only when every selected clause was judged', () => {
    const whole = results(['A-001', 'B-001', 'C-001', 'D-001'].map((id) => outcome(id, 'passed')));
    expect(verdictOf(whole).kind).toBe('conforming');
    expect(exitCodeOf(whole)).toBe(0);
    expect(toJunit(whole)).not.toContain('RunCutShort');
  });
});

describe('shards', () => {
  const one = results([outcome('A-001', 'passed'), outcome('B-001', 'passed')], { shard: '1/2' });
  const two = results([outcome('C-001', 'passed'), outcome('D-001', 'passed')], { shard: '2/2' });

  it("leave the other shards' clauses to them: a whole shard conforms", () => {
    expect(verdictOf(one).kind).toBe('conforming');
    expect(exitCodeOf(one)).toBe(0);
  });

  it('merge into the whole run, cut short where any shard was', () => {
    expect(verdictOf(mergeResults([one, two])).kind).toBe('conforming');
    expect(mergeResults([one, two]).run.shard).toBeUndefined();
    const broken = results([outcome('C-001', 'passed')], { shard: '2/2', cutShort: 'interrupted by SIGTERM' });
    const merged = mergeResults([one, broken]);
    expect(merged.run.cutShort).toBe('shard 2/2 interrupted by SIGTERM');
    expect(verdictOf(merged).text).toContain('1 of 4 clauses not run');
    expect(exitCodeOf(merged)).toBe(2);
  });
});
