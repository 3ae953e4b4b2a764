// The fault catalogue: each fault changes exactly the behaviour it names. Every case runs one observation against a
// healthy server and against a server with the fault, and compares what it observes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULT_AREAS, FAULT_IDS, FAULTS, type FaultId, Faults } from '../../reference/faults.ts';
import { type ReferenceServer, startReferenceServer } from '../../reference/server.ts';
import { ANSWER_CASES } from './fault-cases-answers.ts';
import { BAD_INPUT_CASES } from './fault-cases-bad-input.ts';
import { CHANNEL_CASES } from './fault-cases-channels.ts';
import { EDIT_CASES } from './fault-cases-edit.ts';
import { MUTATION_CASES } from './fault-cases-mutation.ts';
import { SEQUENCE_CASES } from './fault-cases-sequence.ts';
import { USERS_SLICE_CASES } from './fault-cases-users.ts';
import { MESSAGE_CASES } from './message-fault-cases.ts';
import { ACCOUNTS, type Call, draftOf, lookup, withServer } from './support.ts';

const NOW_MS = 1_750_000_000_000;
const hamlet = ACCOUNTS.member;
const wrongKey = { email: hamlet.email, key: 'Z'.repeat(32) };

interface Case {
  /** Observes the behaviour on a fresh server (an observation may look behind the API, e.g. to age messages). */
  readonly observe: (call: Call, server: ReferenceServer) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

const post = (call: Call, drafts: unknown[], as: 'member' | 'member2' = 'member') =>
  call('POST', '/drafts', { as, form: { drafts } });
const listed = async (call: Call) => (await call('GET', '/drafts')).body;
const result = async (reply: Promise<{ body: any }>) => (await reply).body?.result ?? 'not JSON';
const status = async (reply: Promise<{ status: number }>) => (await reply).status;
const verona = async (call: Call) => (await lookup(call)).channelId('Verona');

const CASES: Record<FaultId, Case> = {
  ...ANSWER_CASES,
  ...BAD_INPUT_CASES,
  ...USERS_SLICE_CASES,
  ...CHANNEL_CASES,
  ...EDIT_CASES,
  ...SEQUENCE_CASES,
  'drafts-oldest-first': {
    observe: async (call) => {
      await post(call, [draftOf.unaddressed({ timestamp: 10 }), draftOf.unaddressed({ timestamp: 20 })]);
      return (await listed(call)).drafts.map((d: { timestamp: number }) => d.timestamp);
    },
    healthy: [20, 10],
    faulty: [10, 20],
  },
  'drafts-second-channel-id-accepted': {
    observe: async (call) => {
      const id = await verona(call);
      return [
        await result(post(call, [draftOf.channel(id, { to: [id, id + 1] })])),
        await result(post(call, [draftOf.channel(id, { to: [] })])),
      ];
    },
    healthy: ['error', 'error'],
    faulty: ['success', 'error'],
  },
  'drafts-null-byte-topic-accepted': {
    observe: async (call) => result(post(call, [draftOf.channel(await verona(call), { topic: 'a\u0000b' })])),
    healthy: 'error',
    faulty: 'success',
  },
  'drafts-null-byte-content-accepted': {
    observe: async (call) => result(post(call, [draftOf.unaddressed({ content: 'a\u0000b' })])),
    healthy: 'error',
    faulty: 'success',
  },
  'drafts-non-ascii-content-rejected': {
    observe: async (call) => result(post(call, [draftOf.unaddressed({ content: 'héllo 日本語' })])),
    healthy: 'success',
    faulty: 'error',
  },
  'drafts-timestamp-not-filled': {
    observe: async (call) => {
      await post(call, [draftOf.unaddressed()]);
      return (await listed(call)).drafts[0].timestamp;
    },
    healthy: NOW_MS / 1000,
    faulty: 0,
  },
  'drafts-visible-to-others': {
    observe: async (call) => {
      await post(call, [draftOf.unaddressed()], 'member2');
      return (await listed(call)).count;
    },
    healthy: 0,
    faulty: 1,
  },
  'drafts-ids-reversed': {
    observe: async (call) => {
      const { ids } = (await post(call, [draftOf.unaddressed({ timestamp: 1 }), draftOf.unaddressed({ timestamp: 2 })]))
        .body;
      const newestFirst = (await listed(call)).drafts.map((d: { id: number }) => d.id);
      return JSON.stringify(ids) === JSON.stringify([...newestFirst].reverse());
    },
    healthy: true,
    faulty: false,
  },
  'drafts-count-off-by-one': {
    observe: async (call) => {
      await post(call, [draftOf.unaddressed()]);
      const { count, drafts } = await listed(call);
      return count - drafts.length;
    },
    healthy: 0,
    faulty: 1,
  },
  'drafts-invalid-type-accepted': {
    observe: async (call) => result(post(call, [draftOf.unaddressed({ type: 'direct' })])),
    healthy: 'error',
    faulty: 'success',
  },
  'drafts-missing-field-internal-error': {
    observe: async (call) => {
      const { topic: _, ...noTopic } = draftOf.unaddressed();
      const reply = await post(call, [noTopic]);
      return [reply.status, reply.body.code];
    },
    healthy: [400, 'BAD_REQUEST'],
    faulty: [500, undefined],
  },
  'drafts-missing-content-accepted': {
    observe: async (call) => {
      const { content: _, ...noContent } = draftOf.unaddressed();
      return [await result(post(call, [noContent])), (await listed(call)).drafts[0]?.content];
    },
    healthy: ['error', undefined],
    faulty: ['success', '(empty)'],
  },
  'drafts-unaddressed-to-rejected': {
    observe: async (call) =>
      result(post(call, [draftOf.unaddressed({ to: [(await lookup(call)).userId('member2')] })])),
    healthy: 'success',
    faulty: 'error',
  },
  'drafts-channel-topic-unchecked': {
    observe: async (call) => result(post(call, [draftOf.channel(await verona(call), { topic: 5 })])),
    healthy: 'error',
    faulty: 'success',
  },
  'drafts-refusal-status-500': {
    observe: async (call) => {
      const reply = await post(call, [draftOf.unaddressed({ type: 'group' })]);
      return [reply.status, reply.body.result, reply.body.code];
    },
    healthy: [400, 'error', 'BAD_REQUEST'],
    faulty: [500, 'error', 'BAD_REQUEST'],
  },
  'drafts-topic-not-stored': {
    observe: async (call) => {
      await post(call, [draftOf.channel(await verona(call), { topic: 'cf-topic' })]);
      return (await listed(call)).drafts[0].topic;
    },
    healthy: 'cf-topic',
    faulty: '',
  },
  'drafts-no-event': {
    observe: async (call) => {
      const { queue_id } = (await call('POST', '/register')).body;
      await post(call, [draftOf.unaddressed()]);
      const { events } = (await call('GET', '/events', { query: { queue_id, dont_block: true } })).body;
      return events.filter((e: { type: string }) => e.type === 'drafts').length;
    },
    healthy: 1,
    faulty: 0,
  },
  'drafts-timestamp-as-string': {
    observe: async (call) => {
      await post(call, [draftOf.unaddressed({ timestamp: 5 })]);
      return (await listed(call)).drafts[0].timestamp;
    },
    healthy: 5,
    faulty: '5',
  },
  'auth-wrong-key-accepted': {
    observe: (call) => status(call('GET', '/drafts', { as: wrongKey })),
    healthy: 401,
    faulty: 200,
  },
  'auth-missing-credentials-accepted': {
    observe: async (call) => [
      await status(call('GET', '/drafts', { as: 'none' })),
      await status(call('GET', '/users/me', { as: 'none' })),
    ],
    healthy: [401, 401],
    faulty: [200, 401],
  },
  'auth-topic-read-without-credentials': {
    // A topic with a message, read without credentials (then a wrong key): only the first request is let through; a
    // channel that does not exist is refused either way, so a request of that kind cannot show the fault.
    observe: async (call) => {
      const stream_id = await verona(call);
      await call('POST', '/messages', { form: { type: 'stream', to: stream_id, topic: 'cf-read', content: 'x' } });
      const read = (as: 'none' | typeof wrongKey, id: number) =>
        status(call('POST', '/mark_topic_as_read', { as, form: { stream_id: id, topic_name: 'cf-read' } }));
      return [await read('none', stream_id), await read(wrongKey, stream_id), await read('none', 2_000_000_000)];
    },
    healthy: [401, 401, 401],
    faulty: [200, 401, 400],
  },
  'auth-unknown-email-accepted': {
    observe: (call) => status(call('GET', '/drafts', { as: { email: 'nobody@zulip.com', key: hamlet.apiKey } })),
    healthy: 401,
    faulty: 200,
  },
  'auth-refused-write-applied': {
    observe: async (call) => [
      await status(call('POST', '/drafts', { as: wrongKey, form: { drafts: [draftOf.unaddressed()] } })),
      (await listed(call)).count,
    ],
    healthy: [401, 0],
    faulty: [401, 1],
  },
  'auth-bot-key-refused': {
    observe: (call) => status(call('GET', '/users/me', { as: 'bot' })),
    healthy: 200,
    faulty: 401,
  },
  'fetchkey-wrong-password-accepted': {
    observe: (call) =>
      status(call('POST', '/fetch_api_key', { as: 'none', form: { username: hamlet.email, password: 'nope' } })),
    healthy: 401,
    faulty: 200,
  },
  'fetchkey-requires-basic-auth': {
    observe: (call) =>
      status(
        call('POST', '/fetch_api_key', { as: 'none', form: { username: hamlet.email, password: hamlet.password } }),
      ),
    healthy: 200,
    faulty: 401,
  },
  'fetchkey-returns-invalid-key': {
    observe: async (call) => {
      const form = { username: hamlet.email, password: hamlet.password };
      const { api_key } = (await call('POST', '/fetch_api_key', { as: 'none', form })).body;
      return status(call('GET', '/users/me', { as: { email: hamlet.email, key: api_key } }));
    },
    healthy: 200,
    faulty: 401,
  },
  'fetchkey-wrong-user-id': {
    observe: async (call) => {
      const form = { username: hamlet.email, password: hamlet.password };
      const { user_id } = (await call('POST', '/fetch_api_key', { as: 'none', form })).body;
      return user_id - (await call('GET', '/users/me')).body.user_id;
    },
    healthy: 0,
    faulty: 1000,
  },
  'fetchkey-missing-password-accepted': {
    observe: (call) => result(call('POST', '/fetch_api_key', { as: 'none', form: { username: hamlet.email } })),
    healthy: 'error',
    faulty: 'success',
  },
  'queue-delete-twice-succeeds': {
    observe: async (call) => {
      const { queue_id } = (await call('POST', '/register')).body;
      await call('DELETE', '/events', { query: { queue_id } });
      return [
        await result(call('DELETE', '/events', { query: { queue_id } })),
        await result(call('DELETE', '/events', { query: { queue_id: 'never-was' } })),
      ];
    },
    healthy: ['error', 'error'],
    faulty: ['success', 'error'],
  },
  'queue-error-without-queue-id': {
    observe: async (call) => (await call('DELETE', '/events', { query: { queue_id: 'never-was' } })).body.queue_id,
    healthy: 'never-was',
    faulty: undefined,
  },
  'queue-id-echo-trimmed': {
    observe: async (call) => (await call('DELETE', '/events', { query: { queue_id: ' Never-Was ' } })).body.queue_id,
    healthy: ' Never-Was ',
    faulty: 'never-was',
  },
  'queue-delete-fails': {
    observe: async (call) => {
      const { queue_id } = (await call('POST', '/register')).body;
      const deleted = await call('DELETE', '/events', { query: { queue_id } });
      const after = await call('GET', '/events', { query: { queue_id, dont_block: true } });
      return [deleted.body.code ?? deleted.body.result, after.body.code ?? after.body.result];
    },
    healthy: ['success', 'BAD_EVENT_QUEUE_ID'],
    faulty: ['BAD_EVENT_QUEUE_ID', 'success'],
  },
  'queue-delete-missing-param-succeeds': {
    observe: (call) => result(call('DELETE', '/events')),
    healthy: 'error',
    faulty: 'success',
  },
  'envelope-msg-on-success': {
    observe: async (call) => (await listed(call)).msg,
    healthy: '',
    faulty: 'OK',
  },
  'envelope-error-without-code': {
    observe: async (call) => (await call('DELETE', '/drafts/424242')).body.code,
    healthy: 'BAD_REQUEST',
    faulty: undefined,
  },
  'envelope-error-not-json': {
    observe: async (call) => {
      const replies = [await call('DELETE', '/drafts/424242'), await call('GET', '/drafts', { as: 'none' })];
      return replies.map((r) => [r.status, r.headers.get('content-type'), r.body?.result]);
    },
    healthy: [
      [404, 'application/json', 'error'],
      [401, 'application/json', 'error'],
    ],
    faulty: [
      [404, 'text/html', undefined],
      [401, 'text/html', undefined],
    ],
  },
  'content-type-text-plain': {
    observe: async (call) => {
      const replies = [await call('GET', '/drafts'), await call('DELETE', '/drafts/424242')];
      return replies.map((r) => [r.headers.get('content-type'), r.body?.result]);
    },
    healthy: [
      ['application/json', 'success'],
      ['application/json', 'error'],
    ],
    faulty: [
      ['text/plain; charset=utf-8', 'success'],
      ['text/plain; charset=utf-8', 'error'],
    ],
  },
  'ignored-parameters-not-reported': {
    observe: async (call) => (await call('GET', '/drafts', { query: { foo: 1 } })).body.ignored_parameters_unsupported,
    healthy: ['foo'],
    faulty: undefined,
  },
  'missing-parameter-specific-code': {
    observe: async (call) => {
      const { code, var_name } = (await call('DELETE', '/events')).body;
      return [code, var_name];
    },
    healthy: ['BAD_REQUEST', 'queue_id'],
    faulty: ['REQUEST_VARIABLE_MISSING', 'queue_id'],
  },
  ...MESSAGE_CASES,
  ...MUTATION_CASES,
};

describe('the fault catalogue', () => {
  it('names one clause and describes each fault', () => {
    for (const id of FAULT_IDS) {
      expect(FAULTS[id].clause, id).toMatch(/^[A-Z]+(-[A-Z]+)*-\d{3}$/);
      expect(FAULTS[id].description.length, id).toBeGreaterThan(10);
    }
  });

  it('keeps each area beside the module it names, each fault in one area', () => {
    const reference = join(import.meta.dirname, '../../reference');
    for (const area of Object.keys(FAULT_AREAS)) {
      expect(existsSync(join(reference, `${area}.ts`)), `reference/${area}.ts`).toBe(true);
      expect(existsSync(join(reference, `${area}.faults.ts`)), `reference/${area}.faults.ts`).toBe(true);
    }
    const catalogued = Object.values(FAULT_AREAS).flatMap((area) => Object.keys(area));
    expect(catalogued).toEqual(FAULT_IDS);
  });

  it('has a switch for each fault in the code it breaks', () => {
    const reference = join(import.meta.dirname, '../../reference');
    const code = readdirSync(reference, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('faults.ts') && file !== 'flavours.ts')
      .map((file) => readFileSync(join(reference, file), 'utf8'))
      .join('\n');
    // A per-operation family (the bad-input crashes) is switched by one table built from the catalogue, by the
    // operation each names; that each changes its behaviour is the per-fault test below.
    const byTable = (id: FaultId) => 'operation' in FAULTS[id];
    expect(FAULT_IDS.filter((id) => !byTable(id) && !code.includes(`'${id}'`))).toEqual([]);
  });

  it('refuses unknown fault names, listing the known ones', async () => {
    expect(() => new Faults(['no-such-fault'])).toThrow(/no-such-fault.*drafts-oldest-first/s);
    await expect(startReferenceServer({ faults: ['nope'] })).rejects.toThrow(/Known faults: .*auth-wrong-key-accepted/);
  });
});

describe.each(FAULT_IDS.map((id) => [id, FAULTS[id].clause] as const))('fault %s (%s)', (id) => {
  const { observe, healthy, faulty } = CASES[id];

  it('changes the behaviour it names', async () => {
    const clock = () => NOW_MS;
    expect(await withServer({ clock }, observe), 'healthy server').toEqual(healthy);
    expect(await withServer({ clock, faults: [id] }, observe), `server with ${id}`).toEqual(faulty);
  });
});
