/** The one edge where results and `ApiError`s become HTTP responses, with the envelope-level faults. */
import type { ServerResponse } from 'node:http';
import type { Fields } from '../core/context.ts';
import type { ApiError } from '../core/errors.ts';
import type { Faults } from '../faults.ts';

export function sendSuccess(res: ServerResponse, fields: Fields, ignored: readonly string[], faults: Faults): void {
  const body: Fields = {
    result: 'success',
    // Fault `envelope-msg-on-success`.
    msg: faults.has('envelope-msg-on-success') ? 'OK' : '',
    ...fields,
  };
  // Fault `ignored-parameters-not-reported`.
  if (ignored.length > 0 && !faults.has('ignored-parameters-not-reported')) {
    body.ignored_parameters_unsupported = [...ignored];
  }
  send(res, 200, JSON.stringify(body), 'application/json', {}, faults);
}

export function sendError(res: ServerResponse, err: ApiError, faults: Faults): void {
  // Fault `envelope-error-not-json`: a web server's error page instead of the envelope.
  if (faults.has('envelope-error-not-json') && err.status >= 400 && err.status < 500) {
    send(res, err.status, '<html><body>Bad request</body></html>', 'text/html', err.headers, faults);
    return;
  }
  const body: Fields = { result: 'error', msg: err.message };
  // Fault `envelope-error-without-code`.
  if (!faults.has('envelope-error-without-code')) body.code = err.code;
  Object.assign(body, err.extra);
  send(res, err.status, JSON.stringify(body), 'application/json', err.headers, faults);
}

function send(
  res: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Readonly<Record<string, string>>,
  faults: Faults,
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = Buffer.from(text, 'utf8');
  res.writeHead(status, {
    ...headers,
    // Fault `content-type-text-plain`.
    'Content-Type': faults.has('content-type-text-plain') ? 'text/plain; charset=utf-8' : contentType,
    'Content-Length': String(payload.length),
  });
  res.end(payload);
}
