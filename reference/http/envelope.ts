/** The one edge where results and `ApiError`s become HTTP responses, with the envelope-level faults. */
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Fields } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import type { Faults } from '../faults.ts';
import { Variants } from '../variants.ts';
import { successAnswer } from './answers.ts';
import { errorAnswerVariant, successAnswerVariant } from './variant-answers.ts';

interface Rendered {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: Buffer;
}

/** The success envelope of the operation `key` ("POST /drafts") with its fields. */
export function sendSuccess(
  res: ServerResponse,
  key: string,
  fields: Fields,
  ignored: readonly string[],
  faults: Faults,
  variants: Variants = Variants.none,
  /** An older server's success result other than `success` (`partially_completed`, before level 211). */
  result = 'success',
): void {
  const body: Fields = {
    result,
    // Fault `envelope-msg-on-success`.
    msg: faults.has('envelope-msg-on-success') ? 'OK' : '',
    ...fields,
  };
  // Fault `ignored-parameters-not-reported`.
  if (ignored.length > 0 && !faults.has('ignored-parameters-not-reported')) {
    body.ignored_parameters_unsupported = [...ignored];
  }
  const answer = successAnswer(key, body, faults);
  const { status, body: shaped } = successAnswerVariant(key, answer.body as Fields, ignored, variants);
  write(res, render(status, JSON.stringify(shaped), answer.contentType, {}, faults, variants));
}

export function sendError(
  res: ServerResponse,
  err: ApiError,
  faults: Faults,
  variants: Variants = Variants.none,
): void {
  write(res, renderError(err, faults, variants));
}

/**
 * For requests Node's HTTP parser refuses (header or URL too large, garbage request line): the envelope written
 * straight to the socket, then the connection closes.
 */
export function sendParseError(socket: Socket, err: Error & { code?: string }, faults: Faults): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const msg = tooLarge ? 'Request line or headers too large' : 'Malformed HTTP request';
  const { headers, payload } = renderError(new ApiError(status, 'BAD_REQUEST', msg), faults);
  const head = Object.entries({ ...headers, Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`), payload]));
}

function renderError(err: ApiError, faults: Faults, variants: Variants = Variants.none): Rendered {
  // Fault `envelope-error-not-json`: a web server's error page instead of the envelope.
  if (faults.has('envelope-error-not-json') && err.status >= 400 && err.status < 500) {
    return render(err.status, '<html><body>Bad request</body></html>', 'text/html', err.headers, faults);
  }
  const body: Fields = { result: 'error', msg: err.message };
  // Fault `envelope-error-without-code`.
  if (!faults.has('envelope-error-without-code') && err.code !== undefined) body.code = err.code;
  Object.assign(body, err.extra);
  const answer = errorAnswerVariant(err, body, variants);
  return render(answer.status, JSON.stringify(answer.body), 'application/json', answer.headers, faults, variants);
}

function render(
  status: number,
  text: string,
  contentType: string,
  headers: Readonly<Record<string, string>>,
  faults: Faults,
  variants: Variants = Variants.none,
): Rendered {
  // Variant `gzip-unasked`: every answer gzip-coded, whatever the request accepts (HTTP allows it where a request
  // has no Accept-Encoding, and the suite's have none).
  const gzipped = variants.has('gzip-unasked');
  const payload = gzipped ? gzipSync(text) : Buffer.from(text, 'utf8');
  // Variants `content-type-text-plain` and `content-type-charset`.
  const type =
    contentType !== 'application/json'
      ? contentType
      : variants.has('content-type-text-plain')
        ? 'text/plain'
        : variants.has('content-type-charset')
          ? 'application/json; charset=utf-8'
          : contentType;
  return {
    status,
    payload,
    headers: {
      ...headers,
      // Fault `content-type-text-plain`.
      'Content-Type': faults.has('content-type-text-plain') ? 'text/plain; charset=utf-8' : type,
      'Content-Length': String(payload.length),
      ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    },
  };
}

function write(res: ServerResponse, { status, headers, payload }: Rendered): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, headers);
  res.end(payload);
}
