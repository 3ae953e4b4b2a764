// The response envelope — contract: Conventions, Errors (Envelope, Codes), Versioning item 2 (level 167).

import { isJsonContentType, RULES } from '../../contract/judge.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';

const { group, check } = checksIn(import.meta.url);

// The envelope's rules are also judged over every response (RESP-*, contract/judge.ts): each such rule names
// its clause here as its owner, and the clause takes the rule's level, so that both report a departure alike.

/**
 * Who calls: any human alike (the calls touch only the caller's own drafts and queues, and the envelope is the same
 * whoever asks).
 */
const callerOf = (ctx: CheckContext): Role => ctx.someone('human');

/** Successful calls of this slice's operations, harmless and left as found. */
async function successes(ctx: CheckContext, caller: Role): Promise<ApiResponse[]> {
  const client = ctx.as(caller);
  return [await client.get('/drafts'), await client.post('/drafts', { drafts: [] })];
}

/** Refused calls: an unknown queue, an invalid draft, missing credentials. */
async function refusals(ctx: CheckContext, caller: Role): Promise<ApiResponse[]> {
  const client = ctx.as(caller);
  return [
    await client.delete('/events', { queue_id: `${ctx.world.prefix}no-such-queue` }),
    await client.post('/drafts', {
      drafts: [{ type: 'group', to: [], topic: '', content: `${ctx.world.prefix}x` }],
    }),
    await ctx.anonymous.get('/drafts'),
  ];
}

group('Envelope', () => {
  check(
    'CONV-001',
    `${RULES['envelope.success-msg-empty'].level} answer a successful request with result "success" and msg "" (an empty string)`,
    { section: 'Conventions; Errors' },
    async (ctx) => {
      for (const res of await successes(ctx, callerOf(ctx))) {
        expectSuccess(res);
        if (res.body.msg !== '') fail(res, 'wanted msg "" on success');
      }
    },
  );

  check(
    'CONV-002',
    `${RULES['envelope.error-code'].level} answer a failed request with result "error", a string msg and a string code`,
    { section: 'Errors' },
    async (ctx) => {
      for (const res of await refusals(ctx, callerOf(ctx))) expectErrorEnvelope(res);
    },
  );

  check(
    'CONV-003',
    `${RULES['envelope.json'].level} send every response body, success or error, as a JSON object`,
    { section: 'Endpoints; Errors' },
    async (ctx) => {
      const caller = callerOf(ctx);
      for (const res of [...(await successes(ctx, caller)), ...(await refusals(ctx, caller))]) {
        const isObject = res.body !== null && typeof res.body === 'object' && !Array.isArray(res.body);
        if (!isObject) fail(res, 'wanted the body to be a JSON object');
      }
    },
  );

  check(
    'CONV-004',
    `${RULES['envelope.content-type'].level} label JSON responses with a JSON content type (application/json)`,
    { section: 'Endpoints' },
    async (ctx) => {
      const caller = callerOf(ctx);
      for (const res of [...(await successes(ctx, caller)), ...(await refusals(ctx, caller))]) {
        // The one test of this rule, shared with the judgement of every response (RESP-*).
        if (!isJsonContentType(res.headers['content-type']))
          fail(res, `wanted a JSON content type (application/json), got ${res.headers['content-type'] ?? 'none'}`);
      }
    },
  );

  check(
    'VERS-001',
    'MUST include an ignored_parameters_unsupported array in a success response to a request that carried unsupported parameters',
    { section: 'Versioning; Endpoints', since: 167 },
    async (ctx) => {
      const res = await ctx.as(callerOf(ctx)).post('/drafts', { drafts: [], cf_unsupported_parameter: 'x' });
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
    },
  );

  check(
    'ERR-001',
    'SHOULD use the code BAD_REQUEST for a missing parameter, as the table of codes says (a more specific code is a refinement)',
    { section: 'Errors' },
    async (ctx) => {
      expectError(
        await ctx.as(callerOf(ctx)).delete('/events', {}),
        'BAD_REQUEST',
        'a request without a required parameter',
      );
      expectError(
        await ctx.anonymous.post('/fetch_api_key', { username: ctx.account('member').email }),
        'BAD_REQUEST',
        'fetching a key without password',
      );
    },
  );
});
