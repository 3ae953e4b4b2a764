// The contract as data (contract/): the 21 operations, their parameters, fields and error codes.
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_MESSAGE_TYPES,
  ERROR_CODES,
  errorCode,
  type Field,
  fillPath,
  holds,
  keyOf,
  matchOperation,
  OPERATIONS,
  operation,
  operationOf,
  RESOURCES,
  relativePath,
  SHAPE_KINDS,
  type Shape,
  User,
} from '../../contract/index.ts';
import { toZod } from '../../contract/zod.ts';

/** Every shape inside a shape, itself included. */
function* shapesIn(shape: Shape): Generator<Shape> {
  yield shape;
  if (shape.kind === 'list' || shape.kind === 'map') yield* shapesIn(shape.of);
  if (shape.kind === 'union') for (const s of shape.of) yield* shapesIn(s);
  if (shape.kind === 'object') for (const f of Object.values(shape.fields)) yield* shapesIn(f.shape);
}

const allFields = (fields: Readonly<Record<string, Field>>): Field[] =>
  Object.values(fields).flatMap((f) => [
    f,
    ...[...shapesIn(f.shape)].flatMap((s) => (s.kind === 'object' ? Object.values(s.fields) : [])),
  ]);

describe('contract model: operations', () => {
  it('holds the operations of Endpoints, each once, numbered in order', () => {
    expect(OPERATIONS.map((op) => op.n)).toEqual(Array.from({ length: OPERATIONS.length }, (_, i) => i + 1));
    expect(new Set(OPERATIONS.map(keyOf)).size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map((op) => op.clauses)).size).toBe(OPERATIONS.length);
    expect(keyOf(operation(10))).toBe('POST /drafts');
    expect(operation('DELETE /events').n).toBe(20);
  });

  it('gives every path parameter of a template exactly once, as an integer', () => {
    for (const op of OPERATIONS) {
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = op.params.filter((p) => p.in === 'path');
      expect(
        pathParams.map((p) => p.name),
        keyOf(op),
      ).toEqual(placeholders);
      for (const p of pathParams) expect(p.type.kind, `${keyOf(op)} ${p.name}`).toBe('integer');
    }
  });

  it('names each parameter once per operation, with a valid type and encoding', () => {
    for (const op of OPERATIONS) {
      const names = op.params.map((p) => p.name);
      expect(new Set(names).size, keyOf(op)).toBe(names.length);
      for (const p of op.params) {
        const where = `${keyOf(op)} ${p.name}`;
        for (const s of shapesIn(p.type)) expect(SHAPE_KINDS, where).toContain(s.kind);
        const structured = p.type.kind === 'list' || p.type.kind === 'object' || p.type.kind === 'map';
        if (structured) expect(p.encoding, where).toBe('json');
        if (p.type.kind === 'string' || p.type.kind === 'integer' || p.type.kind === 'boolean') {
          expect(p.encoding, where).toBe('plain');
        }
        if ('enum' in p.type && p.type.enum) expect(p.type.enum.length, where).toBeGreaterThan(0);
        if (p.default !== undefined && 'enum' in p.type && p.type.enum) {
          expect(p.type.enum as readonly unknown[], where).toContain(p.default);
        }
        if (p.default !== undefined && p.type.kind === 'boolean') expect(typeof p.default, where).toBe('boolean');
        if (p.default !== undefined) expect(p.required, where).toBe(false);
      }
    }
  });

  it('ties conditions and rules only to parameters of the same operation', () => {
    for (const op of OPERATIONS) {
      const names = new Set(op.params.map((p) => p.name));
      for (const p of op.params) {
        if (typeof p.required === 'object') expect(names, `${keyOf(op)} ${p.name}`).toContain(p.required.field);
        if (p.usedWhen) expect(names, `${keyOf(op)} ${p.name}`).toContain(p.usedWhen.field);
      }
      for (const rule of op.rules ?? []) {
        const mentioned =
          rule.kind === 'exclusive' ? rule.params : [rule.param, ...rule.conditions.map((c) => c.field)];
        for (const name of mentioned) expect(names, `${keyOf(op)} rule ${rule.note}`).toContain(name);
      }
    }
  });

  it('refers only to error codes of the Errors section, and every code there is used', () => {
    const codes = new Set(ERROR_CODES.map((c) => c.code));
    expect(codes.size).toBe(ERROR_CODES.length);
    expect(codes.size).toBe(10);
    const used = new Set(OPERATIONS.flatMap((op) => op.errors.map((e) => e.code)));
    for (const code of used) expect(codes, code).toContain(code);
    for (const code of codes) expect(used, code).toContain(code);
    for (const op of OPERATIONS) {
      for (const p of op.params) for (const l of p.limits ?? []) if (l.code) expect(codes).toContain(l.code);
    }
  });

  it('gives the extra fields of the codes that carry them', () => {
    expect(Object.keys(errorCode('BAD_EVENT_QUEUE_ID')!.extra)).toEqual(['queue_id']);
    expect(errorCode('STREAM_DOES_NOT_EXIST')!.oneOf).toEqual(['stream', 'stream_id']);
    expect(Object.keys(errorCode('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED')!.extra)).toHaveLength(3);
    expect(Object.keys(errorCode('CANNOT_DEACTIVATE_GROUP_IN_USE')!.extra)).toEqual(['objections']);
    expect(errorCode('REQUEST_VARIABLE_MISSING')).toBeUndefined();
  });

  it('marks refusal only where the contract requires it: message content and topics may be truncated', () => {
    for (const op of OPERATIONS) {
      for (const p of op.params.filter((p) => p.name === 'content' || p.name === 'topic')) {
        for (const l of p.limits ?? []) expect(l.beyond, `${keyOf(op)} ${p.name}`).not.toBe('refuse');
      }
    }
    const token = operation('POST /users/me/apns_device_token').params.find((p) => p.name === 'token')!;
    expect(token.limits?.[0]).toMatchObject({ measure: 'length', min: 1, beyond: 'refuse', code: 'BAD_REQUEST' });
  });

  it('dates deprecations where the contract does', () => {
    const deprecated = Object.fromEntries(OPERATIONS.filter((op) => op.deprecated).map((op) => [op.n, op.deprecated]));
    expect(deprecated).toEqual({ 12: true, 17: 406, 18: 406, 19: 420 });
    const send = operation(1);
    expect(send.params.find((p) => p.name === 'read_by_sender')?.since).toBe(236);
    expect(operation(14).params[0]?.valueSince).toEqual({ partial: 412 });
  });

  it('only requires the fields of a success the contract makes unconditional', () => {
    const send = operation(1).success;
    expect(send.id?.presence).toBe('always');
    expect(send.automatic_new_visibility_policy?.presence).toBe('conditional');
    for (const op of OPERATIONS) {
      for (const f of allFields(op.success)) {
        if (f.presence === 'conditional') expect(f.when, keyOf(op)).toBeTruthy();
        if (f.since !== undefined) expect(f.sinceFrom, keyOf(op)).toBeDefined();
      }
    }
  });
});

describe('contract model: operationOf', () => {
  const cases: [string, string, string | undefined][] = [
    ['GET', '/users/123', 'GET /users/{user_id}'],
    ['get', '/api/v1/users/123', 'GET /users/{user_id}'],
    [
      'GET',
      'http://localhost:9991/api/v1/users/me/subscriptions?include_subscribers=true',
      'GET /users/me/subscriptions',
    ],
    ['GET', 'https://chat.example.com/zulip/api/v1/drafts', 'GET /drafts'],
    ['POST', '/users/me/muted_users/7', 'POST /users/me/muted_users/{muted_user_id}'],
    ['POST', '/messages/render', 'POST /messages/render'],
    ['PATCH', '/messages/42', 'PATCH /messages/{message_id}'],
    ['GET', '/messages/matches_narrow', 'GET /messages/matches_narrow'],
    ['POST', '/streams/5/delete_topic', 'POST /streams/{stream_id}/delete_topic'],
    ['POST', '/user_groups/9/deactivate', 'POST /user_groups/{user_group_id}/deactivate'],
    ['DELETE', '/users/me/apns_device_token', 'DELETE /users/me/apns_device_token'],
    ['GET', '/users/me', undefined],
    ['GET', '/users/abc', undefined],
    ['GET', '/messages/42', undefined],
    ['GET', '/events', undefined],
    ['POST', '/register', undefined],
    ['HEAD', '/drafts', undefined],
    ['DELETE', '/drafts/3', undefined],
    ['POST', '/streams/x/delete_topic', undefined],
  ];
  it.each(cases)('%s %s', (method, path, want) => {
    const op = operationOf(method, path);
    expect(op ? keyOf(op) : undefined).toBe(want);
  });

  it('returns the path parameters, and fills a template back', () => {
    expect(matchOperation('POST', '/api/v1/streams/17/delete_topic')?.pathParams).toEqual({ stream_id: '17' });
    expect(fillPath(operation(6), { user_id: 12 })).toBe('/users/12');
    expect(relativePath('http://h/api/v1/drafts?x=1#y')).toBe('/drafts');
  });

  it('reads a condition with the parameter default', () => {
    const typing = operation(4);
    const toIsRead = typing.params.find((p) => p.name === 'to')!.usedWhen!;
    expect(holds(toIsRead, {}, typing)).toBe(true);
    expect(holds(toIsRead, { type: 'channel' }, typing)).toBe(false);
    expect(holds({ field: 'type', in: CHANNEL_MESSAGE_TYPES }, { type: 'stream' })).toBe(true);
    expect(holds({ field: 'field_type', in: [3] }, { field_type: '3' })).toBe(true);
    expect(holds({ field: 'local_id', present: true }, { local_id: 'x' })).toBe(true);
  });
});

describe('contract model: resources', () => {
  it('exports the resource shapes the contract describes', () => {
    expect(Object.keys(RESOURCES)).toEqual(
      expect.arrayContaining([
        'Draft',
        'Channel object',
        'Subscription object',
        'User object',
        'Custom profile field',
        'Attachment',
        'Message',
        'Scheduled message',
        'Narrow',
      ]),
    );
    for (const [name, shape] of Object.entries(RESOURCES)) {
      for (const s of shapesIn(shape)) expect(SHAPE_KINDS, name).toContain(s.kind);
    }
  });

  it('gives the subscription object every shared field of the channel object', () => {
    const channel = RESOURCES['Channel object'];
    const subscription = RESOURCES['Subscription object'];
    if (channel.kind !== 'object' || subscription.kind !== 'object') throw new Error('not objects');
    const onlyChannel = [
      'is_archived',
      'can_move_messages_out_of_channel_group',
      'can_move_messages_within_channel_group',
    ];
    for (const name of Object.keys(channel.fields).filter((n) => !onlyChannel.includes(n))) {
      expect(subscription.fields, name).toHaveProperty(name);
    }
    expect(Object.keys(subscription.gone ?? {})).toEqual(['email_address', 'role']);
  });

  it('converts to loose zod schemas', () => {
    const user = {
      user_id: 8,
      delivery_email: null,
      email: 'user8@example.com',
      full_name: 'Cordelia',
      date_joined: '2024-05-01T10:00:00.123456+00:00',
      is_active: true,
      is_owner: false,
      is_admin: false,
      is_guest: false,
      is_bot: false,
      bot_type: null,
      role: 400,
      timezone: '',
      avatar_url: null,
      avatar_version: 1,
      is_imported_stub: false,
      something_new: [1],
    };
    expect(toZod(User).safeParse(user).success).toBe(true);
    expect(toZod(User).safeParse({ ...user, role: 500 }).success).toBe(false);
    expect(toZod(User).safeParse({ ...user, user_id: '8' }).success).toBe(false);
  });
});
