// Honest outcomes by construction: a set-up step that fails (a `must…` helper) throws SetupError, which the check
// wrapper reports as outcome "error", never as the clause failed; the behaviour under test still fails the clause.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../helpers/checks/matchers.ts';
import { HarnessError, SetupError } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import { mustSucceed, setupFailure } from '../../helpers/http/setup-failure.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { draftOf, listDrafts, mustCreateDrafts, mustListDrafts } from '../../suites/drafts/drafts.ts';
import { KEY_ACCOUNT_ENV, runConformance } from '../e2e/run-conformance.ts';

const REFUSAL = { result: 'error', msg: 'Drafts are switched off here', code: 'BAD_REQUEST' };

/** A response as the client returns it: just what the helpers read. */
function answer(method: string, path: string, body: unknown, status = 400): ApiResponse {
  const text = JSON.stringify(body);
  return {
    status,
    headers: {},
    text,
    body,
    exchange: { method, url: `http://target/api/v1${path}`, caller: 'x', encoding: 'form', params: [], ms: 1 },
  };
}

/** Just what the drafts helpers use of a check's context, every account answering `reply`. */
function fakeCtx(reply: (method: string, path: string) => ApiResponse): CheckContext {
  const client = {
    post: async (path: string) => reply('POST', path),
    get: async (path: string) => reply('GET', path),
  };
  let n = 0;
  return {
    as: () => client,
    channel: () => ({ id: 1, name: 'general' }),
    unique: (label: string) => `cf-test-${label}-${++n}`,
    track: () => {},
  } as unknown as CheckContext;
}

describe('a must… helper whose set-up step fails', () => {
  const refusing = fakeCtx((method, path) => answer(method, path, REFUSAL));

  it('throws SetupError (a HarnessError), never an assertion', async () => {
    const creating = mustCreateDrafts(refusing, 'owner', [draftOf.unaddressed(refusing)]);
    await expect(creating).rejects.toBeInstanceOf(SetupError);
    await expect(creating).rejects.toBeInstanceOf(HarnessError);
    await expect(creating).rejects.not.toBeInstanceOf(ConformanceAssertion);
    await expect(creating).rejects.toThrow(/^setup step POST \/drafts \(creating drafts\) failed: HTTP 400/);
    await expect(mustListDrafts(refusing.as('owner'))).rejects.toBeInstanceOf(SetupError);
  });

  it('throws SetupError too when the step succeeds without what the check needs', async () => {
    const short = fakeCtx((method, path) => answer(method, path, { result: 'success', msg: '', ids: [] }, 200));
    await expect(mustCreateDrafts(short, 'owner', [draftOf.unaddressed(short)])).rejects.toThrow(
      /setup step POST \/drafts failed: wanted 1 ids, got HTTP 200/,
    );
  });

  it('while the same answer to the behaviour under test is an assertion', async () => {
    await expect(listDrafts(refusing.as('owner'))).rejects.toBeInstanceOf(ConformanceAssertion);
  });

  it('names the step and its evidence', () => {
    const res = answer('GET', '/users/me', REFUSAL);
    expect(() => mustSucceed(res, 'reading the account')).toThrow(
      'setup step GET /users/me (reading the account) failed: HTTP 400 {"result":"error"',
    );
    expect(setupFailure(res, 'a list').message).toMatch(/^setup step GET \/users\/me failed: wanted a list, got HTTP/);
    expect(mustSucceed(answer('GET', '/users/me', { result: 'success', msg: '', a: 1 }, 200))).toMatchObject({ a: 1 });
  });
});

describe('the check wrapper, on a target that refuses a set-up step', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  let proxy: http.Server;
  let url = '';

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, log: () => {} });
    // The reference server, but POST /drafts is refused: the set-up of the GET /drafts checks, the behaviour under
    // test of the POST /drafts ones.
    proxy = http.createServer((req, res) => {
      if (req.method === 'POST' && req.url?.split('?')[0] === '/api/v1/drafts') {
        req.resume();
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(REFUSAL));
        return;
      }
      const upstream = new URL(req.url ?? '/', server.url);
      const forward = http.request(upstream, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await server.close();
  });

  it('reports the check whose set-up failed as error, and the check of the refused operation as failed', async () => {
    const run = await runConformance({
      env: { TARGET_URL: url, ...KEY_ACCOUNT_ENV },
      args: ['--only', 'DRAFTS-LIST-001,DRAFTS-CREATE-001'],
    });
    const outcome = (id: string) => run.results?.clauses.find((c) => c.id === id);
    expect(outcome('DRAFTS-LIST-001'), run.stdout + run.stderr).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/^setup step POST \/drafts \(creating drafts\) failed/),
    });
    expect(outcome('DRAFTS-CREATE-001')).toMatchObject({ outcome: 'failed' });
  }, 120_000);
});
