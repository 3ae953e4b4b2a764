/**
 * Small matchers named after what they check. Each failure message carries the evidence: the request, the
 * status, an excerpt of the body, and what was wanted. They look only at what the contract fixes (`result`,
 * `msg`, `code`, extra fields), never at HTTP status codes, which the contract leaves "not shown".
 */
import type { ApiResponse } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';

/** A check found the target departing from its clause. */
export class ConformanceAssertion extends Error {
  override name = 'ConformanceAssertion';
  /** The exchange whose answer departed, when the assertion judged one: the evidence the report shows first. */
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}

export function fail(res: ApiResponse | undefined, want: string): never {
  throw new ConformanceAssertion(res ? `${want}\n  got: ${summary(res)}` : want, res?.exchange);
}

export function summary(res: ApiResponse): string {
  const body = res.exchange.responseBody ?? res.text;
  const excerpt = body.length > 500 ? `${body.slice(0, 500)}…` : body;
  return `${res.exchange.method} ${new URL(res.exchange.url).pathname} → HTTP ${res.status} ${excerpt || '(empty body)'}`;
}

/** result "success"; returns the body. The full success envelope (msg "") is CONV-001's concern. */
export function expectSuccess(res: ApiResponse, what = 'the request'): any {
  if (res.body?.result !== 'success') fail(res, `wanted ${what} to succeed (result "success")`);
  return res.body;
}

/**
 * result "error" with a string code; when `codes` is given, the code must be one of them.
 * The full error envelope (msg string) is CONV-002's concern, but a code is needed to compare, so it is checked.
 */
export function expectError(res: ApiResponse, codes?: string | readonly string[], what = 'the request'): any {
  const body = res.body;
  if (body?.result !== 'error') fail(res, `wanted ${what} to be refused with result "error"`);
  if (codes === undefined) return body;
  const wanted = typeof codes === 'string' ? [codes] : codes;
  if (!wanted.includes(body.code)) fail(res, `wanted ${what} to be refused with code ${wanted.join(' or ')}`);
  return body;
}

/** Refused with the error envelope: result "error", a string msg and a string code. */
export function expectErrorEnvelope(res: ApiResponse, what = 'the request'): any {
  const body = expectError(res, undefined, what);
  if (typeof body.msg !== 'string') fail(res, `wanted a string msg in the error envelope of ${what}`);
  if (typeof body.code !== 'string') fail(res, `wanted a string code in the error envelope of ${what}`);
  return body;
}

export function expectField<T>(res: ApiResponse, name: string, test: (v: unknown) => v is T, want: string): T {
  const value = res.body?.[name];
  if (!test(value)) fail(res, `wanted ${name} to be ${want}`);
  return value;
}

export const isInt = (v: unknown): v is number => Number.isInteger(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isIntList = (v: unknown): v is number[] => Array.isArray(v) && v.every(isInt);
