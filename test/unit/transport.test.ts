// The transport (helpers/http/transport.ts): what goes on the wire for each encoding, and what comes back.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/http/client.ts';
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
    expect(networkCause(cut, 5000)).toMatch(/^ECONNRESET/);
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
