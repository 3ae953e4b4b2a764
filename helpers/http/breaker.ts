/**
 * Circuit breaker, one per process: after a few network failures in a row the target is taken to be down and
 * every further request fails at once with the first cause, instead of each check waiting out its own timeout.
 */
import { TargetError } from '../errors.ts';

const THRESHOLD = 3;
let consecutiveFailures = 0;
let openedBecause: string | undefined;

export function beforeRequest(): void {
  if (openedBecause) throw new TargetError(`target stopped answering (${openedBecause}); later requests were not sent`);
}

export function onNetworkFailure(cause: string): void {
  consecutiveFailures += 1;
  if (consecutiveFailures >= THRESHOLD) openedBecause ??= cause;
}

export function onResponse(): void {
  consecutiveFailures = 0;
}

/** For a new run in the same thread (world/run-scoped.ts), and tests of the harness itself. */
export function resetBreaker(): void {
  consecutiveFailures = 0;
  openedBecause = undefined;
}
