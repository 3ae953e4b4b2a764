// POST /fetch_api_key — contract: "8. Fetch an API key" and Authentication items 1–2.
// Wrong passwords count against real Zulip's login rate limit (5 per 30 minutes per user name): the suite
// sends one per run, and none for accounts configured with an API key only.
import { expect } from 'vitest';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectErrorEnvelope, expectSuccess, fail, isInt, isString } from '../../helpers/checks/matchers.ts';
import { Disabled } from '../../helpers/errors.ts';
import { registerSecret } from '../../helpers/http/redact.ts';
import { ROLES } from '../../helpers/roles.ts';

const { group, check } = checksIn(import.meta.url);

/** The first human account configured with a password; the FETCHKEY checks are disabled without one. */
function loginAccount(ctx: CheckContext) {
  for (const role of ROLES) {
    const account = ctx.world.accounts[role];
    if (account?.password) return { ...account, role };
  }
  throw new Disabled('needs an account configured with a password (e.g. MEMBER_PASSWORD)');
}

async function fetchKey(ctx: CheckContext, params: Record<string, string>) {
  const res = await ctx.anonymous.post('/fetch_api_key', params);
  registerSecret(res.body?.api_key);
  return res;
}

group('POST /fetch_api_key', () => {
  check(
    'FETCHKEY-001',
    'MUST return a string api_key, a string email and an integer user_id for valid login credentials, without Basic credentials',
    { section: '8. Fetch an API key; Authentication', since: 171, exercisesOperation: true },
    async (ctx) => {
      const { email, password } = loginAccount(ctx);
      const res = await fetchKey(ctx, { username: email, password: password! });
      const body = expectSuccess(res, 'fetching an API key without Basic credentials');
      if (!isString(body.api_key) || body.api_key === '') fail(res, 'wanted a non-empty string api_key');
      if (!isString(body.email)) fail(res, 'wanted a string email');
      if (!isInt(body.user_id)) fail(res, 'wanted an integer user_id');
    },
  );

  check(
    'FETCHKEY-002',
    'MUST return an API key that authenticates the user, with the returned email or (where that is refused) the address the user signs in with',
    { section: '8. Fetch an API key; Authentication' },
    async (ctx) => {
      // Basic authentication takes "the user's API email address" and "the user's API key" (Authentication 1), and
      // the key is obtained by this operation (Authentication 2); the contract does not say that the `email` it
      // answers is that API email ("email (string)", operation 8). Either reading is allowed: the key must sign the
      // user in with the answered email, or — where the target refuses that — with the address the run already
      // signs this user in with (the configured one). A key that signs in with neither is not the user's key.
      const { email, password, role } = loginAccount(ctx);
      const body = expectSuccess(await fetchKey(ctx, { username: email, password: password! }), 'fetching an API key');
      const answered = await ctx.withIdentity({ email: body.email, apiKey: body.api_key }).get('/drafts');
      if (answered.body?.result === 'success') return;
      if (typeof body.email === 'string' && body.email.toLowerCase() === email.toLowerCase())
        fail(answered, `wanted the fetched key to authenticate ${email}`);
      const configured = await ctx.withIdentity({ email, apiKey: body.api_key }).get('/drafts');
      if (configured.body?.result !== 'success')
        fail(
          configured,
          `wanted the fetched key to authenticate the ${role} with the answered email ${JSON.stringify(body.email)} or the configured address ${email}; both were refused`,
        );
      ctx.note(
        `the fetched key signs in with the configured address ${email}, not with the answered email ${JSON.stringify(body.email)}`,
      );
    },
  );

  check(
    'FETCHKEY-003',
    'MUST refuse a wrong password with the error envelope and no api_key',
    { section: '8. Fetch an API key' },
    async (ctx) => {
      const { email } = loginAccount(ctx);
      const res = await fetchKey(ctx, { username: email, password: `${ctx.unique('wrong')}-password` });
      const body = expectErrorEnvelope(res, 'a wrong password');
      expect(body.api_key, 'api_key in the refusal').toBeUndefined();
    },
  );

  check(
    'FETCHKEY-004',
    "MUST return the user's own user_id and one of the user's own email addresses",
    { section: '8. Fetch an API key', since: 171 },
    async (ctx) => {
      const account = loginAccount(ctx);
      const res = await fetchKey(ctx, { username: account.email, password: account.password! });
      const body = expectSuccess(res, 'fetching an API key');
      if (body.user_id !== account.userId) fail(res, `wanted user_id ${account.userId} (from GET /users/me)`);
      // The contract names no address: Zulip answers the login address (delivery_email), another server may answer
      // the API email. Either is the user's own, read from the server (a user always sees its own delivery_email).
      const me = await ctx.as(account.role).mustSetup('GET', '/users/me');
      const own = [me.delivery_email, me.email, account.apiEmail].filter((e) => typeof e === 'string');
      if (!own.some((e) => e.toLowerCase() === String(body.email).toLowerCase()))
        fail(res, `wanted email to be the user's own address, one of ${own.join(', ')}`);
    },
  );

  check(
    'FETCHKEY-005',
    'MUST refuse a request without the required password with the error envelope and no api_key',
    { section: '8. Fetch an API key; Errors' },
    async (ctx) => {
      const { email } = loginAccount(ctx);
      const body = expectErrorEnvelope(await fetchKey(ctx, { username: email }), 'a request without password');
      expect(body.api_key, 'api_key in the refusal').toBeUndefined();
    },
  );
});
