/**
 * Sensitivity and specificity, one fault at a time: the reference server is started with the fault and a seeded draw
 * of conforming variants, and the suite runs every clause of the fault's operation (its checks, its RESP-* and BAD-*
 * clauses; for a clause over every operation, the others over every operation) with the quick profile.
 * - Sensitivity (the kill matrix): the fault's own clause must fail (a failed SHOULD counts: it is reported as
 *   warned). Where the quick run over the operation does not catch it, the clause runs again alone with the full
 *   profile's property runs and no variants, and must fail there.
 * - Specificity: no clause fails beyond the fault's own and the `alsoBreaks` it declares.
 * The runs are shared out to a few long-lived workers (test/support/fault-worker.ts), each keeping one vitest
 * instance for all its faults. Prints the kill matrix and the specificity count.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../fixtures/realm.ts';
import { FAULTS, type FaultInfo } from '../reference/faults.ts';
import { VARIANT_IDS, VARIANTS, type VariantId } from '../reference/variants.ts';
import { CLAUSES } from '../suites/catalog.ts';
import type { FaultJob, FaultVerdict } from './support/fault-worker.ts';
import { drawVariants } from './support/variant-draw.ts';

/** Worker processes: the operations' checks mostly wait on the server (edit time limits, events), so more than the 2 cores pays. */
const WORKERS = 5;

/** The credentials the runs use: none may appear in a report or on the console. */
const SECRETS = SEED_USERS.flatMap((u) => [u.apiKey, u.password]).filter(Boolean);

const rows: { fault: string; clause: string; outcome: string; caught: boolean; how: string; ms: number }[] = [];
const exactRows: { fault: string; exact: boolean; detail: string }[] = [];
const started = Date.now();
let console_ = '';

/** Hands each job to the next idle worker. */
class FaultPool {
  private readonly idle: ChildProcess[] = [];
  private readonly waiting: ((worker: ChildProcess) => void)[] = [];
  private readonly workers: ChildProcess[] = [];

  async start(count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, async () => {
        const worker = fork(join(import.meta.dirname, 'support/fault-worker.mjs'), {
          execArgv: [],
          env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        });
        worker.stdout?.on('data', (d) => (console_ += d));
        worker.stderr?.on('data', (d) => (console_ += d));
        this.workers.push(worker);
        await new Promise((ready) => worker.once('message', ready));
        this.release(worker);
      }),
    );
  }

  async judge(job: FaultJob): Promise<FaultVerdict> {
    const worker = this.idle.pop() ?? (await new Promise<ChildProcess>((r) => this.waiting.push(r)));
    try {
      return await new Promise<FaultVerdict>((resolve) => {
        worker.once('message', (verdict) => resolve(verdict as FaultVerdict));
        worker.send(job);
      });
    } finally {
      this.release(worker);
    }
  }

  private release(worker: ChildProcess): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.workers.map((w) => {
        const exited = new Promise((r) => w.once('exit', r));
        w.send('done');
        return exited;
      }),
    );
  }
}

/**
 * Faults caught only once a bounded wait runs out (an edit limit ignored past any grace, an event that never
 * comes): sent first, so the longest runs overlap the many short ones.
 */
const WAIT_OUT_A_BOUND = [
  'edit-content-limit-ignored',
  'drafts-no-event',
  'edit-realm-event-op-update',
  'typing-stop-never-sent',
  'typing-channel-no-event',
  'channels-topic-delete-no-first-message-event',
];
const jobs = Object.entries(FAULTS).sort(
  ([a], [b]) => Number(WAIT_OUT_A_BOUND.includes(b)) - Number(WAIT_OUT_A_BOUND.includes(a)),
);

/**
 * The draw of conforming variants is fixed, so CI is deterministic: VARIANT_SEED=N explores another,
 * VARIANT_SEED=none runs without variants.
 */
const DRAW_SEED = process.env.VARIANT_SEED === 'none' ? undefined : Number(process.env.VARIANT_SEED ?? 1);

/** Variants left out of the kill matrix's draws: those that only slow a run, and those that add warnings. */
const NOT_DRAWN = new Set<VariantId>(['edit-grace', 'slow-responses']);
const DRAWABLE = VARIANT_IDS.filter((id) => !NOT_DRAWN.has(id) && !('warns' in VARIANTS[id]));

function variantsFor(fault: string, seed = DRAW_SEED): VariantId[] {
  if (seed === undefined) return [];
  // One draw per fault: the seed mixed with the fault's name.
  const state = [...fault].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619) >>> 0, seed >>> 0 || 1);
  return drawVariants(state, DRAWABLE, 0.4);
}

function operationOf(clauseId: string, also: readonly string[]): string[] {
  const endpoint = CLAUSES.find((c) => c.id === clauseId)?.endpoint;
  return [...new Set([...CLAUSES.filter((c) => c.endpoint === endpoint).map((c) => c.id), clauseId, ...also])];
}

const caughtIn = (run: FaultVerdict) => run.outcome === 'failed' || run.outcome === 'warned';

/** A run that caught its fault carries evidence (exchanges, a curl command) and exits as its verdicts say. */
function expectEvidence(run: FaultVerdict): void {
  expect(run.exitCode, 'exit status of a run: 1 with a failed clause, else 0').toBe(run.anyFailed ? 1 : 0);
  const report =
    readFileSync(join(run.reportDir, 'conformance.json'), 'utf8') +
    readFileSync(join(run.reportDir, 'conformance.md'), 'utf8');
  expect(
    SECRETS.filter((s) => report.includes(s)),
    'credentials in the reports',
  ).toEqual([]);
  expect(report).toContain('curl -sS');
}

const pool = new FaultPool();
beforeAll(() => pool.start(WORKERS), 60_000);

describe('each fault fails its own clause, and nothing but its declared clauses over its whole operation', () => {
  it('the slow faults named for ordering exist', () => {
    expect(WAIT_OUT_A_BOUND.filter((f) => !(f in FAULTS))).toEqual([]);
  });

  it.concurrent.each(jobs)(
    '%s',
    async (fault, info) => {
      const { clause } = info;
      const also = (info as FaultInfo).alsoBreaks ?? [];
      const variants = variantsFor(fault);
      const run = await pool.judge({ fault, clause, ids: operationOf(clause, also), profile: 'quick', variants });
      const replay = `REFERENCE_FAULTS=${fault} REFERENCE_VARIANTS=${variants.join(',')}`;

      // Sensitivity: caught over the operation, or else alone with the full profile.
      const catcher = caughtIn(run) ? run : await pool.judge({ fault, clause });
      rows.push({
        fault,
        clause,
        outcome: catcher.outcome,
        caught: caughtIn(catcher),
        how: catcher === run ? 'operation' : 'alone',
        ms: run.ms + (catcher === run ? 0 : catcher.ms),
      });
      expect(caughtIn(catcher), `${fault} should make ${clause} fail; it was ${catcher.outcome}`).toBe(true);
      expectEvidence(catcher);

      // Specificity, over the operation's run.
      const declared = [clause, ...also].sort();
      const failed = [...(run.failed ?? [])].sort();
      const odd = run.odd ?? [];
      const exact = JSON.stringify(failed) === JSON.stringify(declared) && odd.length === 0;
      const errors = odd.map((line) => line.split(':')[0]);
      const detail = `failed ${failed.join(',') || 'none'}${errors.length ? `; set-up errors ${errors.join(',')}` : ''}`;
      exactRows.push({ fault, exact, detail: exact ? '' : detail });
      // A set-up error is what a check whose control the fault refuses ends in (never a failure); not running is not.
      expect(
        odd.filter((line) => !/^[A-Z0-9-]+: error /.test(line)),
        `${replay}: clauses that ended neither passed, failed nor in a set-up error`,
      ).toEqual([]);
      expect(
        failed.filter((id) => !declared.includes(id)),
        `${replay}: clauses failed beyond the declared`,
      ).toEqual([]);
    },
    300_000,
  );
});

afterAll(async () => {
  await pool.stop();
  expect(
    SECRETS.filter((s) => console_.includes(s)),
    'credentials in the console output of the workers',
  ).toEqual([]);
  const caught = rows.filter((r) => r.caught).length;
  const lines = rows
    .sort((a, b) => a.clause.localeCompare(b.clause) || a.fault.localeCompare(b.fault))
    .map(
      (r) =>
        `  ${r.caught ? 'caught ' : 'MISSED '} ${r.clause.padEnd(18)} ${r.fault.padEnd(38)} ${r.outcome.padEnd(8)} ${r.how.padEnd(9)} ${(r.ms / 1000).toFixed(1)} s`,
    );
  const exact = exactRows.filter((r) => r.exact).length;
  const inexact = exactRows.filter((r) => !r.exact).map((r) => `  inexact ${r.fault.padEnd(38)} ${r.detail}`);
  console.log(
    `\nkill matrix: ${caught}/${rows.length} faults caught (${rows.filter((r) => r.how === 'alone').length} only alone, with the full profile) in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}\n` +
      `specificity: ${exact}/${exactRows.length} faults failed exactly their declared clauses over their operation, ${DRAW_SEED === undefined ? 'no variants (VARIANT_SEED=none)' : `variants on (VARIANT_SEED=${DRAW_SEED})`}\n${inexact.join('\n')}\n`,
  );
});
