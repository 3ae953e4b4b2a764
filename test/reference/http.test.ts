// The HTTP adapter: envelope, parameter encodings, routing errors, malformed input.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../reference/http/body.ts';
import { draftOf, lookup, useServer, withServer } from './support.ts';

const { call } = useServer();

describe('envelope', () => {
  it('wraps success as {result: success, msg: ""} plus the operation fields, as JSON', async () => {
    const res = await call('GET', '/drafts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({ result: 'success', msg: '', count: 0, drafts: [] });
  });

  it('wraps errors as {result: error, msg, code} with extra fields', async () => {
    const res = await call('POST', '/fetch_api_key', { as: 'none', form: { password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({
      result: 'error',
      msg: expect.any(String),
      code: 'BAD_REQUEST',
      var_name: 'username',
    });
  });

  it('reports parameters it did not read in ignored_parameters_unsupported, on success only', async () => {
    const ok = await call('GET', '/drafts', { query: { foo: '1', bar: 'x' } });
    expect(ok.body.ignored_parameters_unsupported).toEqual(['foo', 'bar']);
    const read = await call('GET', '/users/me', { query: { client_gravatar: false } });
    expect(read.body).not.toHaveProperty('ignored_parameters_unsupported');
    const bad = await call('POST', '/drafts', { form: { drafts: 'nope', foo: '1' } });
    expect(bad.body.result).toBe('error');
    expect(bad.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('keeps the connection alive', async () => {
    const res = await call('GET', '/drafts');
    expect(res.headers.get('connection')).toBe('keep-alive');
  });
});

describe('parameter encodings', () => {
  it('reads POST parameters form-encoded, multipart, or in the query string', async () => {
    const drafts = [draftOf.unaddressed()];
    for (const how of ['form', 'multipart', 'query'] as const) {
      const res = await call('POST', '/drafts', { [how]: { drafts } });
      expect(res.body, how).toMatchObject({ result: 'success', ids: [expect.any(Number)] });
    }
  });

  it('lets the body win over the query string', async () => {
    const res = await call('POST', '/fetch_api_key', {
      as: 'none',
      query: { username: 'hamlet@zulip.com', password: 'wrong' },
      form: { password: 'ref-hamlet-pw' },
    });
    expect(res.body.result).toBe('success');
  });

  it('reads PATCH and DELETE parameters from the query string or a form body', async () => {
    const { ids } = (
      await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed(), draftOf.unaddressed()] } })
    ).body;
    const patchQuery = await call('PATCH', `/drafts/${ids[0]}`, { query: { draft: draftOf.unaddressed() } });
    expect(patchQuery.body.result).toBe('success');
    const patchForm = await call('PATCH', `/drafts/${ids[1]}`, { form: { draft: draftOf.unaddressed() } });
    expect(patchForm.body.result).toBe('success');
    const queue = (await call('POST', '/register')).body.queue_id;
    expect((await call('DELETE', '/events', { form: { queue_id: queue } })).body.result).toBe('success');
    const queue2 = (await call('POST', '/register')).body.queue_id;
    expect((await call('DELETE', '/events', { query: { queue_id: queue2 } })).body.result).toBe('success');
  });

  it('reads JSON-encoded lists and booleans', async () => {
    const { channelId } = await lookup(call);
    const verona = await channelId('Verona');
    const res = await call('POST', '/drafts', { form: { drafts: [draftOf.channel(verona)] } });
    expect(res.body.result).toBe('success');
    const users = await call('GET', '/users', { query: { client_gravatar: false } });
    expect(users.body.members[0].avatar_url).toEqual(expect.stringContaining('https://'));
    const notBool = await call('GET', '/users', { query: { client_gravatar: 'yes' } });
    expect(notBool.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', var_name: 'client_gravatar' });
  });

  it('says when a JSON parameter is not valid JSON', async () => {
    const res = await call('POST', '/drafts', { form: { drafts: '[{' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Argument "drafts" is not valid JSON.' });
  });

  it('answers a missing parameter with BAD_REQUEST and var_name', async () => {
    const res = await call('DELETE', '/events');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', var_name: 'queue_id' });
  });

  it('accepts an empty body with any content type', async () => {
    const res = await call('POST', '/drafts', { body: '', contentType: 'application/json' });
    expect(res.body).toMatchObject({ result: 'success', ids: [] });
  });
});

describe('routing', () => {
  it('answers an unknown /api/v1 path 404 Not Found, after authentication', async () => {
    const res = await call('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    const anonymous = await call('GET', '/no/such/thing', { as: 'none' });
    expect(anonymous.status).toBe(401);
  });

  it('answers paths outside /api/v1 with a 404 envelope', async () => {
    for (const path of ['/', '/api', '/api/v2/drafts', '/api/v1drafts', '/favicon.ico']) {
      const res = await call('GET', path, { as: 'none', rawPath: true });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    }
  });

  it('answers a known path with an unknown method 405 with Allow', async () => {
    const res = await call('PUT', '/drafts');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('prefers literal segments over parameters', async () => {
    expect((await call('GET', '/users/me')).body).toMatchObject({
      result: 'success',
      delivery_email: 'hamlet@zulip.com',
    });
    expect((await call('DELETE', '/users/me')).status).toBe(405);
  });

  it('rejects path ids that are not integers with a 400 naming the parameter', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999999999999', '%31']) {
      const res = await call('DELETE', `/drafts/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body, id).toMatchObject({ result: 'error', code: 'BAD_REQUEST', var_name: 'draft_id' });
    }
  });
});

describe('malformed requests', () => {
  it('rejects a non-empty body of another content type', async () => {
    for (const contentType of ['application/json', 'text/plain', undefined]) {
      const res = await call('POST', '/drafts', { body: '{"drafts":[]}', contentType });
      expect(res.status, String(contentType)).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    }
    const bytes = await call('POST', '/drafts', { body: new Uint8Array([1, 2, 3]) });
    expect(bytes.status).toBe(400);
  });

  it('rejects bad percent-encoding and invalid UTF-8', async () => {
    const form = 'application/x-www-form-urlencoded';
    for (const body of ['drafts=%', 'drafts=%zz', 'x=%ED%A0%80', 'x=%C3']) {
      const res = await call('POST', '/drafts', { body, contentType: form });
      expect(res.status, body).toBe(400);
    }
    const raw = await call('POST', '/drafts', { body: new Uint8Array([0x78, 0x3d, 0xff]), contentType: form });
    expect(raw.status).toBe(400);
    const query = await call('GET', '/drafts?x=%E0%A4%A');
    expect(query.status).toBe(400);
    expect(query.body.result).toBe('error');
  });

  it('rejects a malformed multipart body', async () => {
    const res = await call('POST', '/drafts', { body: 'garbage', contentType: 'multipart/form-data; boundary=xyz' });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('error');
  });

  it('answers a body over 25 MB with 413', async () => {
    const body = new Uint8Array(MAX_BODY_BYTES + 1).fill(0x61);
    const res = await call('POST', '/drafts', { body, contentType: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});

describe('internal errors', () => {
  it('are logged and answered with a 500 envelope', async () => {
    const lines: string[] = [];
    await withServer({ log: (line) => lines.push(line) }, async (c, server) => {
      server.store.drafts.values = () => {
        throw new Error('boom');
      };
      const res = await c('GET', '/drafts');
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.body).toEqual({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
    expect(lines).toEqual([expect.stringContaining('boom')]);
  });
});
