/**
 * Errors that end a check without judging the target. The check wrapper maps each to its outcome; anything
 * else that is not an assertion is the harness's own bug and is reported as an error, never as non-conformance.
 */

/** The harness or the network broke: outcome "error". */
export class HarnessError extends Error {
  override name = 'HarnessError';
}

/** The target did not answer (refused, reset, timed out) or the circuit breaker is open. */
export class TargetError extends HarnessError {
  override name = 'TargetError';
}

/** The target answers, but not like a Team Chat API server (a web page, a 404 on the API root): the run stops. */
export class NotTheApiError extends HarnessError {
  override name = 'NotTheApiError';
}

/** A setup step (not the behaviour under test) failed, so the check could not be carried out. */
export class SetupError extends HarnessError {
  override name = 'SetupError';
}

/** The target lacks a setup operation or capability the check needs: outcome "skipped-unsupported". */
export class Unsupported extends Error {
  override name = 'Unsupported';
}

/** A role or option the check needs is not configured: outcome "disabled". */
export class Disabled extends Error {
  override name = 'Disabled';
}

/** The target's feature level is below the clause's: outcome "not-applicable". */
export class NotApplicable extends Error {
  override name = 'NotApplicable';
}

/** Walks `cause` chains (fast-check wraps the error a property threw) to find an error of the given class. */
export function findCause<T extends Error>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof type) return e;
  }
  return undefined;
}
