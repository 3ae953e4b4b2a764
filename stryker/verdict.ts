/**
 * What a conformance run says about a mutant of the reference server (pure; `stryker/session.ts` applies it).
 * The suite detects a departure when any clause ends failed (a MUST broken), warned (a SHOULD or MAY broken) or
 * error (the run would not be green either: exit status 2, e.g. the mutant broke a setup operation or answered
 * what the harness could not read). Skipped, disabled and not-applicable are what a conforming server may also
 * get, so a mutant that only turns a pass into one of them survives.
 */
import type { Outcome } from '../helpers/clauses/types.ts';

/** The outcomes that kill a mutant, in the order a failure message names them. */
export const DETECTING: readonly Outcome[] = ['failed', 'warned', 'error'];

export interface ClauseOutcome {
  id: string;
  outcome: Outcome;
  reason?: string;
}

export type Verdict = { killed: false } | { killed: true; clauses: string[]; message: string };

/** Killed when a clause ended in a detecting outcome; the message names the first of them, most severe first. */
export function verdictOf(clauses: readonly ClauseOutcome[]): Verdict {
  const detecting = clauses
    .filter((c) => DETECTING.includes(c.outcome))
    .sort((a, b) => DETECTING.indexOf(a.outcome) - DETECTING.indexOf(b.outcome) || a.id.localeCompare(b.id));
  const first = detecting[0];
  if (!first) return { killed: false };
  const reason = (first.reason ?? '').split('\n')[0]!.slice(0, 300);
  return {
    killed: true,
    clauses: detecting.map((c) => c.id),
    message: `${first.outcome} ${first.id}${reason ? `: ${reason}` : ''}`,
  };
}

/**
 * A run that never reached the checks (the server did not start, the world could not be prepared): the command
 * line would stop with status 2, so the mutant is detected (killed).
 */
export function setupFailure(error: unknown, stage: string): Verdict {
  const text = error instanceof Error ? error.message : String(error);
  return { killed: true, clauses: [], message: `error (${stage}): ${text.split('\n')[0]!.slice(0, 300)}` };
}
