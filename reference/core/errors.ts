/**
 * The one error type of the reference server's core. Handlers throw it; the HTTP adapter turns it into the
 * error envelope `{result: 'error', msg, code, ...extra}` with `status`. Anything else thrown is a bug (500).
 */
export type ErrorExtra = Readonly<Record<string, unknown>>;

export class ApiError extends Error {
  readonly status: number;
  /** Undefined only where a fault copies a server that answers without one (see `internalError`). */
  readonly code: string | undefined;
  readonly extra: ErrorExtra;
  /** Extra response headers (e.g. `WWW-Authenticate` on 401, `Allow` on 405). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string | undefined,
    msg: string,
    extra: ErrorExtra = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export const badRequest = (msg: string, extra: ErrorExtra = {}): ApiError =>
  new ApiError(400, 'BAD_REQUEST', msg, extra);

/** Zulip answers "does not exist (or is someone else's)" for drafts and scheduled messages with 404 BAD_REQUEST. */
export const notFound = (msg: string): ApiError => new ApiError(404, 'BAD_REQUEST', msg);

export const unauthorized = (msg: string): ApiError =>
  new ApiError(401, 'UNAUTHORIZED', msg, {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });

/**
 * A parameter missing or unreadable (not an integer, not JSON, outside its set): what the contract's bad-input
 * clauses probe. Its own class so that the adapter's bad-input faults can tell it from a handler's refusal.
 */
export class InputError extends ApiError {}

export const missingParam = (name: string, code = 'BAD_REQUEST'): ApiError =>
  new InputError(400, code, `Missing '${name}' argument`, { var_name: name });

export const invalidParam = (name: string, msg: string): ApiError =>
  new InputError(400, 'BAD_REQUEST', msg, { var_name: name });

export const methodNotAllowed = (allowed: readonly string[]): ApiError =>
  new ApiError(405, 'BAD_REQUEST', 'Method Not Allowed', {}, { Allow: allowed.join(', ') });

/** An unhandled failure as Zulip reports it: HTTP 500, a bare message and no code (fault use only). */
export const internalError = (): ApiError => new ApiError(500, undefined, 'Internal server error');

export const routeNotFound = (): ApiError => new ApiError(404, 'BAD_REQUEST', 'Not Found');
