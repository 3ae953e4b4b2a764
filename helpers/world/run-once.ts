/**
 * A fact the run learns once, whichever of its workers needs it first (threads and processes alike): that worker
 * learns it and writes it, or why there is none, to a run file (run-files.ts); the others wait on the file and read
 * the same value, or end with the same kind of error and reason, so that the report groups them under one cause.
 */
import { Disabled, HarnessError, NotTheApiError, SetupError, TargetError, Unsupported } from '../errors.ts';
import { claimOnce, type RunFileKind, settleOnce } from './run-files.ts';

/** The errors a learner passes on to the workers waiting for it, by name. */
const PASSED_ON = [Disabled, Unsupported, SetupError, TargetError, NotTheApiError, HarnessError];

export interface OnceOptions {
  /** How long a worker waits for the learner's word. */
  readonly waitMs: number;
  /** Marks the wait as none of the check's own work (a check's recorder.beginWait); returns its end. */
  readonly beginWait?: () => () => void;
}

/** The run's value of `kind`/`key`: learnt here by `learn` (JSON-serializable), or read from the worker that did. */
export async function onceForRun<T>(
  runId: string,
  kind: RunFileKind,
  key: string,
  { waitMs, beginWait }: OnceOptions,
  learn: () => Promise<T>,
): Promise<T> {
  const endWait = beginWait?.();
  const claim = await claimOnce(runId, kind, key, waitMs).finally(() => endWait?.());
  if (!claim.asker) {
    if (claim.state === 'timeout')
      throw new SetupError(`waited ${waitMs / 1000} s for another worker of the run to learn ${kind} ${key}`);
    const word = JSON.parse(claim.state) as { value: T } | { error: string; message: string };
    if ('value' in word) return word.value;
    const Class = PASSED_ON.find((E) => E.name === word.error) ?? HarnessError;
    throw new Class(word.message);
  }
  try {
    const value = await learn();
    settleOnce(runId, kind, key, JSON.stringify({ value }));
    return value;
  } catch (error) {
    const { name, message } = error instanceof Error ? error : { name: 'HarnessError', message: String(error) };
    settleOnce(runId, kind, key, JSON.stringify({ error: name, message }));
    throw error;
  }
}
