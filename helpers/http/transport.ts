/**
 * One HTTP request to the target, as the Conventions send it (query for GET, form otherwise, multipart with files),
 * with Basic credentials when given: the raw answer, its body as text. Nothing here retries, paces or records.
 */
import http from 'node:http';
import https from 'node:https';
import request from 'supertest';
import type { CallOptions, Encoding, Identity, Method } from './client.ts';
import { toQueryString } from './encoding.ts';

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
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

export async function send(baseUrl: string, out: Outgoing, timeoutMs: number): Promise<Answer> {
  const { method, path, identity, encoding, pairs, opts } = out;
  const url = `${baseUrl}/api/v1${path}`;
  let req = request(baseUrl)
    [method.toLowerCase() as 'get'](`/api/v1${path}`)
    .agent(url.startsWith('https:') ? agents.https : agents.http)
    .timeout({ deadline: timeoutMs })
    .ok(() => true)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => done(null, text));
      res.on('error', done);
    });
  if (identity) req = req.auth(identity.email, identity.apiKey);
  for (const [k, v] of Object.entries(opts.headers ?? {})) req = req.set(k, v);
  if (encoding === 'query') {
    if (pairs.length) req = req.query(toQueryString(pairs));
  } else if (encoding === 'form') {
    req = req.type('form').send(toQueryString(pairs));
  } else {
    for (const [k, v] of pairs) req = req.field(k, v);
    for (const [k, f] of Object.entries(opts.files ?? {})) req = req.attach(k, Buffer.from(f.content), f.name);
  }
  const res = await req;
  const text: string = typeof res.body === 'string' ? res.body : (res.text ?? '');
  return { status: res.status, headers: res.headers as Record<string, string>, text };
}

/** What went wrong on the way, in a line: a timeout names REQUEST_TIMEOUT_MS. */
export function networkCause(error: unknown, timeoutMs: number): string {
  const e = error as { code?: string; timeout?: number; message?: string };
  if (e.timeout) return `no complete response within ${timeoutMs} ms (REQUEST_TIMEOUT_MS)`;
  return e.code ? `${e.code} ${e.message ?? ''}`.trim() : String(e.message ?? error);
}
