/**
 * allure-results/, written from the run's results like the other reports: one result per clause (those judged over
 * every response too), labelled with its clause, level, endpoint, section and outcome (its feature level and
 * deprecation where the contract dates them), with the evidence of a failure attached (the exchanges, the curl
 * command) and the check's notes. `npm run report` builds the offline Allure HTML from them.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Outcome, testNameOf } from '../clauses/types.ts';
import { type ClauseResult, cutShortBefore, type RunResults } from './results.ts';

const SEVERITY = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' } as const;

/** Allure has passed, failed, broken and skipped: a set-up error is broken; a clause not judged here is skipped. */
const STATUS: Record<Outcome, string> = {
  passed: 'passed',
  warned: 'passed',
  failed: 'failed',
  error: 'broken',
  'known-failure': 'skipped',
  disabled: 'skipped',
  'skipped-unsupported': 'skipped',
  'not-applicable': 'skipped',
  'not-run': 'skipped',
};

function labelsOf(c: ClauseResult): { name: string; value: string }[] {
  return [
    { name: 'clause', value: c.id },
    { name: 'level', value: c.level },
    { name: 'endpoint', value: c.endpoint },
    { name: 'section', value: c.section },
    { name: 'outcome', value: c.outcome },
    { name: 'epic', value: c.section },
    { name: 'feature', value: c.endpoint },
    { name: 'severity', value: SEVERITY[c.level] },
    { name: 'tag', value: c.level },
    ...(c.since !== undefined ? [{ name: 'featureLevel', value: String(c.since) }] : []),
    ...(c.deprecatedAt !== undefined
      ? [
          { name: 'deprecatedAt', value: String(c.deprecatedAt) },
          { name: 'tag', value: 'deprecated' },
        ]
      : []),
  ];
}

/** Replaces `dir` with one result per clause of `results`. */
export function writeAllure(dir: string, results: RunResults): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const start = Date.parse(results.run.startedAt) || Date.now();
  for (const c of results.clauses) {
    const uuid = randomUUID();
    const attach = (name: string, text: string, type: string) => {
      const source = `${uuid}-${name}`;
      writeFileSync(join(dir, source), text);
      return { name, source, type };
    };
    const attachments = [
      ...(c.exchanges?.length
        ? [attach('exchanges.json', JSON.stringify(c.exchanges, null, 2), 'application/json')]
        : []),
      ...(c.curl ? [attach('reproduce.sh', c.curl, 'text/plain')] : []),
      ...(c.notes?.length ? [attach('notes.txt', c.notes.join('\n'), 'text/plain')] : []),
    ];
    const cutShort = cutShortBefore(results, c);
    const message = cutShort ?? (c.outcome === 'known-failure' ? `known failure: ${c.reason ?? ''}` : c.reason);
    const result = {
      uuid,
      historyId: c.id,
      name: testNameOf(c),
      fullName: `teamchat-conformance:${c.endpoint}#${c.id}`,
      status: cutShort ? 'broken' : STATUS[c.outcome],
      statusDetails: message ? { message } : {},
      stage: 'finished',
      start,
      stop: start + (c.ms ?? 0),
      labels: labelsOf(c),
      attachments,
      steps: [],
      parameters: [],
      links: [],
    };
    writeFileSync(join(dir, `${uuid}-result.json`), JSON.stringify(result));
  }
}
