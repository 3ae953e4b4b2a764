// The response envelope — contract: Conventions, Errors (Envelope, Codes), Versioning item 2 (level 167).
import { describe } from 'vitest';
import { checksOf } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { isJsonContentType } from '../../helpers/contract/judge.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import { clauses } from './clauses.ts';

const check = checksOf(clauses);

/** Successful calls of this slice's operations, harmless and left as found. */
async function successes(ctx: CheckContext): Promise<ApiResponse[]> {
  return [await ctx.member.get('/drafts'), await ctx.member.post('/drafts', { drafts: [] })];
}

/** Refused calls: an unknown queue, an invalid draft, missing credentials. */
async function refusals(ctx: CheckContext): Promise<ApiResponse[]> {
  return [
    await ctx.member.delete('/events', { queue_id: `${ctx.world.prefix}no-such-queue` }),
    await ctx.member.post('/drafts', {
      drafts: [{ type: 'group', to: [], topic: '', content: `${ctx.world.prefix}x` }],
    }),
    await ctx.anonymous.get('/drafts'),
  ];
}

describe('Envelope', () => {
  check('CONV-001', async (ctx) => {
    for (const res of await successes(ctx)) {
      expectSuccess(res);
      if (res.body.msg !== '') fail(res, 'wanted msg "" on success');
    }
  });

  check('CONV-002', async (ctx) => {
    for (const res of await refusals(ctx)) expectErrorEnvelope(res);
  });

  check('CONV-003', async (ctx) => {
    for (const res of [...(await successes(ctx)), ...(await refusals(ctx))]) {
      const isObject = res.body !== null && typeof res.body === 'object' && !Array.isArray(res.body);
      if (!isObject) fail(res, 'wanted the body to be a JSON object');
    }
  });

  check('CONV-004', async (ctx) => {
    for (const res of [...(await successes(ctx)), ...(await refusals(ctx))]) {
      // The one test of this rule, shared with the judgement of every response (RESP-*).
      if (!isJsonContentType(res.headers['content-type']))
        fail(res, `wanted a JSON content type (application/json), got ${res.headers['content-type'] ?? 'none'}`);
    }
  });

  check('VERS-001', async (ctx) => {
    const res = await ctx.member.post('/drafts', { drafts: [], cf_unsupported_parameter: 'x' });
    // The rule is about success responses ("a success response includes an … array when the request carried
    // parameters the endpoint does not support"); the contract does not say such a request must succeed, so a
    // target that refuses unknown parameters with the error envelope is recorded, not judged.
    if (res.body?.result === 'error' && typeof res.body.code === 'string') {
      ctx.note(`the target refuses a request with an unsupported parameter (${res.body.code}): nothing to judge`);
      return;
    }
    const body = expectSuccess(res, 'a request with an unsupported parameter');
    if (!Array.isArray(body.ignored_parameters_unsupported))
      fail(res, 'wanted an ignored_parameters_unsupported array');
    // The array reports the parameter that was ignored: an empty one (which some servers send on every success)
    // reports nothing. The element shape is "not shown": recorded, not judged.
    if (body.ignored_parameters_unsupported.length === 0)
      fail(res, 'wanted ignored_parameters_unsupported to list the unsupported parameter, got an empty array');
    ctx.note(`ignored_parameters_unsupported: ${JSON.stringify(body.ignored_parameters_unsupported)}`);
  });

  check('ERR-001', async (ctx) => {
    expectError(await ctx.member.delete('/events', {}), 'BAD_REQUEST', 'a request without a required parameter');
    expectError(
      await ctx.anonymous.post('/fetch_api_key', { username: ctx.account('member').email }),
      'BAD_REQUEST',
      'fetching a key without password',
    );
  });
});
