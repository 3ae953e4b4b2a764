/**
 * A set-up step that went wrong: SetupError (the check's outcome is error, never a failure of the clause), saying
 * which step, what it was for and what came back.
 */
import { SetupError } from '../errors.ts';
import type { ApiResponse } from './client.ts';

/**
 * For a set-up step sent as a raw call (when the helper also tracks what it made): the body of a success, otherwise
 * SetupError naming the step and, when given, what it was for.
 */
export function mustSucceed(res: ApiResponse, what?: string): any {
  if (res.body?.result === 'success') return res.body;
  throw setupFailure(res, undefined, what);
}

/** A set-up step went wrong (`want`: what was wanted of it beyond a success): SetupError with the evidence. */
export function setupFailure(res: ApiResponse, want?: string, what?: string): SetupError {
  const { method, url } = res.exchange;
  const path = new URL(url).pathname.replace(/^.*?\/api\/v1(?=\/)/, '');
  const step = `setup step ${method} ${path}${what ? ` (${what})` : ''}`;
  const got = `HTTP ${res.status} ${res.text.slice(0, 300)}`;
  return new SetupError(`${step} failed: ${want ? `wanted ${want}, got ${got}` : got}`);
}
