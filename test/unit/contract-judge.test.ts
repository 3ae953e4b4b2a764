// Judging one exchange against the envelope and its operation's shape (contract/judge.ts).
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Departure,
  type JudgeableExchange,
  type JudgeOptions,
  judgeExchange,
  RULES,
  type RuleKey,
} from '../../contract/index.ts';

const BASE = 'http://localhost:9991/api/v1';
const JSON_TYPE = { 'content-type': 'application/json' };

interface Call {
  method?: string;
  path: string;
  params?: [string, string][];
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
  encoding?: JudgeableExchange['encoding'];
}

function exchange(c: Call): JudgeableExchange {
  const method = c.method ?? 'GET';
  return {
    method,
    url: `${BASE}${c.path}`,
    params: c.params ?? [],
    encoding: c.encoding ?? (method === 'GET' ? 'query' : 'form'),
    status: c.status ?? 200,
    responseHeaders: c.headers ?? JSON_TYPE,
    responseBody: c.text ?? JSON.stringify(c.body),
  };
}

const seen = new Set<RuleKey>();
function judge(c: Call, opts?: JudgeOptions): Departure[] {
  const found = judgeExchange(exchange(c), opts).departures;
  for (const d of found) seen.add(d.rule);
  return found;
}
const rules = (c: Call, opts?: JudgeOptions) => judge(c, opts).map((d) => d.rule);
const ok = (fields: Record<string, unknown> = {}) => ({ result: 'success', msg: '', ...fields });
const err = (code: string, fields: Record<string, unknown> = {}) => ({ result: 'error', msg: 'no', code, ...fields });

const human = {
  user_id: 10,
  delivery_email: null,
  email: 'user10@zulip.testserver',
  full_name: 'King Hamlet',
  date_joined: '2024-01-02T03:04:05.678901+00:00',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  role: 400,
  timezone: '',
  avatar_url: 'https://secure.gravatar.com/avatar/x',
  avatar_version: 1,
  is_imported_stub: false,
};
const bot = { ...human, user_id: 20, is_bot: true, bot_type: 1, bot_owner_id: 7, delivery_email: 'bot@zulip.com' };

const groupSettings = (v: unknown) =>
  Object.fromEntries(
    [
      'can_add_subscribers_group',
      'can_remove_subscribers_group',
      'can_administer_channel_group',
      'can_delete_any_message_group',
      'can_delete_own_message_group',
    ].map((k) => [k, v]),
  );
const channelCommon = {
  stream_id: 3,
  name: 'Denmark',
  description: 'A **channel**',
  rendered_description: '<p>A <strong>channel</strong></p>',
  date_created: 1_700_000_000,
  creator_id: null,
  invite_only: false,
  is_web_public: false,
  stream_post_policy: 1,
  is_announcement_only: false,
  message_retention_days: null,
  history_public_to_subscribers: true,
  topics_policy: 'inherit',
  first_message_id: 12,
  folder_id: null,
  is_recently_active: true,
  ...groupSettings(11),
};
const channel = {
  ...channelCommon,
  is_archived: false,
  can_move_messages_out_of_channel_group: { direct_members: [7], direct_subgroups: [] },
  can_move_messages_within_channel_group: 12,
  is_default: true,
  stream_weekly_traffic: null,
};
const subscription = {
  ...channelCommon,
  desktop_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
  push_notifications: true,
  audible_notifications: null,
  pin_to_top: false,
  is_muted: false,
  in_home_view: true,
  color: '#76ce90',
  stream_weekly_traffic: 4,
  subscribers: [7, 10],
};
const attachment = { id: 1, name: 'a.txt', path_id: '2/ab/a.txt', size: 5, create_time: 1_700_000_000 };

describe('judge: conforming answers pass', () => {
  const good: [string, Call][] = [
    ['POST /drafts', { method: 'POST', path: '/drafts', body: ok({ ids: [1, 2] }) }],
    [
      'GET /drafts',
      {
        path: '/drafts',
        body: ok({ count: 1, drafts: [{ id: 1, type: '', to: [], topic: '', content: 'x', timestamp: 1 }] }),
      },
    ],
    ['GET /users/{id} (human)', { path: '/users/10', body: ok({ user: human }) }],
    ['GET /users/{id} (bot)', { path: '/users/20', body: ok({ user: bot }) }],
    [
      'GET /users/{id} with profile data',
      {
        path: '/users/10',
        body: ok({ user: { ...human, profile_data: { 4: { value: 'x', rendered_value: '<p>x</p>' } } } }),
      },
    ],
    ['GET /streams', { path: '/streams', body: ok({ streams: [channel] }) }],
    ['GET /users/me/subscriptions', { path: '/users/me/subscriptions', body: ok({ subscriptions: [subscription] }) }],
    ['POST /messages', { method: 'POST', path: '/messages', body: ok({ id: 99, automatic_new_visibility_policy: 2 }) }],
    ['PATCH /messages/{id}', { method: 'PATCH', path: '/messages/9', body: ok({ detached_uploads: [attachment] }) }],
    [
      'GET /messages/matches_narrow',
      {
        path: '/messages/matches_narrow',
        body: ok({ messages: { 12: { match_content: '<p>x</p>', match_subject: 't' } } }),
      },
    ],
    [
      'POST /fetch_api_key (masked)',
      { method: 'POST', path: '/fetch_api_key', body: ok({ api_key: '***', email: 'a@b', user_id: 3 }) },
    ],
    [
      'POST /streams/{id}/delete_topic',
      { method: 'POST', path: '/streams/3/delete_topic', body: ok({ complete: false }) },
    ],
    ['POST /typing', { method: 'POST', path: '/typing', body: ok() }],
    ['DELETE /events', { method: 'DELETE', path: '/events', body: ok() }],
    ['POST /messages/render', { method: 'POST', path: '/messages/render', body: ok({ rendered: '<p>x</p>' }) }],
  ];
  it.each(good)('%s', (_, call) => {
    expect(judge(call)).toEqual([]);
    expect(judge(call, { featureLevel: 400 })).toEqual([]);
  });

  it('allows extra fields anywhere', () => {
    const body = ok({ user: { ...human, brand_new: { x: 1 } }, also_new: 'x' });
    expect(judge({ path: '/users/10', body })).toEqual([]);
  });

  it('never judges what the contract leaves not shown', () => {
    const ignored = ok({ ids: [], ignored_parameters_unsupported: ['cf_x', { any: 'shape' }] });
    expect(judge({ method: 'POST', path: '/drafts', body: ignored }, { featureLevel: 400 })).toEqual([]);
    const older = { ...attachment, messages: [{ id: 3, date_sent: 1 }] };
    expect(judge({ method: 'PATCH', path: '/messages/9', body: ok({ detached_uploads: [older] }) })).toEqual([]);
    expect(judge({ path: '/users/10', status: 400, body: err('BAD_REQUEST', { msg: 'Anything at all.' }) })).toEqual(
      [],
    );
  });

  it('accepts any integer message_retention_days, or null (the contract bounds no value)', () => {
    for (const days of [null, -1, 0, 1, 30, -7]) {
      const streams = [{ ...channel, message_retention_days: days }];
      expect(judge({ path: '/streams', body: ok({ streams }) }), String(days)).toEqual([]);
    }
    const streams = [{ ...channel, message_retention_days: 'forever' }];
    expect(judge({ path: '/streams', body: ok({ streams }) })).not.toEqual([]);
  });

  it('passes the answers real Zulip gives where the contract is silent', () => {
    const zulip: Call[] = [
      {
        method: 'DELETE',
        path: '/events',
        status: 400,
        body: err('REQUEST_VARIABLE_MISSING', { var_name: 'queue_id' }),
      },
      {
        method: 'POST',
        path: '/drafts',
        status: 400,
        body: err('BAD_REQUEST', { msg: 'Argument "drafts" is not valid JSON.' }),
      },
      { path: '/drafts', status: 401, body: err('UNAUTHORIZED') },
      { method: 'POST', path: '/fetch_api_key', status: 401, body: err('AUTHENTICATION_FAILED') },
      { method: 'POST', path: '/messages', status: 400, body: err('STREAM_DOES_NOT_EXIST', { stream: 'a &amp; b' }) },
      {
        method: 'POST',
        path: '/scheduled_messages',
        status: 400,
        body: err('STREAM_DOES_NOT_EXIST', { stream_id: 9 }),
      },
      { method: 'POST', path: '/streams/3/delete_topic', status: 400, body: err('UNAUTHORIZED_PRINCIPAL') },
      {
        method: 'PATCH',
        path: '/messages/9',
        status: 400,
        body: err('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', {
          first_message_id_allowed_to_move: null,
          total_messages_in_topic: 3,
          total_messages_allowed_to_move: 0,
        }),
      },
      {
        method: 'DELETE',
        path: '/events',
        params: [['queue_id', 'cf-1-no-such']],
        status: 400,
        body: err('BAD_EVENT_QUEUE_ID', { queue_id: 'cf-1-no-such' }),
      },
      { method: 'POST', path: '/users/me/muted_users/10', status: 400, body: err('BAD_REQUEST') },
      { path: '/users/10', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: ok({ user: human }) },
    ];
    for (const call of zulip)
      expect(judge(call), `${call.method} ${call.path} ${call.text ?? JSON.stringify(call.body)}`).toEqual([]);
  });

  it('accepts the older delete_topic answer from a server that old, and only then', () => {
    const call: Call = {
      method: 'POST',
      path: '/streams/3/delete_topic',
      body: { result: 'partially_completed', msg: '' },
    };
    expect(judge(call, { featureLevel: 200 })).toEqual([]);
    expect(judge(call)).toEqual([]);
    expect(rules(call, { featureLevel: 300 })).toEqual(['envelope.result']);
  });
});

describe('judge: departures, each with its rule', () => {
  it('names the rule, the operation and the evidence', () => {
    const [d, ...rest] = judge({ method: 'POST', path: '/drafts', body: { result: 'success', msg: 'ok', ids: [] } });
    expect(rest).toEqual([]);
    expect(d).toEqual({
      rule: 'envelope.success-msg-empty',
      level: 'MUST',
      operation: 'POST /drafts',
      message: 'msg was "ok", not ""',
    });
  });

  const cases: [RuleKey, Call, JudgeOptions?][] = [
    ['envelope.json', { path: '/drafts', text: '<html>Server Error</html>', status: 500 }],
    ['envelope.object', { path: '/drafts', body: [1, 2] }],
    [
      'envelope.content-type',
      { path: '/drafts', headers: { 'content-type': 'text/html' }, body: ok({ count: 0, drafts: [] }) },
    ],
    ['envelope.result', { path: '/drafts', body: { result: 'ok', msg: '' } }],
    ['envelope.success-msg-empty', { path: '/drafts', body: { result: 'success', count: 0, drafts: [] } }],
    ['envelope.error-msg', { path: '/drafts', status: 400, body: { result: 'error', code: 'BAD_REQUEST' } }],
    [
      'envelope.error-code',
      { method: 'POST', path: '/drafts', status: 500, body: { result: 'error', msg: 'Internal server error' } },
    ],
    ['envelope.success-status', { path: '/drafts', status: 400, body: ok({ count: 0, drafts: [] }) }],
    ['envelope.error-status', { path: '/drafts', status: 200, body: err('BAD_REQUEST') }],
    ['envelope.error-server-status', { method: 'POST', path: '/drafts', status: 500, body: err('BAD_REQUEST') }],
    ['shape.field-missing', { path: '/users/10', body: ok({ user: { ...human, bot_type: undefined } }) }],
    ['shape.field-type', { method: 'POST', path: '/drafts', body: ok({ ids: ['1'] }) }],
    ['shape.field-value', { path: '/users/10', body: ok({ user: { ...human, role: 500 } }) }],
    [
      'shape.field-gone',
      { path: '/users/me/subscriptions', body: ok({ subscriptions: [{ ...subscription, role: 50 }] }) },
      // Gone at Zulip's level 133: judged only where the target is known to be at it or later.
      { featureLevel: 133 },
    ],
    [
      'error.extra-field-missing',
      { method: 'POST', path: '/messages', status: 400, body: err('STREAM_DOES_NOT_EXIST') },
    ],
    [
      'error.extra-field-type',
      {
        method: 'PATCH',
        path: '/messages/9',
        status: 400,
        body: err('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', {
          first_message_id_allowed_to_move: 4,
          total_messages_in_topic: '3',
          total_messages_allowed_to_move: 1,
        }),
      },
    ],
    [
      'error.extra-field-value',
      {
        method: 'DELETE',
        path: '/events',
        params: [['queue_id', 'abc']],
        status: 400,
        body: err('BAD_EVENT_QUEUE_ID', { queue_id: 'xyz' }),
      },
    ],
  ];
  it.each(cases)('%s', (rule, call, opts) => {
    const found = judge(call, opts);
    expect(found.map((d) => d.rule)).toContain(rule);
    expect(found.find((d) => d.rule === rule)?.level).toBe(RULES[rule].level);
  });

  it('catches the departures of real Zulip the contract names', () => {
    // The user object's bot_type is "integer or null" for everyone; Zulip leaves it out for humans.
    const { bot_type: _, ...zulipHuman } = human;
    expect(judge({ path: '/users/10', body: ok({ user: zulipHuman }) }).map((d) => d.message)).toEqual([
      'user.bot_type missing',
    ]);
    // Every objection carries settings; Zulip's subgroup objection has supergroup_ids instead.
    const objections = [{ type: 'subgroup', supergroup_ids: [4] }];
    const body = err('CANNOT_DEACTIVATE_GROUP_IN_USE', { objections });
    expect(rules({ method: 'POST', path: '/user_groups/5/deactivate', status: 400, body })).toEqual([
      'error.extra-field-missing',
    ]);
  });

  it('reports nested paths', () => {
    const streams = [channel, { ...channel, can_add_subscribers_group: { direct_members: 'all' } }];
    const found = judge({ path: '/streams', body: ok({ streams }) });
    expect(found.map((d) => d.message)).toEqual([
      'streams[1].can_add_subscribers_group.direct_members was "all", not a list of integers',
      'streams[1].can_add_subscribers_group.direct_subgroups missing',
    ]);
  });

  it('judges a conditional field by its type only when present', () => {
    const post = (extra: Record<string, unknown>) => ({
      method: 'POST',
      path: '/messages',
      body: ok({ id: 1, ...extra }),
    });
    expect(rules(post({}))).toEqual([]);
    expect(rules(post({ automatic_new_visibility_policy: 'followed' }))).toEqual(['shape.field-type']);
    expect(rules({ path: '/users/10', body: ok({ user: { ...human, is_deleted: false } }) })).toEqual([
      'shape.field-value',
    ]);
  });

  it('requires a field dated by a feature level only from that level on', () => {
    const edit = { method: 'PATCH', path: '/messages/9', body: ok({ detached_uploads: [attachment] }) };
    expect(rules(edit, { featureLevel: 471 })).toEqual([]);
    expect(judge(edit, { featureLevel: 472 }).map((d) => d.message)).toEqual([
      'detached_uploads[0].message_ids missing',
    ]);
    const { is_imported_stub: _, ...olderUser } = human;
    expect(rules({ path: '/users/10', body: ok({ user: olderUser }) }, { featureLevel: 432 })).toEqual([]);
    expect(rules({ path: '/users/10', body: ok({ user: olderUser }) }, { featureLevel: 433 })).toEqual([
      'shape.field-missing',
    ]);
  });

  it('requires the newer channel-object fields from the level they are all there', () => {
    const older: Record<string, unknown> = { ...channel };
    delete older.can_delete_own_message_group;
    const call = { path: '/streams', body: ok({ streams: [older] }) };
    expect(rules(call, { featureLevel: 406 })).toEqual([]);
    expect(judge(call, { featureLevel: 407 }).map((d) => d.message)).toEqual([
      'streams[0].can_delete_own_message_group missing',
    ]);
  });

  it('checks ignored_parameters_unsupported is an array when present', () => {
    expect(rules({ path: '/drafts', body: ok({ count: 0, drafts: [], ignored_parameters_unsupported: 'x' }) })).toEqual(
      ['shape.field-type'],
    );
  });

  it('does not compare an echoed value that was masked', () => {
    const body = err('BAD_EVENT_QUEUE_ID', { queue_id: 'real' });
    expect(rules({ method: 'DELETE', path: '/events', params: [['queue_id', '***']], status: 400, body })).toEqual([]);
  });
});

describe('judge: what it leaves alone', () => {
  const notJudged: [string, JudgeableExchange, JudgeOptions?][] = [
    ['a setup operation', exchange({ method: 'POST', path: '/register', body: 'anything' })],
    ['GET /users/me', exchange({ path: '/users/me', body: {} })],
    ['a non-integer path id', exchange({ path: '/users/abc', status: 404, text: 'Not Found' })],
    ['a rate-limit answer', exchange({ path: '/drafts', status: 429, body: { result: 'error', 'retry-after': 3 } })],
    ['a request deliberately malformed', exchange({ path: '/drafts', text: 'garbage' }), { malformed: true }],
    [
      'a request off the encoding convention',
      exchange({ method: 'POST', path: '/drafts', encoding: 'multipart', params: [['drafts', '[]']], text: 'x' }),
    ],
    ['a gateway error page', exchange({ path: '/drafts', status: 502, text: '<html>Bad gateway</html>' })],
    [
      'no response',
      { ...exchange({ path: '/drafts' }), status: undefined, responseBody: undefined, error: 'ECONNRESET' },
    ],
  ];
  it.each(notJudged)('%s', (_, e, opts) => {
    const judgement = judgeExchange(e, opts);
    expect(judgement.judged).toBe(false);
    expect(judgement.reason).toBeTruthy();
    expect(judgement.departures).toEqual([]);
  });

  it('judges a body the recorder cut for its content type only', () => {
    const cut = `${'{"result":"success","msg":"","streams":['.padEnd(4000, ' ')}… (52011 characters)`;
    const judgement = judgeExchange(exchange({ path: '/streams', text: cut }));
    expect(judgement).toMatchObject({ judged: true, departures: [] });
    expect(judgement.reason).toMatch(/cut/);
    const html = judgeExchange(exchange({ path: '/streams', text: cut, headers: { 'content-type': 'text/plain' } }));
    expect(html.departures.map((d) => d.rule)).toEqual(['envelope.content-type']);
  });

  it('judges a request without parameters whatever its recorded encoding', () => {
    expect(rules({ method: 'POST', path: '/typing', encoding: 'query', body: { result: 'success' } })).toEqual([
      'envelope.success-msg-empty',
    ]);
  });
});

afterAll(() => {
  // Every rule the judge knows is exercised by some case above.
  expect([...seen].sort()).toEqual(Object.keys(RULES).sort());
});

describe('one level per rule', () => {
  it('gives each rule that a clause of the conventions also judges the level of that clause', async () => {
    const { CLAUSES } = await import('../../suites/catalog.ts');
    const owned = Object.entries(RULES).filter(([, r]) => 'owner' in r) as [
      RuleKey,
      { level: string; owner: string },
    ][];
    expect(owned.length).toBeGreaterThan(0);
    for (const [rule, { level, owner }] of owned) {
      // `BAD-*`: every clause of the family.
      const clauses = owner.endsWith('*')
        ? CLAUSES.filter((c) => c.id.startsWith(owner.slice(0, -1)))
        : CLAUSES.filter((c) => c.id === owner);
      expect(clauses.length, `${rule} owned by ${owner}`).toBeGreaterThan(0);
      for (const c of clauses) expect(c.level, `${rule} owned by ${c.id}`).toBe(level);
    }
  });
});
