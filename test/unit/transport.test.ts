// The transport (helpers/http/transport.ts): what goes on the wire for each encoding, and what comes back.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/http/client.ts';
import { Recorder } from '../../helpers/http/recorder.ts';
import { networkCause, type Outgoing, send } from '../../helpers/http/transport.ts';
import { notTheApi } from '../../helpers/world/is-the-api.ts';

let server: Server;
let base = '';
let last: { req: IncomingMessage; body: Buffer } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      last = { req, body: Buffer.concat(chunks) };
      if (req.url?.startsWith('/api/v1/redirect')) return res.writeHead(302, { location: '/api/v1/elsewhere' }).end();
      if (req.url === '/api/v1/users/me')
        return res.writeHead(301, { location: 'https://chat.example.com/api/v1/users/me' }).end();
      if (req.url?.startsWith('/api/v1/slow')) return; // never answers
      const coded = /^\/api\/v1\/coded\/([a-z-]+)/.exec(req.url ?? '')?.[1];
      if (coded) return res.writeHead(200, { 'content-encoding': CODED[coded]![0] }).end(CODED[coded]![1]);
      if (req.url?.startsWith('/api/v1/cut')) {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"result":');
        return res.socket?.destroy();
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '7' });
      res.end('{"result":"success","msg":"é"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const JSON_TEXT = '{"result":"success","msg":"é"}';
/** Content-Encoding and body: each coding a server may send unasked (deflate raw too), and two it may not. */
const CODED: Record<string, [string, Buffer]> = {
  gzip: ['gzip', gzipSync(JSON_TEXT)],
  'x-gzip': ['x-gzip', gzipSync(JSON_TEXT)],
  deflate: ['deflate', deflateSync(JSON_TEXT)],
  'raw-deflate': ['deflate', deflateRawSync(JSON_TEXT)],
  br: ['br', brotliCompressSync(JSON_TEXT)],
  'gzip-br': ['gzip, br', brotliCompressSync(gzipSync(JSON_TEXT))],
  zstd: ['zstd', Buffer.from('(zstd)')],
  'not-gzip': ['gzip', Buffer.from(JSON_TEXT)],
};

const out = (over: Partial<Outgoing>): Outgoing => ({
  method: 'POST',
  path: '/x',
  identity: null,
  encoding: 'form',
  pairs: [],
  opts: {},
  ...over,
});

describe('the transport', () => {
  it('sends a multipart body any form parser reads: the fields, then the files with their names', async () => {
    const answer = await send(
      base,
      out({
        encoding: 'multipart',
        pairs: [
          ['a', 'b c'],
          ['ünï', 'é"'],
        ],
        opts: { files: { file: { name: 'notes.txt', content: 'hello\r\nworld' } } },
      }),
      5000,
    );
    expect(answer).toMatchObject({ status: 200, text: '{"result":"success","msg":"é"}' });
    expect(answer.headers['x-ratelimit-remaining']).toBe('7');
    const form = await new Response(last!.body, {
      headers: { 'content-type': last!.req.headers['content-type']! },
    }).formData();
    expect(form.get('a')).toBe('b c');
    expect(form.get('ünï')).toBe('é"');
    const file = form.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['notes.txt', 'text/plain', 'hello\r\nworld']);
  });

  it('answers a redirect as it comes (not followed), and asks for no compression', async () => {
    const answer = await send(base, out({ method: 'GET', path: '/redirect', encoding: 'query' }), 5000);
    expect(answer.status).toBe(302);
    expect(last!.req.url).toBe('/api/v1/redirect');
    expect(last!.req.headers['accept-encoding']).toBeUndefined();
    expect(last!.req.headers['user-agent']).toBe('teamchat-conformance');
  });

  it('gives up at the deadline, naming REQUEST_TIMEOUT_MS, and reports a body cut short as no answer', async () => {
    const slow = await send(base, out({ path: '/slow' }), 200).catch((e: unknown) => e);
    expect(networkCause(slow, 200)).toBe('no complete response within 200 ms (REQUEST_TIMEOUT_MS)');
    const cut = await send(base, out({ path: '/cut' }), 5000).catch((e: unknown) => e);
    // Cut before or after the answer's first bytes: either way no answer.
    expect(networkCause(cut, 5000)).toMatch(/ECONNRESET/);
  });
});

describe('an answer in a content coding the client did not ask for', () => {
  it('is decoded: gzip, x-gzip, deflate (zlib or raw), br, and codings applied one over another', async () => {
    for (const coding of ['gzip', 'x-gzip', 'deflate', 'raw-deflate', 'br', 'gzip-br']) {
      const answer = await send(base, out({ method: 'GET', path: `/coded/${coding}`, encoding: 'query' }), 5000);
      expect(answer.text, coding).toBe(JSON_TEXT);
    }
  });

  it('is recorded decoded', async () => {
    const recorder = new Recorder();
    const client = new ApiClient({
      baseUrl: base,
      identity: null,
      timeoutMs: 5000,
      rateLimitMaxWaitSeconds: 0,
      recorder,
    });
    expect((await client.get('/coded/gzip')).body).toEqual({ result: 'success', msg: 'é' });
    expect(recorder.last()?.responseBody).toBe(JSON_TEXT);
  });

  it('is no answer where it cannot be decoded, and says why', async () => {
    const zstd = await send(base, out({ method: 'GET', path: '/coded/zstd', encoding: 'query' }), 5000).catch((e) => e);
    expect(networkCause(zstd, 5000)).toMatch(/^the answer came in content coding "zstd", which the client does not/);
    const bad = await send(base, out({ method: 'GET', path: '/coded/not-gzip', encoding: 'query' }), 5000).catch(
      (e) => e,
    );
    expect(networkCause(bad, 5000)).toMatch(/^the answer's body is not valid gzip/);
  });
});

/**
 * A target that closes every kept-alive connection as the next request comes on it, unanswered (an idle timeout that
 * fired as the request went out), and drops any request to /drop. It logs each request as it came: method, path,
 * which connection (1, 2, …) and the how-manieth request on it. Each case has its own: no connection of another.
 */
async function closingTarget(): Promise<{ url: string; arrived: string[]; close: () => Promise<void> }> {
  const arrived: string[] = [];
  let connections = 0;
  const numbers = new WeakMap<Socket, { id: number; served: number }>();
  const target = createServer((req, res) => {
    const seen = numbers.get(req.socket)!;
    seen.served += 1;
    arrived.push(`${req.method} ${req.url!.replace('/api/v1', '')} on ${seen.id}.${seen.served}`);
    if (seen.served > 1 || req.url!.includes('drop')) return req.socket.destroy();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
  });
  target.on('connection', (socket) => numbers.set(socket, { id: ++connections, served: 0 }));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  return { url, arrived, close: () => new Promise<void>((r) => target.close(() => r())) };
}

/** One turn of the event loop: the connection of the answer just read is back in the pool. */
const turn = () => new Promise((r) => setImmediate(r));

describe('a target that closes kept-alive connections under the requests that reuse them', () => {
  it('gets an idempotent request again, once, on a new connection; the client records it as sent twice', async () => {
    const target = await closingTarget();
    const recorder = new Recorder();
    const client = new ApiClient({
      baseUrl: target.url,
      identity: null,
      timeoutMs: 5000,
      rateLimitMaxWaitSeconds: 0,
      recorder,
    });
    for (const [i, path] of ['/a', '/b', '/c', '/d'].entries()) {
      const res = await (i % 2 ? client.delete(path) : client.get(path));
      expect(res.status).toBe(200);
      await turn();
    }
    await target.close();
    // The second sending goes on a connection of its own, closed after it: the next request opens one to reuse.
    expect(target.arrived).toEqual([
      'GET /a on 1.1',
      'DELETE /b on 1.2',
      'DELETE /b on 2.1',
      'GET /c on 3.1',
      'DELETE /d on 3.2',
      'DELETE /d on 4.1',
    ]);
    expect(recorder.exchanges.map((e) => e.resent !== undefined)).toEqual([false, true, false, true]);
    expect(recorder.exchanges[1]!.resent).toMatch(
      /^the target reset the connection \((ECONNRESET|EPIPE).*\) before answering, on a reused kept-alive connection$/,
    );
  });

  it('gets POST and PATCH each on a new connection, so that none meets a reused one closing', async () => {
    const target = await closingTarget();
    for (const method of ['POST', 'PATCH', 'POST'] as const) {
      expect((await send(target.url, out({ method }), 5000)).status).toBe(200);
      await turn();
    }
    await target.close();
    expect(target.arrived).toEqual(['POST /x on 1.1', 'PATCH /x on 2.1', 'POST /x on 3.1']);
  });

  it('gets a POST whose connection it reset once, and the error says so', async () => {
    const target = await closingTarget();
    const error = await send(target.url, out({ path: '/drop' }), 5000).catch((e: unknown) => e);
    await target.close();
    expect(networkCause(error, 5000)).toMatch(
      /^the target reset the connection \(.*\) before answering; POST is not idempotent, so it was not sent again$/,
    );
    expect(target.arrived).toEqual(['POST /drop on 1.1']);
  });

  it('gets an idempotent request once where the connection it reset was a new one', async () => {
    const target = await closingTarget();
    const get = out({ method: 'GET', path: '/drop', encoding: 'query' });
    const error = await send(target.url, get, 5000).catch((e: unknown) => e);
    await target.close();
    expect(networkCause(error, 5000)).toMatch(/^the target reset the connection \(.*\) before answering$/);
    expect(target.arrived).toEqual(['GET /drop on 1.1']);
  });
});

describe('a target that redirects (an http address of an https server)', () => {
  it('stops the run with one message that says where the redirect points', async () => {
    const anonymous = new ApiClient({ baseUrl: base, identity: null, timeoutMs: 5000, rateLimitMaxWaitSeconds: 0 });
    const error = await notTheApi(anonymous);
    expect(error?.message).toContain('answered HTTP 301');
    expect(error?.message).toContain('It redirects to https://chat.example.com/api/v1/users/me');
  });
});
