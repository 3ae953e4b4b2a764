/**
 * A set-up step that went wrong: SetupError (the check's outcome is error, never a failure of the clause), saying
 * which step, what it was for and what came back.
 */
import { SetupError, Unsupported } from '../errors.ts';
import type { ApiResponse } from './client.ts';

/**
 * For a set-up step sent as a raw call (when the helper also tracks what it made): the body of a success, otherwise
 * SetupError naming the step and, when given, what it was for.
 */
export function mustSucceed(res: ApiResponse, what?: string): any {
  if (res.body?.result === 'success') return res.body;
  throw setupFailure(res, undefined, what);
}

/**
 * The body of a set-up step's success; Unsupported where the target does not offer the operation (a 404 or 405
 * that is not a success, TARGET.md), else SetupError.
 */
export function mustBeOffered(res: ApiResponse): any {
  if (res.body?.result === 'success') return res.body;
  if (res.status === 404 || res.status === 405) {
    const { method, url } = res.exchange;
    const path = new URL(url).pathname.replace(/^.*?\/api\/v1(?=\/)/, '');
    throw new Unsupported(`the target does not offer the setup operation ${method} ${path} (HTTP ${res.status})`);
  }
  throw setupFailure(res);
}

/** A set-up step went wrong (`want`: what was wanted of it beyond a success): SetupError with the evidence. */
export function setupFailure(res: ApiResponse, want?: string, what?: string): SetupError {
  const { method, url } = res.exchange;
  const path = new URL(url).pathname.replace(/^.*?\/api\/v1(?=\/)/, '');
  const step = `setup step ${method} ${path}${what ? ` (${what})` : ''}`;
  const got = `HTTP ${res.status} ${res.text.slice(0, 300)}`;
  return new SetupError(`${step} failed: ${want ? `wanted ${want}, got ${got}` : got}`);
}
