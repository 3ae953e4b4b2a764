// Malformed input never reaches a 500: every route, many kinds of garbage, each answered with an envelope.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../reference/routes/index.ts';
import { type CallOptions, type Reply, useServer } from './support.ts';

const logged: string[] = [];
const { call } = useServer({ pollTimeoutMs: 50, log: (line) => logged.push(line) });

afterAll(() => {
  expect(logged, 'internal errors were logged').toEqual([]);
});

/** The parameters each route reads. A new route must be listed here (checked below). */
const PARAMS: Readonly<Record<string, readonly string[]>> = {
  'POST /fetch_api_key': ['username', 'password'],
  'POST /dev_fetch_api_key': ['username'],
  'POST /register': ['event_types', 'fetch_event_types', 'client_capabilities', 'client_gravatar', 'narrow'],
  'GET /events': ['queue_id', 'last_event_id', 'dont_block'],
  'DELETE /events': ['queue_id'],
  'GET /drafts': [],
  'POST /drafts': ['drafts'],
  'PATCH /drafts/{draft_id}': ['draft'],
  'DELETE /drafts/{draft_id}': [],
  'GET /users': ['client_gravatar', 'include_custom_profile_fields'],
  'GET /users/me': ['client_gravatar'],
  'GET /users/{user_id}': ['client_gravatar', 'include_custom_profile_fields'],
  'GET /users/me/subscriptions': ['include_subscribers'],
  'POST /users/me/subscriptions': [
    'subscriptions',
    'principals',
    'invite_only',
    'is_web_public',
    'history_public_to_subscribers',
    'is_default_stream',
    'topics_policy',
  ],
  'DELETE /users/me/subscriptions': ['subscriptions', 'principals'],
  'GET /get_stream_id': ['stream'],
  'DELETE /streams/{stream_id}': [],
  'PATCH /settings': ['email_address_visibility'],
  'POST /users/me/muted_users/{muted_user_id}': [],
  'DELETE /users/me/muted_users/{muted_user_id}': [],
  'GET /realm/profile_fields': [],
  'POST /realm/profile_fields': [
    'name',
    'hint',
    'field_type',
    'field_data',
    'display_in_profile_summary',
    'required',
    'editable_by_user',
    'use_for_user_matching',
  ],
  'DELETE /realm/profile_fields/{field_id}': [],
  'PATCH /users/me/profile_data': ['data'],
  'POST /user_groups/create': [
    'name',
    'description',
    'members',
    'subgroups',
    'can_add_members_group',
    'can_join_group',
    'can_leave_group',
    'can_manage_group',
    'can_mention_group',
    'can_remove_members_group',
  ],
  'GET /user_groups': ['include_deactivated_groups'],
  'PATCH /user_groups/{user_group_id}': ['name', 'description', 'deactivated', 'can_mention_group', 'can_manage_group'],
  'POST /user_groups/{user_group_id}/subgroups': ['add', 'delete'],
  'POST /user_groups/{user_group_id}/deactivate': [],
  'POST /users/me/apns_device_token': ['token', 'appid'],
  'DELETE /users/me/apns_device_token': ['token'],
  'POST /mobile_push/test_notification': ['token'],
  'POST /messages': ['type', 'to', 'content', 'topic', 'queue_id', 'local_id', 'read_by_sender'],
  'GET /messages/{message_id}': ['apply_markdown', 'allow_empty_topic_name'],
  'DELETE /messages/{message_id}': [],
  'PATCH /messages/{message_id}': [
    'topic',
    'propagate_mode',
    'send_notification_to_old_thread',
    'send_notification_to_new_thread',
    'content',
    'prev_content_sha256',
    'stream_id',
  ],
  'POST /user_uploads': [],
  'DELETE /attachments/{attachment_id}': [],
  'PATCH /realm': [
    'allow_message_editing',
    'message_content_edit_limit_seconds',
    'move_messages_within_stream_limit_seconds',
    'move_messages_between_streams_limit_seconds',
    'can_resolve_topics_group',
    'can_move_messages_between_channels_group',
    'can_move_messages_between_topics_group',
  ],
  'POST /messages/render': ['content'],
  'GET /messages/matches_narrow': ['msg_ids', 'narrow'],
  'POST /scheduled_messages': ['type', 'to', 'content', 'topic', 'scheduled_delivery_timestamp', 'read_by_sender'],
  'GET /scheduled_messages': [],
  'DELETE /scheduled_messages/{scheduled_message_id}': [],
  'POST /typing': ['type', 'op', 'to', 'stream_id', 'topic'],
};

const MB = 'x'.repeat(1024 * 1024);
const GARBAGE: Readonly<Record<string, string>> = {
  'an empty value': '',
  'broken JSON': '[{',
  'a JSON object': '{"a":{"b":[1,{"c":null}]}}',
  'a mixed JSON list': '[1,"a",null,true,{},[]]',
  'JSON null': 'null',
  'a number out of range': '1e309',
  'a big integer': '99999999999999999999',
  'a negative number': '-1',
  'a float': '1.5',
  'a JSON string': '"str"',
  'lone surrogates in JSON': '["\\ud800", {"type": "\\udfff", "name": "\\ud800"}]',
  'odd Unicode': '☃\u202e𝕏\u0000\uffff\u200b',
  'a 1 MB JSON list of a string': JSON.stringify([MB]),
};
/** The kinds also tried in each parameter alone (the others only in all parameters at once). */
const ALONE = new Set([
  'an empty value',
  'broken JSON',
  'a mixed JSON list',
  'JSON null',
  'a big integer',
  'lone surrogates in JSON',
  'odd Unicode',
]);

const samplePath = (path: string, id: string) => path.replace(/\{\w+\}/g, id);

function expectEnvelope(res: Reply, what: string): void {
  expect(res.status, what).toBeLessThan(500);
  expect(res.headers.get('content-type'), what).toBe('application/json');
  expect(['success', 'error'], `${what}: ${res.text.slice(0, 200)}`).toContain(res.body?.result);
  if (res.body.result === 'error') expect(res.body.code, what).toEqual(expect.any(String));
}

type Attempt = readonly [method: string, path: string, options: CallOptions, what: string];

/** Sends the attempts a few at a time (the server is shared; order does not matter for these checks). */
async function sendAll(attempts: readonly Attempt[], concurrency = 6): Promise<void> {
  const queue = [...attempts];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [method, path, options, what] = next;
      expectEnvelope(await call(method, path, { as: 'admin', ...options }), `${method} ${path}: ${what}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

it('lists the parameters of every route', () => {
  expect(Object.keys(PARAMS).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
});

describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (name, route) => {
  const path = samplePath(route.path, '1');
  const names = PARAMS[name] ?? [];
  const { method } = route;
  const natural = route.method === 'GET' ? 'query' : 'form';
  const others = route.method === 'GET' ? [] : (['query', 'multipart'] as const);

  it('answers garbage in all its parameters at once, and in each alone, with an envelope', async () => {
    const attempts: Attempt[] = [];
    for (const [kind, value] of Object.entries(GARBAGE)) {
      const targets = value.length > 100_000 && names.length > 0 ? names : [...names, 'unknown_param'];
      const all = Object.fromEntries(targets.map((n) => [n, value]));
      attempts.push([method, path, { [natural]: all }, `${kind} in every parameter (${natural})`]);
      if (!ALONE.has(kind)) continue;
      for (const param of names) {
        attempts.push([method, path, { [natural]: { [param]: value } }, `${kind} in ${param}`]);
      }
    }
    for (const kind of ['broken JSON', 'a mixed JSON list', 'odd Unicode']) {
      const all = Object.fromEntries([...names, 'unknown_param'].map((n) => [n, GARBAGE[kind]]));
      for (const encoding of others) attempts.push([method, path, { [encoding]: all }, `${kind} (${encoding})`]);
    }
    await sendAll(attempts);
  });

  it('answers no parameters, bad encodings and unsupported content types with an envelope', async () => {
    const surrogates = [...names, 'x'].map((n) => `${n}=%ED%A0%80`).join('&');
    const form = 'application/x-www-form-urlencoded';
    const multipart = 'multipart/form-data';
    await sendAll([
      [method, path, {}, 'no parameters'],
      [method, `${path}?${surrogates}`, {}, 'percent-encoded lone surrogates in the query'],
      [method, `${path}?drafts=%zz&x=%`, {}, 'bad percent-encoding in the query'],
      [method, `${path}?%`, {}, 'a lone % in the query'],
      ...(method === 'GET'
        ? []
        : ([
            [method, path, { body: surrogates, contentType: form }, 'lone surrogates in a form body'],
            [method, path, { body: 'a=%G0&b', contentType: form }, 'bad percent-encoding in a form body'],
            [method, path, { body: '{"drafts": []}', contentType: 'application/json' }, 'a JSON body'],
            [method, path, { body: 'drafts=[]', contentType: 'text/plain' }, 'a text/plain body'],
            [method, path, { body: '--x\r\n', contentType: `${multipart}; boundary=x` }, 'bad multipart'],
            [method, path, { body: 'x', contentType: multipart }, 'multipart without boundary'],
          ] as const)),
    ]);
  });

  if (route.path.includes('{')) {
    it('answers bad path ids with an envelope', async () => {
      const ids = ['abc', '99999999999999999999', '-5', '1.5', '%00', '0x10', '１', '9'.repeat(400), '0'];
      await sendAll(ids.map((id) => [method, samplePath(route.path, id), {}, `path id ${id}`] as const));
    });
  }
});

describe('oversized requests', () => {
  it('answers a query string over the header limit with an envelope', async () => {
    const res = await call('GET', `/drafts?x=${'y'.repeat(5 * 1024 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('stores a draft with 1 MB of content, sent form-encoded or multipart', async () => {
    for (const how of ['form', 'multipart'] as const) {
      const draft = { type: '', to: [], topic: '', content: MB };
      const res = await call('POST', '/drafts', { [how]: { drafts: [draft] } });
      expect(res.body, how).toMatchObject({ result: 'success', ids: [expect.any(Number)] });
    }
  });

  it('takes a 1 MB value in a GET query string', async () => {
    const res = await call('GET', '/drafts', { query: { x: MB } });
    expect(res.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['x'] });
  });
});

describe('fuzzed drafts', () => {
  const draftLike = fc.record(
    {
      type: fc.oneof(fc.constantFrom('', 'stream', 'private'), fc.jsonValue()),
      to: fc.oneof(fc.array(fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double())), fc.jsonValue()),
      topic: fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue()),
      content: fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue()),
      timestamp: fc.oneof(fc.double(), fc.integer(), fc.jsonValue()),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );

  it('POST /drafts and PATCH /drafts/{id} answer any JSON with an envelope', async () => {
    const created = await call('POST', '/drafts', {
      form: { drafts: [{ type: '', to: [], topic: '', content: 'x' }] },
    });
    const [id] = created.body.ids;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(draftLike, fc.jsonValue()), { maxLength: 3 }), async (drafts) => {
        expectEnvelope(await call('POST', '/drafts', { form: { drafts } }), 'POST /drafts');
        const draft = drafts[0] ?? null;
        expectEnvelope(await call('PATCH', `/drafts/${id}`, { form: { draft } }), 'PATCH /drafts/{id}');
      }),
      { numRuns: 60, seed: 4242 },
    );
  });
});
