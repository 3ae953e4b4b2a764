// Basic authentication, POST /fetch_api_key and POST /dev_fetch_api_key.
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, basic, useServer } from './support.ts';

const { call } = useServer();
const hamlet = ACCOUNTS.member;

async function expectUnauthorized(promise: ReturnType<typeof call>, msg: RegExp): Promise<void> {
  const res = await promise;
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
  expect(res.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED', msg: expect.stringMatching(msg) });
}

describe('Basic authentication', () => {
  it('refuses a request without credentials', async () => {
    await expectUnauthorized(call('GET', '/drafts', { as: 'none' }), /Authorization/);
  });

  it('refuses a wrong key, an unknown email and a malformed header', async () => {
    await expectUnauthorized(call('GET', '/drafts', { as: { email: hamlet.email, key: 'x'.repeat(32) } }), /API key/);
    await expectUnauthorized(call('GET', '/drafts', { as: { email: 'nobody@zulip.com', key: hamlet.apiKey } }), /./);
    for (const header of [
      'Bearer abc',
      'Basic',
      'Basic !!!',
      basic('no-colon', '').replace('Og==', ''),
      'Basic /w==',
    ]) {
      await expectUnauthorized(call('GET', '/drafts', { as: { header } }), /./);
    }
  });

  it('refuses before anything else, even on unknown paths and with bad parameters', async () => {
    await expectUnauthorized(call('GET', '/nope', { as: 'none' }), /./);
    await expectUnauthorized(call('PUT', '/drafts', { as: 'none' }), /./);
    await expectUnauthorized(call('DELETE', '/drafts/abc', { as: 'none' }), /./);
  });

  it('accepts the email in any case, and bots with their key', async () => {
    const upper = await call('GET', '/users/me', { as: { email: hamlet.email.toUpperCase(), key: hamlet.apiKey } });
    expect(upper.body).toMatchObject({ result: 'success', delivery_email: hamlet.email });
    const bot = await call('GET', '/users/me', { as: 'bot' });
    expect(bot.body).toMatchObject({ result: 'success', is_bot: true, email: ACCOUNTS.bot.email });
  });
});

describe('POST /fetch_api_key', () => {
  const fetchKey = (form: Record<string, string>) => call('POST', '/fetch_api_key', { as: 'none', form });

  it('returns the api key, email and user id for the right password, without Basic credentials', async () => {
    const me = (await call('GET', '/users/me')).body;
    const res = await fetchKey({ username: 'Hamlet@Zulip.com', password: hamlet.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      api_key: hamlet.apiKey,
      email: hamlet.email,
      user_id: me.user_id,
    });
  });

  it('refuses a wrong password or an unknown user with 401 AUTHENTICATION_FAILED', async () => {
    for (const form of [
      { username: hamlet.email, password: 'wrong' },
      { username: 'nobody@zulip.com', password: 'x' },
      { username: ACCOUNTS.bot.email, password: '' },
    ]) {
      const res = await fetchKey(form);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' });
    }
  });

  it('requires username and password', async () => {
    expect((await fetchKey({ username: hamlet.email })).body).toMatchObject({
      code: 'BAD_REQUEST',
      var_name: 'password',
    });
    expect((await fetchKey({ password: 'x' })).body).toMatchObject({ code: 'BAD_REQUEST', var_name: 'username' });
  });

  it('ignores Basic credentials, even wrong ones', async () => {
    const res = await call('POST', '/fetch_api_key', {
      as: { email: 'x@y.z', key: 'bad' },
      form: { username: hamlet.email, password: hamlet.password },
    });
    expect(res.body.result).toBe('success');
  });

  it('needs credentials for other methods on the same path', async () => {
    expect((await call('GET', '/fetch_api_key', { as: 'none' })).status).toBe(401);
    expect((await call('GET', '/fetch_api_key')).status).toBe(405);
  });
});

describe('POST /dev_fetch_api_key', () => {
  it('returns any active account key by username alone, bots included', async () => {
    const res = await call('POST', '/dev_fetch_api_key', { as: 'none', form: { username: ACCOUNTS.bot.email } });
    expect(res.body).toMatchObject({ result: 'success', api_key: ACCOUNTS.bot.apiKey, email: ACCOUNTS.bot.email });
    const unknown = await call('POST', '/dev_fetch_api_key', { as: 'none', form: { username: 'x@y.z' } });
    expect(unknown.body).toMatchObject({ result: 'error', code: 'AUTHENTICATION_FAILED' });
  });
});
