/**
 * allure-results/, written through allure-js-commons' writer from the run's results, like the other reports: one
 * test per clause (those judged over every response too), labelled with its clause, level, endpoint, section and
 * outcome (its feature level and deprecation where the contract dates them), one step per exchange of its evidence
 * with the exchange attached in Allure's HTTP form, the curl command and the check's notes. Built after the run
 * rather than by allure-vitest inside it: a RESP-* clause has no test of its own, a clause never run has no test at
 * all, and an expected failure's outcome is known only here. `npm run report` builds the HTML from them.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentType, type Label, LabelName, Stage, Status, type TestResult } from 'allure-js-commons';
import { FileSystemWriter, getHostLabel, ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import { type Outcome, testNameOf } from '../clauses/types.ts';
import { exchangeStep } from './allure-exchange.ts';
import { type ClauseResult, cutShortBefore, type RunResults } from './results.ts';

const SEVERITY = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' } as const;

/** Allure has passed, failed, broken and skipped: a set-up error is broken; a clause not judged here is skipped. */
const STATUS: Record<Outcome, Status> = {
  passed: Status.PASSED,
  warned: Status.PASSED,
  failed: Status.FAILED,
  error: Status.BROKEN,
  'known-failure': Status.SKIPPED,
  disabled: Status.SKIPPED,
  'skipped-unsupported': Status.SKIPPED,
  'not-applicable': Status.SKIPPED,
  'not-run': Status.SKIPPED,
};

/** The step of the exchange a clause's evidence ends with: the departure (known or not), or where an error came. */
const LAST_STEP: Partial<Record<Outcome, Status>> = {
  failed: Status.FAILED,
  'known-failure': Status.FAILED,
  error: Status.BROKEN,
};

function labelsOf(c: ClauseResult): Label[] {
  return [
    { name: 'clause', value: c.id },
    { name: 'level', value: c.level },
    { name: 'endpoint', value: c.endpoint },
    { name: 'section', value: c.section },
    { name: 'outcome', value: c.outcome },
    { name: LabelName.EPIC, value: c.section },
    { name: LabelName.FEATURE, value: c.endpoint },
    // Allure's default tree groups by suite: the contract's section, then the operation.
    { name: LabelName.PARENT_SUITE, value: c.section },
    { name: LabelName.SUITE, value: c.endpoint },
    { name: LabelName.SEVERITY, value: SEVERITY[c.level] },
    { name: LabelName.TAG, value: c.level },
    ...(c.since !== undefined ? [{ name: 'featureLevel', value: String(c.since) }] : []),
    ...(c.deprecatedAt !== undefined
      ? [
          { name: 'deprecatedAt', value: String(c.deprecatedAt) },
          { name: LabelName.TAG, value: 'deprecated' },
        ]
      : []),
  ];
}

/**
 * A timeline lane (Allure's thread label) for each check that ran: the first lane free when it started. The record
 * does not say which worker ran a check, but checks that overlapped in time never share a lane, so the lanes show
 * the run's concurrency as it was.
 */
export function lanesOf(clauses: readonly ClauseResult[]): Map<string, string> {
  const ends: number[] = [];
  const lanes = new Map<string, string>();
  const timed = clauses.filter((c) => c.started !== undefined).sort((a, b) => a.started! - b.started!);
  for (const c of timed) {
    let lane = ends.findIndex((end) => end <= c.started!);
    if (lane === -1) lane = ends.push(0) - 1;
    ends[lane] = c.started! + (c.ms ?? 0);
    lanes.set(c.id, `lane ${lane + 1}`);
  }
  return lanes;
}

/**
 * allure-js-commons' writer without its fsync and rename per file, which guard results that a report may read while
 * tests still run: these are written once the run is over, a thousand files or more, where an fsync each costs seconds.
 */
class ResultsWriter extends FileSystemWriter {
  constructor(private readonly dir: string) {
    super({ resultsDir: dir });
    mkdirSync(dir, { recursive: true });
  }
  override writeAttachment(name: string, content: Buffer): void {
    writeFileSync(join(this.dir, name), content);
  }
  override writeResult(result: TestResult): void {
    writeFileSync(join(this.dir, `${result.uuid}-result.json`), JSON.stringify(result));
  }
}

/** Replaces `dir` with one test result per clause of `results`. */
export function writeAllure(dir: string, results: RunResults): void {
  rmSync(dir, { recursive: true, force: true });
  const runtime = new ReporterRuntime({
    writer: new ResultsWriter(dir),
    globalLabels: [getHostLabel()],
  });
  const runStart = Date.parse(results.run.startedAt) || Date.now();
  const lanes = lanesOf(results.clauses);
  for (const c of results.clauses) {
    const cutShort = cutShortBefore(results, c);
    const message = cutShort ?? (c.outcome === 'known-failure' ? `known failure: ${c.reason ?? ''}` : c.reason);
    const status = cutShort ? Status.BROKEN : STATUS[c.outcome];
    // A clause with no check of its own (judged over every response, or never run) sits at the run's start, untimed.
    const start = c.started ?? runStart;
    const lane = lanes.get(c.id);
    const uuid = runtime.startTest({
      name: testNameOf(c),
      fullName: `teamchat-conformance:${c.endpoint}#${c.id}`,
      historyId: c.id,
      status,
      statusDetails: message ? { message } : {},
      stage: Stage.FINISHED,
      start,
      labels: [...labelsOf(c), ...(lane ? [{ name: LabelName.THREAD, value: lane }] : [])],
    });
    const exchanges = c.exchanges ?? [];
    exchanges.forEach((e, i) => {
      const last = i === exchanges.length - 1;
      exchangeStep(runtime, uuid, e, (last && LAST_STEP[c.outcome]) || Status.PASSED, start);
    });
    // As a Buffer: a string would be read as the path of a file to copy.
    const attach = (name: string, text: string) =>
      runtime.writeAttachment(uuid, null, name, Buffer.from(text), { contentType: ContentType.TEXT });
    if (c.curl) attach('reproduce.sh', c.curl);
    if (c.notes?.length) attach('notes.txt', c.notes.join('\n'));
    runtime.stopTest(uuid, { stop: start + (c.ms ?? 0) });
    runtime.writeTest(uuid);
  }
}
