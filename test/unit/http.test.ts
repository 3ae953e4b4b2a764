import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runWithin } from '../../helpers/checks/check.ts';
import { TargetError } from '../../helpers/errors.ts';
import { resetBreaker } from '../../helpers/http/breaker.ts';
import { ApiClient } from '../../helpers/http/client.ts';
import { encodeParams } from '../../helpers/http/encoding.ts';
import { toCurl } from '../../helpers/http/exchange.ts';
import {
  answeredFor,
  budgetLeft,
  budgetLeftToHold,
  budgetToWeigh,
  holdBudget,
  noteAnswered,
  noteBudget,
  noteRefusal,
  releaseHolds,
  resetBudgets,
  roomFor,
  sharedCells,
  slotFor,
  waitForBudget,
} from '../../helpers/http/rate-budget.ts';
import { Recorder } from '../../helpers/http/recorder.ts';
import { redact, redactFields, registerSecret } from '../../helpers/http/redact.ts';

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

const client = (recorder = new Recorder()) =>
  new ApiClient({
    baseUrl: base,
    identity: { email: 'a@example.com', apiKey: KEY, secretVar: 'MEMBER_API_KEY' },
    timeoutMs: 2000,
    rateLimitMaxWaitSeconds: 5,
    recorder,
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
    const started = Date.now();
    const res = await client().get('/drafts');
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("tells the other workers a 429's wait before the budget it shows, which ends the probe that met it", async () => {
    resetBudgets();
    const other = new BroadcastChannel('teamchat-conformance:rate-budget');
    const news: string[] = [];
    other.onmessage = (event) => news.push((event as { data: { kind: string } }).data.kind);
    const reset = String(Math.floor(Date.now() / 1000) + 60);
    answers = [
      {
        status: 429,
        body: '{"result":"error","msg":"slow down","code":"RATE_LIMIT_HIT","retry-after":0.2}',
        headers: { 'retry-after': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      },
    ];
    expect((await client().get('/drafts')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Told the other way round, a request of another worker saw the probe end with no wait yet, and met a 429 too.
    expect(news.filter((kind) => kind === 'refusal' || kind === 'budget').slice(0, 2)).toEqual(['refusal', 'budget']);
    other.close();
    resetBudgets();
  });

  it('waits out a 429 that gives only the Retry-After header', async () => {
    answers = [
      {
        status: 429,
        body: '{"result":"error","msg":"slow down","code":"RATE_LIMIT_HIT"}',
        headers: { 'retry-after': '1' },
      },
    ];
    const started = Date.now();
    expect((await client().get('/drafts')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
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

/**
 * An account of a target that shows no budget: 40 calls in the 0.4 s from `t`, and a 429 at 0.5 s until 1 s, which
 * reads a limit of 40 calls a second (the first call leaves a 1 s window of 40).
 */
function fortyThenRefused(account: string, t: number): void {
  for (let i = 0; i < 40; i++) noteAnswered(account, true, t + 10 * i, false);
  noteRefusal(account, 500, t + 500);
}

describe('rate-limit budgets', () => {
  it('wait for the window to reset once an account is down to the reserve', async () => {
    resetBudgets();
    const now = Date.now();
    noteBudget(
      'a@example.com',
      { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String((now + 60_000) / 1000) },
      now,
    );
    expect(await waitForBudget('a@example.com', 2, now)).toBe(0);
    noteBudget('a@example.com', { 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': String((now + 300) / 1000) }, now);
    const started = Date.now();
    await waitForBudget('a@example.com', 2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await waitForBudget('b@example.com', 2)).toBe(0); // other accounts are not held up
  });

  it("after a 429's wait, let one request find out whether the account is back; the others wait for its answer", async () => {
    resetBudgets();
    noteRefusal('p@example.com', 100);
    const gone: string[] = [];
    const go = (name: string) => waitForBudget('p@example.com', 0).then(() => gone.push(name));
    const both = Promise.all([go('a'), go('b')]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(gone).toHaveLength(1); // past the wait and its jitter, one went; the other waits for its answer
    noteAnswered('p@example.com', true); // the answer: the account is back
    await both;
    expect(gone).toHaveLength(2);
    resetBudgets();
  });

  it('once a Reset has passed, let one request find out how much came back (a Reset may name one free slot)', async () => {
    resetBudgets();
    noteBudget('n@example.com', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0.1' }); // a slot in 100 ms
    const gone: string[] = [];
    const go = (name: string) => waitForBudget('n@example.com', 0).then(() => gone.push(name));
    const both = Promise.all([go('a'), go('b')]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(gone).toHaveLength(1); // past the Reset one went; the other waits for its answer
    noteBudget('n@example.com', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '60' }); // its answer: 5 left
    noteAnswered('n@example.com', true);
    await both;
    expect(gone).toHaveLength(2);
    resetBudgets();
  });

  it('where no budget is shown, go on one request at a time once the account has met a 429', async () => {
    resetBudgets();
    noteRefusal('q@example.com', 50);
    const gone: string[] = [];
    const go = (name: string) => waitForBudget('q@example.com', 0).then(() => gone.push(name));
    await go('a');
    noteAnswered('q@example.com', true, Date.now(), false); // accepted, but no word of how many calls came back
    const both = Promise.all([go('b'), go('c')]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(gone).toEqual(['a', 'b']); // the next finds out; the other waits for its answer
    noteAnswered('q@example.com', true, Date.now(), false);
    await both;
    expect(gone).toEqual(['a', 'b', 'c']);
    resetBudgets();
  });

  it('where no budget is shown, read the limit off a 429 and the log of calls, and keep to it', async () => {
    resetBudgets();
    const t = Date.now() - 1000;
    fortyThenRefused('n@example.com', t);
    expect(budgetLeft('n@example.com', t + 600)).toBe(0);
    noteAnswered('n@example.com', true, t + 1000, false); // the request that found out: accepted
    // Read off one 429, the limit holds nothing back and says nothing of the budget: where it says none is free, one
    // request finds out (a proxy's random 429 is no limit).
    expect(budgetLeft('n@example.com', t + 1000)).toBeUndefined();
    expect(await waitForBudget('n@example.com', 0)).toBeLessThan(100);
    // Its answer, a 429 until the second call leaves: two 429s fit the limit, which now paces the account.
    noteRefusal('n@example.com', 5, t + 1005);
    noteAnswered('n@example.com', false, t + 1005, false);
    // The next slot frees as the second call leaves the window (with the slack for the log's times, and the margin),
    // and the requests go by the limit read, not one at a time.
    expect(slotFor('n@example.com', 0)).toBe(t + 10 + 1000 + 100 + 250);
    expect(await waitForBudget('n@example.com', 0)).toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(t + 1360);
    expect(budgetLeft('n@example.com', t + 1360)).toBe(40 - 13 - 1); // the calls from 0.27 s on, and the last
    noteAnswered('n@example.com', true, Date.now(), false); // the request that waited for the slot: accepted
    expect(await waitForBudget('n@example.com', 0)).toBe(0);
    expect(await waitForBudget('n@example.com', 0)).toBe(0);
    resetBudgets();
  });

  it('where no budget is shown, leave calls whose credentials were refused out of the log the limit is read from', () => {
    resetBudgets();
    const t = Date.now() - 1000;
    // As above (40 calls, a 429 at 0.5 s until 1 s), with five 401s among the first calls: not the account's calls.
    for (let i = 0; i < 40; i++) noteAnswered('w@example.com', true, t + 10 * i, false);
    for (let i = 0; i < 5; i++) noteAnswered('w@example.com', true, t + 10 * i + 5, false, true);
    noteRefusal('w@example.com', 500, t + 500);
    noteAnswered('w@example.com', true, t + 1000, false);
    noteRefusal('w@example.com', 5, t + 1005);
    noteAnswered('w@example.com', false, t + 1005, false);
    // The limit read is 40 (45 with the 401s logged: five calls too many let into a full window).
    expect(budgetLeft('w@example.com', t + 1360)).toBe(40 - 13 - 1);
    resetBudgets();
  });

  it("where no budget is shown, take a limit like one another account's 429s confirmed at the account's first 429", () => {
    resetBudgets();
    const t = Date.now() - 2000;
    // The first account: two 429s that fit a limit of 40 calls a second.
    fortyThenRefused('a@example.com', t);
    noteAnswered('a@example.com', true, t + 1000, false);
    noteRefusal('a@example.com', 5, t + 1005);
    // The second: 40 calls 25 ms apart and a 429 with a 10 ms wait. Every call has that gap before it: alone, too
    // many limits fit; like the first account's, a few do, and its first 429 confirms them.
    const evenly = (account: string) => {
      for (let i = 0; i < 40; i++) noteAnswered(account, true, t + 25 * i, false);
      noteRefusal(account, 10, t + 980);
    };
    evenly('b@example.com');
    expect(budgetLeft('b@example.com', t + 1000)).toBeDefined();
    resetBudgets();
    evenly('c@example.com');
    expect(budgetLeft('c@example.com', t + 1000)).toBeUndefined();
    resetBudgets();
  });

  it("where no budget is shown, confirm a limit by two accounts' single 429s that fit it, each account's", () => {
    resetBudgets();
    const t = Date.now() - 1000;
    // One 429 each, both reading 40 calls a second: neither alone is a limit (a proxy's 429 may be no limiter's).
    fortyThenRefused('a@example.com', t);
    expect(budgetLeft('a@example.com', t + 1100)).toBeUndefined();
    fortyThenRefused('b@example.com', t + 20);
    // Together they are: both accounts are paced by it, and neither sends into its full window to find out.
    expect(budgetLeft('b@example.com', t + 1050)).toBe(0);
    expect(budgetLeft('a@example.com', t + 1050)).toBe(0);
    expect(budgetLeft('a@example.com', t + 1700)).toBe(40);
    // One that reads another limit (40 calls in 2 s) confirms neither.
    resetBudgets();
    fortyThenRefused('a@example.com', t);
    for (let i = 0; i < 40; i++) noteAnswered('c@example.com', true, t - 1000 + 25 * i, false);
    noteRefusal('c@example.com', 1000, t);
    expect(budgetLeft('a@example.com', t + 1100)).toBeUndefined();
    expect(budgetLeft('c@example.com', t + 1100)).toBeUndefined();
    resetBudgets();
  });

  it("where no budget is shown, send one request at a time where another account's limit leaves the account none", async () => {
    resetBudgets();
    const t = Date.now() - 1000;
    // The first account's 429 reads a limit of 40 calls a second; the second has made 40 calls in that second.
    fortyThenRefused('a@example.com', t);
    for (let i = 0; i < 40; i++) noteAnswered('b@example.com', true, t + 500 + 10 * i, false);
    const gone: string[] = [];
    const go = (name: string) => waitForBudget('b@example.com', 2).then(() => gone.push(name));
    const both = Promise.all([go('x'), go('y')]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(gone).toEqual(['x']); // the other waits for its answer: a 429 then would have come to both
    noteAnswered('b@example.com', true, Date.now(), false);
    await both;
    expect(gone).toEqual(['x', 'y']);
    // Accepted well past that limit (its slack of calls), the account is not held to it: both go at once.
    for (let i = 0; i < 20; i++) noteAnswered('b@example.com', true, Date.now(), false);
    gone.length = 0;
    const again = Promise.all([go('x'), go('y')]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(gone).toEqual(['x', 'y']);
    await again;
    resetBudgets();
  });

  it("where no budget is shown, weigh an account by the limits read off another's 429s until its own tell more", () => {
    resetBudgets();
    const t = Date.now() - 1000;
    for (let i = 0; i < 40; i++) noteAnswered('n@example.com', true, t + 10 * i, false);
    for (let i = 0; i < 10; i++) noteAnswered('m@example.com', true, t + 10 * i, false);
    expect(budgetToWeigh('m@example.com', t + 450)).toBeUndefined(); // nothing known yet
    noteRefusal('n@example.com', 500, t + 500); // 40 in a window of 1 s
    // Pacing keeps to what the account's own answers say (nothing), weighing borrows the limit: 40 less its 10 calls.
    expect(budgetLeft('m@example.com', t + 600)).toBeUndefined();
    expect(budgetToWeigh('m@example.com', t + 600)).toBe(30);
    expect(budgetToWeigh('n@example.com', t + 600)).toBe(0);
    resetBudgets();
  });

  it('with a spent budget whose Reset is far, send one request at a time until the target answers', async () => {
    resetBudgets();
    const now = Date.now();
    noteBudget('s@example.com', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String((now + 60_000) / 1000) });
    expect(await waitForBudget('s@example.com', 0)).toBe(0); // the first finds out
    let second = false;
    const waiting = waitForBudget('s@example.com', 0).then(() => {
      second = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second).toBe(false);
    noteRefusal('s@example.com', 50); // its answer: a 429, back in 50 ms
    noteAnswered('s@example.com', true); // and then a success
    await waiting;
    expect(second).toBe(true);
    resetBudgets();
  });

  it("tell the run's other workers the counts of answered requests in batches, and what ends a wait at once", async () => {
    resetBudgets();
    const heard: { kind: string; account: string; count?: number; times?: number[] }[] = [];
    const other = new BroadcastChannel('teamchat-conformance:rate-budget');
    other.onmessage = (event) => heard.push((event as { data: (typeof heard)[number] }).data);
    try {
      for (let i = 0; i < 5; i++) noteAnswered('c@example.com', true, 1000 + i);
      expect(answeredFor('c@example.com')).toBe(5); // this worker counts at once
      await new Promise((resolve) => setTimeout(resolve, 150));
      // Counts with their times only: they may be older than a 429 another worker met since, so they say nothing of
      // the budget.
      expect(heard).toEqual([
        { kind: 'counted', account: 'c@example.com', count: 5, times: [1000, 1001, 1002, 1003, 1004] },
      ]);
      noteAnswered('c@example.com', false); // a 429: news at once
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard.at(-1)).toMatchObject({ kind: 'answered', accepted: false });
    } finally {
      other.close();
      resetBudgets();
    }
  });

  it("after one 429, know from the log of the account's calls when each later slot of a sliding log frees", async () => {
    resetBudgets();
    const t = Date.now() - 650;
    const limited = (remaining: number) => ({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.ceil((t + 60_000) / 1000)),
    });
    // Calls at t, t+100, t+200 fill a window of 3; a fourth at t+300 is refused until the first leaves (t+500: the
    // window is 500 ms). Before the 429 the log cannot tell.
    for (const [i, remaining] of [2, 1, 0].entries()) {
      noteAnswered('w@example.com', true, t + 100 * i);
      noteBudget('w@example.com', limited(remaining), t + 100 * i);
    }
    expect(slotFor('w@example.com', 0)).toBeUndefined();
    noteAnswered('w@example.com', false, t + 300);
    noteRefusal('w@example.com', 200, t + 300);
    // The call at t+500 takes the first slot back; the next frees as the call of t+100 leaves: at t+600.
    noteAnswered('w@example.com', true, t + 500);
    noteBudget('w@example.com', limited(0), t + 500);
    expect(slotFor('w@example.com', 0)).toBe(t + 600 + 250); // with the margin for the answer's way back
    expect(slotFor('w@example.com', 1)).toBe(t + 700 + 250); // two free: the call of t+200 gone too
    // So a request (now about t+650) waits for that slot instead of asking into the closed window.
    const waited = await waitForBudget('w@example.com', 0);
    expect(Date.now()).toBeGreaterThanOrEqual(t + 850);
    expect(waited).toBeGreaterThan(0);
    // Never past a Reset the target names (a log missing another client's calls would wait too long).
    noteBudget('w@example.com', { ...limited(0), 'x-ratelimit-reset': '0.1' }, t + 500);
    expect(slotFor('w@example.com', 0)).toBe(t + 600 + 50);
    resetBudgets();
  });

  it("take a 429's Reset naming when the window is clear as the most the window can be: a log short of calls runs long", () => {
    resetBudgets();
    const t = Date.now();
    // A window of 3 calls in 60 s, on a sliding log whose Reset names when the window is clear (the newest call + the
    // window, in whole seconds). The target counted calls at t+57 s (which this log lacks: made before this worker
    // began, say), t+58 s and t+59 s; the 429 at t+59.5 s lasts until the call of t+57 s leaves, at t+117 s.
    const clearAt = (newest: number) => ({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil((newest + 60_000) / 1000)),
    });
    for (const at of [t, t + 58_000, t + 59_000]) noteAnswered('g@example.com', true, at);
    noteAnswered('g@example.com', false, t + 59_500);
    noteRefusal('g@example.com', 57_500, t + 59_500, clearAt(t + 59_000));
    // The probe takes that slot; the next frees as the call of t+58 s leaves, at t+118 s. By the log alone the window
    // held the calls of t, t+58 s and t+59 s and lasted 117 s: that slot would come at t+175 s. The Reset says the
    // window is at most 61 s (60 s, and a second for the rounding).
    noteAnswered('g@example.com', true, t + 117_000);
    noteBudget('g@example.com', clearAt(t + 117_000), t + 117_000);
    const slot = slotFor('g@example.com', 0)!;
    expect(slot).toBeGreaterThanOrEqual(t + 118_000);
    expect(slot).toBeLessThan(t + 118_000 + 2000 + 50 + 250);
    // A Reset no later than the 429's wait (the next free slot, a fixed window's end) tells nothing of the window.
    noteRefusal('g@example.com', 57_500, t + 59_500, {
      ...clearAt(t),
      'x-ratelimit-reset': String((t + 117_000) / 1000),
    });
    expect(slotFor('g@example.com', 0)).toBe(t + 58_000 + 117_000 + 250);
    resetBudgets();
  });

  it('with too few calls logged to read a limit off the 429s, or fewer than the limit shown (another client), the log tells nothing', () => {
    resetBudgets();
    const t = Date.now();
    for (const i of [0, 1, 2]) noteAnswered('h@example.com', true, t + 100 * i);
    noteRefusal('h@example.com', 200, t + 300);
    expect(slotFor('h@example.com', 0)).toBeUndefined();
    noteBudget(
      'y@example.com',
      { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String((t + 60_000) / 1000) },
      t,
    );
    noteAnswered('y@example.com', true, t);
    noteRefusal('y@example.com', 100, t + 10);
    expect(slotFor('y@example.com', 0)).toBeUndefined();
    resetBudgets();
  });

  it('leave the calls another worker holds for timed steps to it, first holder first; the holder spends them', async () => {
    resetBudgets();
    const other = new BroadcastChannel('teamchat-conformance:rate-budget');
    const holds: { holder: number; count: number }[] = [];
    other.onmessage = (event) => {
      const news = (event as { data: { kind: string; holder: number; count: number } }).data;
      if (news.kind === 'hold') holds.push(news);
    };
    const now = Date.now();
    const reset = String((now + 60_000) / 1000);
    noteBudget('h@example.com', { 'x-ratelimit-remaining': '8', 'x-ratelimit-reset': reset }, now);
    // Another thread (holder 9999) began holding 10 calls before this one's hold.
    other.postMessage({
      kind: 'hold',
      account: 'h@example.com',
      holder: 9999,
      count: 10,
      sinceMs: now - 1000,
      untilMs: now + 15_000,
      armed: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let sent = false;
    const held = waitForBudget('h@example.com', 2).then(() => {
      sent = true;
    });
    expect(await waitForBudget('h@example.com', 0)).toBe(0); // a request without a reserve (the lease) goes first
    holdBudget('h@example.com', 3, false);
    expect(budgetLeftToHold('h@example.com')).toBe(8 - 10); // the earlier holder is served first
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(sent).toBe(false); // 8 left, 2 kept back and 10 held: this request waits
    other.postMessage({
      kind: 'hold',
      account: 'h@example.com',
      holder: 9999,
      count: 0,
      sinceMs: now - 1000,
      untilMs: 0,
      armed: false,
    });
    await held; // the other thread's hold ended (this thread's own does not hold its requests back)
    expect(budgetLeftToHold('h@example.com')).toBe(8);
    // Armed, each of the holder's requests spends a held call, and the hold ends with the last.
    holdBudget('h@example.com', 2, true);
    await waitForBudget('h@example.com', 2);
    await waitForBudget('h@example.com', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(holds.filter((h) => h.holder !== 9999).map((h) => h.count)).toEqual([3, 2, 1, 0]);
    holdBudget('h@example.com', 4, false);
    releaseHolds(); // the check ended
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(holds.at(-1)?.count).toBe(0);
    other.close();
    resetBudgets();
  });

  it("hold a holder's requests back by the holds begun before its own only: two holders never wait on each other", async () => {
    resetBudgets();
    const other = new BroadcastChannel('teamchat-conformance:rate-budget');
    const now = Date.now();
    noteBudget('k@example.com', { 'x-ratelimit-remaining': '8', 'x-ratelimit-reset': String((now + 60_000) / 1000) });
    holdBudget('k@example.com', 3, false, now - 1000);
    // Another thread (holder 9998) began holding 10 calls after this one.
    const later = {
      kind: 'hold',
      account: 'k@example.com',
      holder: 9998,
      count: 10,
      untilMs: now + 15_000,
      armed: false,
    };
    other.postMessage({ ...later, sinceMs: now });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await waitForBudget('k@example.com', 2)).toBe(0); // 8 left, 2 kept back: the later hold is not in the way
    noteAnswered('k@example.com');
    // A request of a thread that holds nothing leaves every hold alone: 8 left, 2 kept back and 10 held, it waits.
    releaseHolds();
    await new Promise((resolve) => setTimeout(resolve, 20));
    let sent = false;
    const waiting = waitForBudget('k@example.com', 2).then(() => {
      sent = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(sent).toBe(false);
    other.postMessage({ ...later, sinceMs: now, count: 0 });
    await waiting;
    noteAnswered('k@example.com');
    other.close();
    resetBudgets();
  });

  it('near the end of a budget, keep back only the requests on their way (every thread counts them) and two', async () => {
    resetBudgets();
    const now = Date.now();
    const reset = String((now + 60_000) / 1000);
    noteBudget('f@example.com', { 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': reset }, now);
    // A reserve of 14 (twelve workers and two) would wait here; with nothing on its way, two are kept back.
    expect(await waitForBudget('f@example.com', 14)).toBe(0);
    expect(sharedCells().onTheirWayOf('f@example.com')).toBe(1); // counted for every thread until its answer comes
    noteAnswered('f@example.com');
    expect(sharedCells().onTheirWayOf('f@example.com')).toBe(0);
    // Other threads have nine requests on their way: 10 left, 9 + 2 kept back, so this request waits for answers.
    const theirs = Array.from({ length: 9 }, () => sharedCells().claim('f@example.com')!);
    let sent = false;
    const waiting = waitForBudget('f@example.com', 14).then(() => {
      sent = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(false);
    sharedCells().release(theirs.pop()!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(false); // 8 on their way: 10 left is not more than 8 + 2
    sharedCells().release(theirs.pop()!);
    await waiting;
    noteAnswered('f@example.com');
    for (const call of theirs) sharedCells().release(call);
    // Far from the end (more than 40 left) the reserve is kept back, whatever is on its way.
    noteBudget('f@example.com', { 'x-ratelimit-remaining': '100', 'x-ratelimit-reset': reset }, now);
    expect(await waitForBudget('f@example.com', 14)).toBe(0);
    noteAnswered('f@example.com');
    resetBudgets();
  });

  it('take the last call of a window for one request only, however many threads decide in the same instant', () => {
    resetBudgets();
    noteBudget('h@example.com', { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': String(Date.now() / 1000 + 60) });
    // Each thread's check, made at the instant its request is counted: three left, two kept back beyond those on
    // their way. The first request takes the call; every other finds it taken, whatever it learnt before.
    const free = (left: number | undefined, going: number) => (left ?? 0) > going + 2;
    const first = sharedCells().claim('h@example.com', free);
    expect(first).toBeDefined();
    expect(sharedCells().claim('h@example.com', free)).toBeUndefined();
    sharedCells().release(first!);
    expect(sharedCells().claim('h@example.com', free)).toBeDefined();
    resetBudgets();
  });

  it('before timed steps, want free the steps and one call a worker; near the end, the steps and those on their way and two', () => {
    resetBudgets();
    const now = Date.now();
    const reset = String((now + 60_000) / 1000);
    // No budget shown: one a worker.
    expect(roomFor('g@example.com', 2, 12)).toBe(14);
    noteBudget('g@example.com', { 'x-ratelimit-remaining': '100', 'x-ratelimit-reset': reset }, now);
    expect(roomFor('g@example.com', 2, 12)).toBe(14);
    // 5 left, nothing on its way: the steps' 2 and a margin of 2 (one a worker would wait a window for 14).
    noteBudget('g@example.com', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': reset }, now);
    expect(roomFor('g@example.com', 2, 12)).toBe(4);
    const theirs = Array.from({ length: 3 }, () => sharedCells().claim('g@example.com')!);
    expect(roomFor('g@example.com', 2, 12)).toBe(7);
    for (const call of theirs) sharedCells().release(call);
    resetBudgets();
  });

  it('ignore answers without rate-limit headers', async () => {
    resetBudgets();
    noteBudget('a@example.com', {});
    expect(await waitForBudget('a@example.com', 100)).toBe(0);
  });
});

describe('MAX_RPS pacing', () => {
  it('spaces the requests of a process at least the interval apart', async () => {
    const paced = new ApiClient({
      baseUrl: base,
      identity: null,
      timeoutMs: 2000,
      rateLimitMaxWaitSeconds: 1,
      minIntervalMs: 100,
    });
    const started = Date.now();
    await Promise.all([paced.get('/a'), paced.get('/b'), paced.get('/c'), paced.get('/d')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
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

  it('records the MAX_RPS pacing of a request as waiting', async () => {
    const recorder = new Recorder();
    const paced = new ApiClient({
      baseUrl: base,
      identity: null,
      timeoutMs: 2000,
      rateLimitMaxWaitSeconds: 1,
      minIntervalMs: 150,
      recorder,
    });
    await Promise.all([paced.get('/a'), paced.get('/b'), paced.get('/c')]);
    expect(recorder.waitedMs()).toBeGreaterThanOrEqual(250);
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
