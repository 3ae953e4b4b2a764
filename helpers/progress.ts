/**
 * One line on the console for every wait a user would otherwise sit through in silence (about 2 s or more): who
 * waits, on what, for how long. Plain lines, no spinner, so that they read well in CI logs.
 *
 * Checks run in worker threads; each worker runs one check at a time, so the check in progress is known here and
 * named in the line. Workers log the lines; the runner (`progressFilter`) prints them once: several workers waiting
 * on the same account's window give one line, not one each.
 */
export const NOTICE_AFTER_MS = 2000;
const MARK = '… ';

let current: string | undefined;

/** Wall-clock time for a progress line (UTC). */
export const clockOf = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/** Called by the check wrapper as a check starts and ends. */
export function setCurrentCheck(clauseId: string | undefined): void {
  current = clauseId;
}

/**
 * `who` waits until `untilMs` because of `why`: one line, unless the wait is short. Workers waiting for the same
 * thing until the same second print the same line (the check named in brackets aside), which the runner prints once.
 */
export function announceWait(who: string, why: string, untilMs: number, now = Date.now()): void {
  const ms = untilMs - now;
  if (ms < NOTICE_AFTER_MS) return;
  const check = current ? ` [${current}]` : '';
  console.log(`${MARK}waiting ${Math.ceil(ms / 1000)} s, until ${clockOf(untilMs)}: ${who} — ${why}${check}`);
}

/** A line about a wait whose end is not known: what the run waits for, and on whose behalf. */
export function announce(text: string, clause = current): void {
  console.log(`${MARK}${text}${clause ? ` [${clause}]` : ''}`);
}

const pending: string[] = [];

/** A note for the next check's record (a wait that happened before it started, in a hook). */
export function addPendingNote(note: string): void {
  pending.push(note);
}

/** The notes waiting for a check's record, handed over once. */
export function takePendingNotes(): string[] {
  return pending.splice(0);
}

/**
 * A wait of unknown length (polling until the target changes its answer): says so once it has lasted
 * NOTICE_AFTER_MS, and how long it took when it ends. Short waits stay silent.
 */
export function pollingWait(who: string, why: string, upToMs: number) {
  const started = Date.now();
  const check = current ? `${current}: ` : '';
  let told = false;
  return {
    tick(): void {
      if (told || Date.now() - started < NOTICE_AFTER_MS) return;
      told = true;
      console.log(`${MARK}${check}waiting up to ${Math.ceil(upToMs / 1000)} s: ${who} — ${why}`);
    },
    done(): void {
      if (told) console.log(`${MARK}${check}waited ${Math.round((Date.now() - started) / 1000)} s: ${who} — ${why}`);
    },
  };
}

let lastPrinted = Date.now();

/** Prints a line of the runner's own (a progress line, a file's result) and notes when: see lastPrintedAt. */
export function printLine(line: string): void {
  lastPrinted = Date.now();
  process.stdout.write(line);
}

/** When the runner last printed a line: a run silent for long says what it is doing (cli/progress-reporter.ts). */
export const lastPrintedAt = () => lastPrinted;

/**
 * For vitest's `onConsoleLog` in the runner: prints a progress line once (the same line from several workers within
 * a few seconds is one wait) and keeps it out of the test output; other logs go their usual way.
 */
export function progressFilter(write: (line: string) => void = printLine) {
  const seen = new Map<string, number>();
  return (log: string): false | undefined => {
    if (!log.startsWith(MARK)) return undefined;
    const line = log.trimEnd();
    // The same wait as seen from another worker: same account, same end, another check, a second less to go.
    const key = line.replace(/ \[[^\]]*\]$/, '').replace(/^… waiting \d+ s, /, '');
    const now = Date.now();
    if ((seen.get(key) ?? 0) > now - 5000) return false;
    seen.set(key, now);
    write(`${line}\n`);
    return false;
  };
}
