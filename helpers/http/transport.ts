/**
 * One HTTP request to the target, as the Conventions send it (query for GET, form otherwise, multipart with files),
 * with Basic credentials when given: the raw answer, its body as text. Nothing here paces or records; the one request
 * sent again is one HTTP lets a client send again (below).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { CallOptions, Encoding, Identity, Method } from './client.ts';
import { decodeBody, UndecodableBody } from './content-coding.ts';
import { toQueryString } from './encoding.ts';

/**
 * Idempotent requests (RFC 9110 §9.2.2) go on kept-alive connections. A server may close an idle one at any time
 * (RFC 9112 §9.5, §9.6: an idle timeout, a close after every answer), so a request may meet the close of the
 * connection it reuses before any byte of its answer: it is sent again once, on a new connection (§9.3.1 allows it
 * for these methods). The others (POST, PATCH) must not be sent twice, so each goes on a new connection of its own,
 * where that race cannot happen: a reset there is the target's own.
 */
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const kept = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
const fresh = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

/** How a connection closed under a request shows in Node (socket hang up is ECONNRESET). */
const CLOSED_UNDER = new Set(['ECONNRESET', 'EPIPE']);

/** Sent with every request, so that a target's logs tell the suite's requests apart. */
const USER_AGENT = 'teamchat-conformance';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Sent twice: the first time on a kept-alive connection the target closed under it, which this says. */
  resentAfter?: string;
}

export interface Outgoing {
  method: Method;
  /** Relative to /api/v1. */
  path: string;
  identity: Identity | null;
  encoding: Encoding;
  pairs: readonly [string, string][];
  opts: Pick<CallOptions, 'headers' | 'files'>;
}

/** The error of a request that had no complete answer within its time (networkCause names the setting). */
class Timeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(readonly timeout: number) {
    super(`no complete response within ${timeout} ms`);
  }
}

/**
 * The connection closed or was reset before any byte of the answer came. `reused`: it was a kept-alive connection
 * an earlier request had used (the target may have closed it as this request went out).
 */
class Unanswered extends Error {
  constructor(
    readonly code: string,
    readonly reused: boolean,
    detail: string,
  ) {
    // Node says "read ECONNRESET", "write EPIPE", or "socket hang up" (code ECONNRESET): the code once.
    super(`the target reset the connection (${detail.includes(code) ? detail : `${code} ${detail}`}) before answering`);
  }
}

interface Prepared {
  url: URL;
  method: Method;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Node's own client: no redirect is followed (a redirect is the target's answer) and no compression is asked for: a
 * request reads the same as its curl reproduction, and a server that codes its answer anyway is decoded
 * (content-coding.ts). The whole exchange, answer body and any second sending included, has `timeoutMs`.
 */
export async function send(baseUrl: string, out: Outgoing, timeoutMs: number): Promise<Answer> {
  const prepared = prepare(baseUrl, out);
  const deadline = Date.now() + timeoutMs;
  const idempotent = IDEMPOTENT.has(out.method);
  try {
    return await attempt(prepared, idempotent ? kept : fresh, deadline, timeoutMs);
  } catch (error) {
    if (!(error instanceof Unanswered)) throw error;
    if (!idempotent) {
      error.message += `; ${out.method} is not idempotent, so it was not sent again`;
      throw error;
    }
    if (!error.reused) throw error;
    const answer = await attempt(prepared, fresh, deadline, timeoutMs);
    return { ...answer, resentAfter: `${error.message}, on a reused kept-alive connection` };
  }
}

function prepare(baseUrl: string, out: Outgoing): Prepared {
  const { method, path, identity, encoding, pairs, opts } = out;
  const query = encoding === 'query' && pairs.length ? `?${toQueryString(pairs)}` : '';
  const url = new URL(`${baseUrl}/api/v1${path}${query}`);
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...lowerCased(opts.headers) };
  if (identity)
    headers.authorization = `Basic ${Buffer.from(`${identity.email}:${identity.apiKey}`).toString('base64')}`;
  let body: Buffer | undefined;
  if (encoding === 'form') {
    body = Buffer.from(toQueryString(pairs));
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (encoding === 'multipart') {
    const boundary = `teamchat-conformance-${randomBytes(12).toString('hex')}`;
    body = multipart(boundary, pairs, opts.files ?? {});
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  }
  if (body) headers['content-length'] = String(body.length);
  return { url, method, headers, ...(body ? { body } : {}) };
}

/** One sending of the request through `agents`, until `deadline`. */
function attempt(
  { url, method, headers, body }: Prepared,
  agents: typeof kept,
  deadline: number,
  timeoutMs: number,
): Promise<Answer> {
  const secure = url.protocol === 'https:';
  return new Promise<Answer>((resolve, reject) => {
    const req = (secure ? https : http).request(url, { method, headers, agent: secure ? agents.https : agents.http });
    const timer = setTimeout(() => req.destroy(new Timeout(timeoutMs)), Math.max(0, deadline - Date.now()));
    let answered = false;
    const settle = (error: unknown, answer?: Answer) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(error);
    };
    req.on('error', (error: NodeJS.ErrnoException) => {
      const closedUnder = !answered && CLOSED_UNDER.has(error.code ?? '');
      settle(closedUnder ? new Unanswered(error.code!, req.reusedSocket, error.message) : error);
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => settle(error));
      // Closed before the whole body came (a dropped connection): no answer.
      res.on('close', () => {
        if (!res.complete) settle(Object.assign(new Error('the connection closed mid-answer'), { code: 'ECONNRESET' }));
      });
      res.on('end', () => {
        let text: string;
        try {
          text = decodeBody(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
        } catch (error) {
          return settle(error);
        }
        settle(undefined, { status: res.statusCode ?? 0, headers: flatHeaders(res.headers), text });
      });
    });
    req.end(body);
  });
}

const lowerCased = (headers: Readonly<Record<string, string>> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** Node gives a repeated header as a list (set-cookie): joined, as the answer's other headers are strings. */
const flatHeaders = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
  );

/** The media type a file part is sent with, by its name's extension. */
const MEDIA_TYPES: Record<string, string> = {
  txt: 'text/plain',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** A multipart/form-data body (RFC 7578): the fields in order, then the files. */
function multipart(
  boundary: string,
  pairs: readonly [string, string][],
  files: NonNullable<CallOptions['files']>,
): Buffer {
  const quoted = (s: string) => s.replace(/["\\\r\n]/g, (c) => encodeURIComponent(c));
  const parts: Buffer[] = [];
  for (const [name, value] of pairs)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, file] of Object.entries(files)) {
    const type = MEDIA_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"; filename="${quoted(file.name)}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** What went wrong on the way, in a line: a timeout names REQUEST_TIMEOUT_MS. */
export function networkCause(error: unknown, timeoutMs: number): string {
  if (error instanceof Unanswered || error instanceof UndecodableBody) return error.message;
  const e = error as { code?: string; timeout?: number; message?: string };
  if (e.timeout) return `no complete response within ${timeoutMs} ms (REQUEST_TIMEOUT_MS)`;
  return e.code ? `${e.code} ${e.message ?? ''}`.trim() : String(e.message ?? error);
}
