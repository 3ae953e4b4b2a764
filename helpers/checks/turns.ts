/**
 * Turns within a run: suite files run side by side, and checks of different files that change the same thing (one
 * realm setting, one account's mutes) take turns, whatever the target. A turn is a file named after the run and what
 * it is on, created exclusively, so that it crosses worker threads and processes.
 *
 * A check never waits for itself: a turn it holds it takes again at once (a fresh set-up of an operation after a
 * lenient server accepted a probe, while the first set-up's mute still holds the turn), and a wait for a turn is
 * bounded, ending the check in error that names the turn and its holder.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { HarnessError } from '../errors.ts';
import { runFile } from '../world/run-files.ts';
import type { CheckContext } from './context.ts';

/**
 * How long a check waits for other checks of the run to end their turns on what it asks for before ending in error.
 * A holder works at most its time limit (two minutes), and on a rate-limited target waits for the limit on top, a
 * window or two behind a holder that itself waited (docs/performance.md). Five minutes is well past that, and well
 * inside a CI job's time. The wait is not the waiting check's own work, so it does not
 * count against its time limit.
 */
export const TURN_WAIT_LIMIT_MS = 5 * 60_000;

/** A turn a check holds, and how many of its takes of it have not ended yet. */
interface Held {
  takes: number;
  file: string;
}

/** The turns each check holds, by what they are on. */
const heldBy = new WeakMap<CheckContext, Map<string, Held>>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function heldOf(ctx: CheckContext): Map<string, Held> {
  const held = heldBy.get(ctx) ?? new Map<string, Held>();
  heldBy.set(ctx, held);
  return held;
}

/**
 * Waits until no other check of this run holds a turn on `what` (a realm setting, say), then holds it until the check
 * ends — after the check's own cleanup has put back what it changed (take the turn before changing anything, and
 * before reading the value to put back). A turn the check holds already it takes again at once. A wait of a second or
 * more is noted in the report; one past `deadline` ends the check in error. Returns what ends this take sooner, for a
 * check done with the state long before it ends (an authentication check's mute probe): the turn ends once every
 * take of it has ended, or with the check.
 */
export async function takeTurn(
  ctx: CheckContext,
  what: string,
  deadline = Date.now() + TURN_WAIT_LIMIT_MS,
): Promise<() => void> {
  const held = heldOf(ctx);
  const again = held.get(what);
  if (again) {
    again.takes++;
    return endOfTake(held, what, again);
  }
  const file = runFile(ctx.world.runId, 'turn', what);
  const started = Date.now();
  let holder = '';
  const endWait = ctx.recorder.beginWait();
  try {
    for (;;) {
      try {
        writeFileSync(file, `${ctx.clause.id} (${process.pid}/${threadId})`, { flag: 'wx' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      holder = readHolder(file) || holder;
      if (Date.now() > deadline)
        throw waitedTooLong(started, `${holder || 'another check'} to end its turn on ${what}`);
      await sleep(25);
    }
  } finally {
    endWait();
  }
  const waited = Date.now() - started;
  if (waited >= 1000)
    ctx.note(`waited ${(waited / 1000).toFixed(0)} s for ${holder || 'another check'} to end its turn on ${what}`);
  const turn: Held = { takes: 1, file };
  held.set(what, turn);
  ctx.defer(`the turn on ${what}`, () => release(held, what, turn));
  ctx.goFirst(); // others may be waiting for this turn: their wait ends with this check
  return endOfTake(held, what, turn);
}

/** Ends one take of the turn, once: the last to end releases it. */
function endOfTake(held: Map<string, Held>, what: string, turn: Held): () => void {
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--turn.takes <= 0) release(held, what, turn);
  };
}

/** Releases the turn, if it is still this holding of it: after an early end, the file may be another check's turn. */
function release(held: Map<string, Held>, what: string, turn: Held): void {
  if (held.get(what) !== turn) return;
  held.delete(what);
  rmSync(turn.file, { force: true });
}

/**
 * Waits, holding nothing, until no other check of this run holds a turn on `what`: a check that must take other turns
 * first (in name order) lets a long holder of `what` finish before it keeps those others from their checks. Another
 * check may still take the turn before this one does (takeTurn then waits, as ever). At once where the check holds
 * the turn itself; bounded as takeTurn is.
 */
export async function turnFree(
  ctx: CheckContext,
  what: string,
  deadline = Date.now() + TURN_WAIT_LIMIT_MS,
): Promise<void> {
  if (heldOf(ctx).has(what)) return;
  const file = runFile(ctx.world.runId, 'turn', what);
  const started = Date.now();
  let holder = '';
  const endWait = ctx.recorder.beginWait();
  try {
    while (existsSync(file)) {
      holder = readHolder(file) || holder;
      if (Date.now() > deadline)
        throw waitedTooLong(started, `${holder || 'another check'} to end its turn on ${what}, holding nothing`);
      await sleep(25);
    }
  } finally {
    endWait();
  }
  const waited = Date.now() - started;
  if (waited >= 1000)
    ctx.note(`waited ${(waited / 1000).toFixed(0)} s, holding nothing, for the turn on ${what} to end`);
}

/**
 * Takes the turns on each of `whats`, in their order, having first waited, holding none of them, until none is held:
 * taken one by one, a turn held while the next is waited for keeps the checks waiting for it waiting too (a check
 * holding the content-edit limit while it waits for the move limit holds up every check that edits content). Another
 * check may still take one of them meanwhile: takeTurn then waits,
 * as ever. Turns the check holds already it takes again at once. One bound for all the waits.
 */
export async function takeTurns(ctx: CheckContext, whats: readonly string[]): Promise<() => void> {
  const deadline = Date.now() + TURN_WAIT_LIMIT_MS;
  for (const what of whats) await turnFree(ctx, what, deadline);
  const ends: (() => void)[] = [];
  for (const what of whats) ends.push(await takeTurn(ctx, what, deadline));
  return () => {
    for (const end of ends) end();
  };
}

const waitedTooLong = (started: number, forWhat: string) =>
  new HarnessError(
    `waited ${((Date.now() - started) / 1000).toFixed(0)} s for ${forWhat}: longer than a check waits for a turn (${TURN_WAIT_LIMIT_MS / 1000} s)`,
  );

function readHolder(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // released meanwhile
  }
}
