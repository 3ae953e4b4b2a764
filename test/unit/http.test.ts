import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runWithin } from '../../helpers/checks/check.ts';
import { TargetError } from '../../helpers/errors.ts';
import { resetBreaker } from '../../helpers/http/breaker.ts';
import { ApiClient, type ClientOptions } from '../../helpers/http/client.ts';
import { encodeParams } from '../../helpers/http/encoding.ts';
import { toCurl } from '../../helpers/http/exchange.ts';
import { Spacer } from '../../helpers/http/pacing/spacer.ts';
import { Recorder } from '../../helpers/http/recorder.ts';
import { redact, redactFields, registerSecret } from '../../helpers/http/redact.ts';
import { pacingWorld } from '../support/pacing-world.ts';

const KEY = 'TopSecretApiKey0123456789abcdefZ';

/** A stub target that answers from a queue of canned responses and remembers what it got. */
let server: Server;
let base: string;
const seen: { method: string; url: string; body: string; auth?: string }[] = [];
let answers: { status: number; body: string; headers?: Record<string, string> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        body,
        ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
      });
      const a = answers.shift() ?? { status: 200, body: '{"result":"success","msg":""}' };
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  seen.length = 0;
  answers = [];
  resetBreaker();
});

const client = (recorder = new Recorder(), paced: Partial<ClientOptions> = {}) =>
  new ApiClient({
    baseUrl: base,
    identity: { email: 'a@example.com', apiKey: KEY, secretVar: 'MEMBER_API_KEY' },
    timeoutMs: 2000,
    rateLimitMaxWaitSeconds: 5,
    recorder,
    ...paced,
  });

describe('parameter encoding', () => {
  it('sends strings as they are and JSON-encodes everything else', () => {
    expect(encodeParams({ s: 'a b', n: 3, b: false, l: [1, 2], o: { x: 'y' }, nul: null, skip: undefined })).toEqual([
      ['s', 'a b'],
      ['n', '3'],
      ['b', 'false'],
      ['l', '[1,2]'],
      ['o', '{"x":"y"}'],
      ['nul', 'null'],
    ]);
  });

  it('puts GET parameters in the query and POST, PATCH and DELETE parameters in a form body', async () => {
    const c = client();
    await c.get('/drafts', { a: [1] });
    await c.post('/drafts', { drafts: [{ type: '' }] });
    await c.patch('/messages/1', { topic: 'x y' });
    await c.delete('/events', { queue_id: 'q' });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/api/v1/drafts?a=%5B1%5D', ''],
      ['POST', '/api/v1/drafts', 'drafts=%5B%7B%22type%22%3A%22%22%7D%5D'],
      ['PATCH', '/api/v1/messages/1', 'topic=x+y'],
      ['DELETE', '/api/v1/events', 'queue_id=q'],
    ]);
    expect(seen[0]!.auth).toBe(`Basic ${Buffer.from(`a@example.com:${KEY}`).toString('base64')}`);
  });

  it('can send multipart bodies and no credentials', async () => {
    await client().post('/x', { a: 'b' }, { encoding: 'multipart', identity: null });
    expect(seen[0]!.body).toContain('name="a"');
    expect(seen[0]!.auth).toBeUndefined();
  });
});

describe('responses', () => {
  it('parses JSON whatever the content type, and keeps non-JSON bodies as text', async () => {
    answers = [
      { status: 200, body: '{"result":"success","msg":""}', headers: { 'content-type': 'text/plain' } },
      { status: 500, body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } },
    ];
    const c = client();
    expect((await c.get('/a')).body).toEqual({ result: 'success', msg: '' });
    const html = await c.get('/b');
    expect(html.body).toBeUndefined();
    expect(html.text).toContain('bad gateway');
  });

  it('takes a 502/503/504 without a JSON body as the target being unavailable, and judges every other answer', async () => {
    answers = [
      { status: 502, body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } },
      { status: 503, body: '{"result":"error","msg":"down","code":"X"}' },
      { status: 500, body: '<html>oops</html>', headers: { 'content-type': 'text/html' } },
    ];
    const c = client();
    await expect(c.get('/a')).rejects.toThrow(/HTTP 502 without a JSON body/);
    expect((await c.get('/b')).body.code).toBe('X');
    expect((await c.get('/c')).status).toBe(500);
  });

  it("waits out a 429 for the body's exact retry-after (the header rounds it up) and tries again", async () => {
    answers = [
      {
        status: 429,
        body: '{"result":"error","msg":"slow down","code":"RATE_LIMIT_HIT","retry-after":0.4}',
        headers: { 'retry-after': '1' },
      },
    ];
    const { clock, p } = pacingWorld();
    const recorder = new Recorder();
    const res = await clock.drive(client(recorder, { pacing: p }).get('/drafts'));
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(2);
    // The body's 0.4 s, and the jitter that spreads the workers it frees (at most 30 ms).
    expect(recorder.rateLimitWaitedMs(clock.now())).toBeGreaterThanOrEqual(400);
    expect(recorder.rateLimitWaitedMs(clock.now())).toBeLessThanOrEqual(430);
  });

  it('waits out a 429 that gives only the Retry-After header', async () => {
    answers = [
      {
        status: 429,
        body: '{"result":"error","msg":"slow down","code":"RATE_LIMIT_HIT"}',
        headers: { 'retry-after': '1' },
      },
    ];
    const { clock, p } = pacingWorld();
    const recorder = new Recorder();
    expect((await clock.drive(client(recorder, { pacing: p }).get('/drafts'))).status).toBe(200);
    expect(recorder.rateLimitWaitedMs(clock.now())).toBeGreaterThanOrEqual(1000);
    expect(recorder.rateLimitWaitedMs(clock.now())).toBeLessThanOrEqual(1030);
  });

  it('gives up at once on a Retry-After longer than allowed', async () => {
    answers = [{ status: 429, body: '{}', headers: { 'retry-after': '3600' } }];
    await expect(client().get('/drafts')).rejects.toThrow(/rate-limited .* 3600 s/);
  });

  it('turns a refused connection into a TargetError and opens the breaker after a few', async () => {
    const dead = new ApiClient({
      baseUrl: 'http://127.0.0.1:1',
      identity: null,
      timeoutMs: 1000,
      rateLimitMaxWaitSeconds: 1,
    });
    for (let i = 0; i < 3; i++) await expect(dead.get('/x')).rejects.toThrow(TargetError);
    await expect(dead.get('/x')).rejects.toThrow(/stopped answering/);
  });
});

describe('MAX_RPS pacing', () => {
  it('spaces the requests of a process at least the interval apart, recording the spacing as waiting', async () => {
    const { clock, p } = pacingWorld();
    const recorder = new Recorder();
    const paced = new ApiClient({
      baseUrl: base,
      identity: null,
      timeoutMs: 2000,
      rateLimitMaxWaitSeconds: 1,
      minIntervalMs: 100,
      recorder,
      pacing: p,
      spacer: new Spacer(clock),
    });
    await clock.drive(Promise.all([paced.get('/a'), paced.get('/b'), paced.get('/c'), paced.get('/d')]));
    expect(seen).toHaveLength(4);
    // The fourth went 300 ms after the first: the waits of 100, 200 and 300 ms overlap, and count once.
    expect(recorder.waitedMs(clock.now())).toBe(300);
  });
});

describe("a check's time limit leaves out rate-limit waits", () => {
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  it('counts overlapping waits once', () => {
    const recorder = new Recorder();
    const endA = recorder.beginWait(1000);
    const endB = recorder.beginWait(1100);
    endA(1300);
    expect(recorder.waitedMs(1350)).toBe(350);
    endB(1400);
    endB(1900); // ending twice changes nothing
    expect(recorder.waitedMs(5000)).toBe(400);
  });

  it('ends a check that works past the limit, but not one that mostly waited', async () => {
    const busy = new Recorder();
    await expect(runWithin(sleep(400), busy, 150)).rejects.toThrow('the check worked 0.15 s without finishing');
    const patient = new Recorder();
    const work = (async () => {
      const end = patient.beginWait();
      await sleep(400);
      end();
      await sleep(50);
    })();
    await expect(runWithin(work, patient, 150)).resolves.toBeUndefined();
  });
});

describe('evidence', () => {
  it('records exchanges with credentials masked, and curl leaves the key to a variable', async () => {
    registerSecret(KEY);
    answers = [
      { status: 200, body: JSON.stringify({ result: 'success', msg: '', api_key: KEY, email: 'a@example.com' }) },
    ];
    const recorder = new Recorder();
    await client(recorder).post('/fetch_api_key', { username: 'a@example.com', password: 'pw-secret-1' });
    const text = JSON.stringify(recorder.exchanges);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('pw-secret-1');
    const curl = toCurl(recorder.last()!);
    expect(curl).toContain('"a@example.com:$MEMBER_API_KEY"');
    expect(curl).toContain("--data-urlencode 'password=***'");
    expect(curl).not.toContain(KEY);
  });

  it('masks known secrets anywhere and secret-named fields whatever they hold', () => {
    registerSecret('another-secret-value');
    expect(redact('x another-secret-value y')).toBe('x *** y');
    expect(redactFields({ a: { api_key: 'anything', note: 'another-secret-value' }, list: [{ password: 1 }] })).toEqual(
      {
        a: { api_key: '***', note: '***' },
        list: [{ password: '***' }],
      },
    );
  });
});
