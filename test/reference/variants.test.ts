// The variant catalogue: each variant changes the choice it names, and only in a way the contract allows. Every case
// runs one observation against a default server and against a server with the variant, and compares what it observes.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAVOURS } from '../../reference/flavours.ts';
import { type ReferenceServer, type ReferenceServerOptions, startReferenceServer } from '../../reference/server.ts';
import {
  ALL_COMPATIBLE,
  compatible,
  excluded,
  VARIANT_IDS,
  VARIANTS,
  type VariantId,
  Variants,
  warnedBy,
} from '../../reference/variants.ts';
import { ACCOUNTS, type Call, draftOf, lookup, withServer } from './support.ts';

const NOW_MS = 1_750_000_000_000;

interface Case {
  readonly observe: (call: Call, server: ReferenceServer) => Promise<unknown>;
  readonly standard: unknown;
  readonly varied: unknown;
  /** Variants both servers run with, where the choice shows only on them (a large channel needs a full realm). */
  readonly base?: readonly VariantId[];
  /** Options both servers start with, where the choice shows only with them (a rate limit). */
  readonly options?: ReferenceServerOptions;
}

/** The member's subscribers of the prefilled realm's crowded channel, with include_subscribers=partial. */
const crowded = async (call: Call) => {
  const { subscriptions } = (
    await call('GET', '/users/me/subscriptions', { query: { include_subscribers: 'partial' } })
  ).body;
  const room = subscriptions.find((s: { name: string }) => s.name === 'crowded room');
  return room.subscribers
    ? ['subscribers', room.subscribers.length]
    : ['partial_subscribers', room.partial_subscribers.length];
};

const verona = async (call: Call) => (await lookup(call)).channelId('Verona');
const register = (call: Call, as: 'member' | 'admin' = 'member') =>
  call('POST', '/register', { as, form: { fetch_event_types: ['realm'], event_types: ['drafts'] } });
const newChannel = async (call: Call, name: string) => {
  await call('POST', '/users/me/subscriptions', { as: 'admin', form: { subscriptions: [{ name }] } });
  return (await lookup(call)).channelId(name);
};
const send = (call: Call, channelId: number, topic: string, content = 'hello') =>
  call('POST', '/messages', { form: { type: 'stream', to: String(channelId), topic, content } });
const userAs = async (call: Call, as: 'member' | 'moderator', role: 'member2' | 'owner' = 'member2') => {
  const id = (await lookup(call)).userId(role);
  return (await call('GET', `/users/${id}`, { as })).body.user;
};
/** The result of matching no message against a narrow: the narrow taken or refused, whatever the ids asked. */
const narrowed = async (call: Call, narrow: unknown[]) =>
  (await call('GET', '/messages/matches_narrow', { query: { msg_ids: [], narrow } })).body.result;
const draftEvents = async (call: Call) => {
  const queue = (await register(call)).body;
  await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } });
  return (await call('GET', '/events', { query: { queue_id: queue.queue_id, last_event_id: -1, dont_block: true } }))
    .body.events;
};

const CASES: Record<VariantId, Case> = {
  'error-status-422': {
    observe: async (call) => (await call('DELETE', '/events', { form: { queue_id: 'nope' } })).status,
    standard: 400,
    varied: 422,
  },
  'error-status-403-404': {
    observe: async (call) => [
      (await call('DELETE', '/events', { form: { queue_id: 'nope' } })).status,
      (await call('POST', `/streams/${await verona(call)}/delete_topic`, { form: { topic_name: 'x' } })).status,
    ],
    standard: [400, 400],
    varied: [404, 403],
  },
  'auth-status-403': {
    observe: async (call) => {
      const reply = await call('GET', '/drafts', { as: 'none' });
      return [reply.status, reply.headers.has('www-authenticate'), reply.body.code];
    },
    standard: [401, true, 'UNAUTHORIZED'],
    varied: [403, false, 'UNAUTHORIZED'],
  },
  'success-status-201': {
    observe: async (call) => [
      (await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } })).status,
      (await call('GET', '/drafts')).status,
    ],
    standard: [200, 200],
    varied: [201, 200],
  },
  'error-msg-other-texts': {
    observe: async (call) =>
      (await call('DELETE', '/events', { form: { queue_id: 'nope' } })).body.msg.includes('nope'),
    standard: true,
    varied: false,
  },
  'error-codes-finer': {
    observe: async (call) => [
      (await call('POST', '/typing', { form: { op: 'sideways', to: [1] } })).body.code,
      (await call('POST', '/typing', { form: { to: [1] } })).body.code,
    ],
    standard: ['BAD_REQUEST', 'BAD_REQUEST'],
    varied: ['INVALID_PARAMETER_VALUE', 'BAD_REQUEST'],
  },
  'error-extra-fields': {
    observe: async (call) => Object.keys((await call('DELETE', '/events', { form: { queue_id: 'x' } })).body).length,
    standard: 4,
    varied: 6,
  },
  'content-type-charset': {
    observe: async (call) => (await call('GET', '/drafts')).headers.get('content-type'),
    standard: 'application/json',
    varied: 'application/json; charset=utf-8',
  },
  'content-type-text-plain': {
    observe: async (call) => (await call('GET', '/drafts')).headers.get('content-type'),
    standard: 'application/json',
    varied: 'text/plain',
  },
  'extra-fields': {
    observe: async (call) => {
      const { subscriptions } = (await call('GET', '/users/me/subscriptions')).body;
      return 'cf_variant_note' in subscriptions[0];
    },
    standard: false,
    varied: true,
  },
  'extra-event-fields': {
    observe: async (call) => (await draftEvents(call)).some((e: object) => 'cf_variant_note' in e),
    standard: false,
    varied: true,
  },
  'unrelated-events': {
    observe: async (call) => (await draftEvents(call)).map((e: { type: string }) => e.type),
    standard: ['drafts'],
    varied: ['presence', 'heartbeat', 'drafts'],
  },
  'event-ids-sparse': {
    observe: async (call) => (await draftEvents(call)).map((e: { id: number }) => e.id),
    standard: [0],
    varied: [1000],
  },
  'ignored-parameters-objects': {
    observe: async (call) =>
      (await call('GET', '/drafts', { query: { cf_nope: 1 } })).body.ignored_parameters_unsupported,
    standard: ['cf_nope'],
    varied: [{ name: 'cf_nope', reason: 'not supported by this operation' }],
  },
  'ignored-parameters-always': {
    observe: async (call) => (await call('GET', '/drafts')).body.ignored_parameters_unsupported,
    standard: undefined,
    varied: [],
  },
  'truncate-topics': {
    observe: async (call) => (await send(call, await verona(call), 't'.repeat(61))).body.result,
    standard: 'error',
    varied: 'success',
  },
  'refuse-long-content': {
    observe: async (call) => (await send(call, await verona(call), 'cf-long', 'x'.repeat(10_001))).body.result,
    standard: 'success',
    varied: 'error',
  },
  'partial-subscribers-full': {
    observe: crowded,
    standard: ['partial_subscribers', 262],
    varied: ['subscribers', 262],
    base: ['realm-prefilled'],
  },
  'partial-subscribers-subset': {
    observe: crowded,
    standard: ['partial_subscribers', 262],
    varied: ['partial_subscribers', 2],
    base: ['realm-prefilled'],
  },
  'guests-see-public-channels': {
    observe: async (call) => {
      await newChannel(call, 'cf-open-hall');
      const { streams } = (await call('GET', '/streams', { as: 'guest' })).body;
      return streams.some((s: { name: string }) => s.name === 'cf-open-hall');
    },
    standard: false,
    varied: true,
  },
  'email-visibility-everyone': {
    observe: async (call) => (await userAs(call, 'member')).email,
    standard: expect.stringMatching(/@zulip\.invalid$/),
    varied: ACCOUNTS.member2.email,
  },
  'moderators-see-emails': {
    observe: async (call) => (await userAs(call, 'moderator')).delivery_email,
    standard: null,
    varied: ACCOUNTS.member2.email,
  },
  'admins-access-all-content': {
    observe: async (call) => {
      await call('POST', '/users/me/subscriptions', {
        as: 'owner',
        form: { subscriptions: [{ name: 'cf-closed-room' }], invite_only: true },
      });
      return (await call('GET', '/get_stream_id', { as: 'admin', query: { stream: 'cf-closed-room' } })).body.result;
    },
    standard: 'error',
    varied: 'success',
  },
  'login-by-api-email': {
    observe: async (call) => {
      const apiEmail = (await call('GET', '/users/me')).body.email;
      const fetched = await call('POST', '/fetch_api_key', {
        as: 'none',
        form: { username: apiEmail, password: ACCOUNTS.member.password },
      });
      return [fetched.body.result, fetched.body.email === apiEmail];
    },
    standard: ['error', false],
    varied: ['success', true],
  },
  'ids-large': {
    observe: async (call) =>
      (await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } })).body.ids[0] > 2 ** 32,
    standard: false,
    varied: true,
  },
  'ids-not-increasing': {
    observe: async (call) => {
      const drafts = Array.from({ length: 4 }, () => draftOf.unaddressed());
      const { ids } = (await call('POST', '/drafts', { form: { drafts } })).body;
      return ids.every((id: number, i: number) => i === 0 || id > ids[i - 1]);
    },
    standard: true,
    varied: false,
  },
  'lists-shuffled': {
    observe: async (call) => {
      const names = (await call('GET', '/users/me/subscriptions', { as: 'admin' })).body.subscriptions.map(
        (s: { name: string }) => s.name,
      );
      return names.join() === [...names].sort((a, b) => a.localeCompare(b)).join();
    },
    standard: true,
    varied: false,
  },
  'no-channel-notices': {
    observe: async (call) => {
      await newChannel(call, 'cf-quiet');
      const { streams } = (await call('GET', '/streams', { as: 'admin' })).body;
      return streams.find((s: { name: string }) => s.name === 'cf-quiet').first_message_id === null;
    },
    standard: false,
    varied: true,
  },
  'realm-prefilled': {
    observe: async (call) => (await call('GET', '/users', { as: 'admin' })).body.members.length > 100,
    standard: false,
    varied: true,
  },
  'realm-older-defaults': {
    observe: async (call) => {
      // A member deletes its own message, moves one to another channel, another to another topic; the realm's topic
      // policy.
      const id = await verona(call);
      const own = (await send(call, id, 'cf-older')).body.id;
      const deleted = (await call('DELETE', `/messages/${own}`)).body.result;
      const moving = (await send(call, id, 'cf-older')).body.id;
      const other = await newChannel(call, 'cf-older-elsewhere');
      await call('POST', '/users/me/subscriptions', { form: { subscriptions: [{ name: 'cf-older-elsewhere' }] } });
      const moved = (await call('PATCH', `/messages/${moving}`, { form: { stream_id: other } })).body.result;
      const renaming = (await send(call, id, 'cf-older')).body.id;
      const renamed = (await call('PATCH', `/messages/${renaming}`, { form: { topic: 'cf-older-moved' } })).body.result;
      return [deleted, moved, renamed, (await register(call)).body.realm_topics_policy];
    },
    standard: ['success', 'success', 'success', 'allow_empty_topic'],
    varied: ['error', 'error', 'error', 'disable_empty_topic'],
  },
  'realm-movers-administrators': {
    observe: async (call) => {
      // The moderator renames a topic and resolves one; who may, as the register reports it.
      const id = await verona(call);
      const rename = async (topic: string, to: string) => {
        const sent = (await send(call, id, topic)).body.id;
        const form = { topic: to, propagate_mode: 'change_all' };
        return (await call('PATCH', `/messages/${sent}`, { as: 'moderator', form })).body.result;
      };
      const moved = await rename('cf-admins-move', 'cf-admins-moved');
      const resolved = await rename('cf-admins-resolve', '✔ cf-admins-resolve');
      return [moved, resolved];
    },
    standard: ['success', 'success'],
    varied: ['error', 'error'],
  },
  'bot-owned-by-administrator': {
    observe: async (call) => {
      const ids = await lookup(call);
      return (await call('GET', `/users/${ids.userId('bot')}`)).body.user.bot_owner_id === ids.userId('admin');
    },
    standard: false,
    varied: true,
  },
  'limits-other-values': {
    observe: async (call) => {
      const state = (await register(call)).body;
      const sent = await send(call, await verona(call), 'cf-long', 'x'.repeat(8000));
      const stored = (await call('GET', `/messages/${sent.body.id}`, { query: { apply_markdown: false } })).body;
      return [state.max_message_length, state.max_topic_length, [...stored.message.content].length];
    },
    standard: [10000, 60, 8000],
    varied: [7000, 50, 7000],
  },
  'empty-topic-name-other': {
    observe: async (call) => (await register(call)).body.realm_empty_topic_display_name,
    standard: 'general chat',
    varied: 'sans sujet',
  },
  'edit-grace': {
    observe: async (call) => (await editAfterGrace(call)) === 'success',
    standard: false,
    varied: true,
  },
  'delete-topic-one-per-request': {
    observe: async (call) => deleteTopicAnswers(call),
    standard: [false, true],
    varied: [false, false, false, true],
  },
  'delete-topic-all-at-once': {
    observe: async (call) => deleteTopicAnswers(call),
    standard: [false, true],
    varied: [true],
  },
  'move-too-old-specific-code': {
    observe: async (call) => (await tooOldMove(call)).body.code,
    standard: 'BAD_REQUEST',
    varied: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
  },
  'no-auto-follow': {
    observe: async (call) => {
      const id = await verona(call);
      return [
        (await send(call, id, 'cf-new-topic')).body.automatic_new_visibility_policy,
        (await send(call, id, 'cf-new-topic')).body.automatic_new_visibility_policy,
      ];
    },
    standard: [3, undefined],
    varied: [undefined, undefined],
  },
  'narrow-channel-by-name': {
    observe: async (call) => {
      const id = await verona(call);
      return [
        await narrowed(call, [{ operator: 'channel', operand: 'Verona' }]),
        await narrowed(call, [{ operator: 'channel', operand: id }]),
      ];
    },
    standard: ['success', 'success'],
    varied: ['success', 'error'],
  },
  'narrow-channel-by-id': {
    observe: async (call) => {
      const id = await verona(call);
      return [
        await narrowed(call, [{ operator: 'stream', operand: 'Verona' }]),
        await narrowed(call, [{ operator: 'stream', operand: id }]),
      ];
    },
    standard: ['success', 'success'],
    varied: ['error', 'success'],
  },
  'narrow-no-search': {
    observe: (call) => narrowed(call, [{ operator: 'search', operand: 'zebra' }]),
    standard: 'success',
    varied: 'error',
  },
  'narrow-no-topic': {
    observe: async (call) => [
      await narrowed(call, [{ operator: 'topic', operand: 'greetings' }]),
      await narrowed(call, [{ operator: 'subject', operand: 'greetings' }]),
    ],
    standard: ['success', 'success'],
    varied: ['error', 'error'],
  },
  'rendering-other-html': {
    observe: async (call) => (await call('POST', '/messages/render', { form: { content: '**hi**' } })).body.rendered,
    standard: '<p><strong>hi</strong></p>',
    varied: '<div class="rendered-markdown"><p dir="auto"><b>hi</b></p></div>',
  },
  'unknown-channel-id-as-stream': {
    observe: async (call) => {
      const { body } = await call('POST', '/messages', {
        form: { type: 'stream', to: 2_000_000_000, topic: 'x', content: 'x' },
      });
      return [body.code, body.stream_id, body.stream];
    },
    standard: ['STREAM_DOES_NOT_EXIST', 2_000_000_000, undefined],
    varied: ['STREAM_DOES_NOT_EXIST', undefined, '2000000000'],
  },
  'render-numeric-references': {
    observe: async (call) => (await call('POST', '/messages/render', { form: { content: 'a<b & c' } })).body.rendered,
    standard: '<p>a&lt;b &amp; c</p>',
    varied: '<p>a&#60;b &#38; c</p>',
  },
  'render-inline-html': {
    observe: async (call) =>
      (await call('POST', '/messages/render', { form: { content: 'a <b>x</b> > c' } })).body.rendered,
    standard: '<p>a &lt;b&gt;x&lt;/b&gt; &gt; c</p>',
    varied: '<p>a <b>x</b> > c</p>',
  },
  'avatars-hosted': {
    observe: async (call) => {
      const me = (await call('GET', '/users/me')).body.user_id;
      return typeof (await call('GET', `/users/${me}`)).body.user.avatar_url;
    },
    standard: 'object',
    varied: 'string',
  },
  'dates-with-offset': {
    observe: async (call) => (await userAs(call, 'member', 'owner')).date_joined.endsWith('+00:00'),
    standard: false,
    varied: true,
  },
  'drafts-content-verbatim': {
    observe: async (call) => {
      await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed({ content: 'spaced  ' })] } });
      return (await call('GET', '/drafts')).body.drafts[0].content;
    },
    standard: 'spaced',
    varied: 'spaced  ',
  },
  'drafts-ignored-fields-unchecked': {
    // The ignored fields given wrong types: refused by default, taken (as [] and "") by the variant; a channel
    // draft's topic, which is read, is refused by both.
    observe: async (call) => {
      const member2 = (await lookup(call)).userId('member2');
      const post = async (draft: unknown) => (await call('POST', '/drafts', { form: { drafts: [draft] } })).body.result;
      return [
        await post(draftOf.unaddressed({ to: 'abc', topic: 5 })),
        await post(draftOf.direct([member2], { topic: null })),
        await post(draftOf.channel(await verona(call), { topic: 5 })),
      ];
    },
    standard: ['error', 'error', 'error'],
    varied: ['success', 'success', 'error'],
  },
  'include-default-adds-channels': {
    // Only include_default asked: the default channels come with the variant (Verona), never another (Scotland).
    observe: async (call) => {
      const query = { include_public: false, include_subscribed: false, include_default: true };
      const names = (await call('GET', '/streams', { query })).body.streams.map((s: { name: string }) => s.name);
      return [names.includes('Verona'), names.includes('Scotland')];
    },
    standard: [false, false],
    varied: [true, false],
  },
  'slow-responses': {
    // Every answer waits at least 5 ms, so the quickest of ten does too (a busy machine slows some answers, not all;
    // 4 ms: a timer may fire up to a millisecond early on the clock measured here).
    observe: async (call) => {
      let quickest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        await call('GET', '/drafts');
        quickest = Math.min(quickest, performance.now() - started);
      }
      return quickest >= 4;
    },
    standard: false,
    varied: true,
  },
  'connection-close': {
    // Two requests on a kept-alive client: the second reuses the first one's connection unless the server closed it.
    observe: async (_call, server) => {
      const agent = new http.Agent({ keepAlive: true });
      const first = await rawGet(server.url, agent);
      const second = await rawGet(server.url, agent);
      agent.destroy();
      return [first.headers.connection, second.reused];
    },
    standard: ['keep-alive', true],
    varied: ['close', false],
  },
  'idle-close-early': {
    // The answer announces no idle timeout, and the connection closes while idle: within a second (the variant's is
    // 2 ms; a default server keeps it 30 s, and the wait ends at a second).
    observe: async (_call, server) => {
      const agent = new http.Agent({ keepAlive: true });
      const { headers, socket } = await rawGet(server.url, agent);
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 1000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      agent.destroy();
      return [headers['keep-alive'] ?? null, headers.connection, closed];
    },
    standard: ['timeout=30', 'keep-alive', false],
    varied: [null, 'keep-alive', true],
  },
  'retry-after-http-date': {
    // A second call within a 1-per-minute limit: the seconds Retry-After gives (as a date: from the answer's Date),
    // and the body's own retry-after.
    options: { rateLimit: { requests: 1, windowSeconds: 60 } },
    observe: async (call) => {
      await call('GET', '/drafts');
      const refused = await call('GET', '/drafts');
      const header = refused.headers.get('retry-after')!;
      const seconds = /^\d+$/.test(header)
        ? Number(header)
        : (Date.parse(header) - Date.parse(refused.headers.get('date')!)) / 1000;
      return [refused.status, /^\d+$/.test(header), seconds, refused.body['retry-after']];
    },
    standard: [429, true, 60, 60],
    varied: [429, false, 60, undefined],
  },
  'gzip-unasked': {
    // fetch decodes what it gets: the body reads the same, and the header tells how it came.
    observe: async (call) => {
      const reply = await call('GET', '/drafts', { headers: { 'accept-encoding': 'identity' } });
      return [reply.headers.get('content-encoding'), reply.body.result];
    },
    standard: [null, 'success'],
    varied: ['gzip', 'success'],
  },
};

/** A GET of the member's drafts through `agent`: the answer's headers, its connection, whether it was reused. */
function rawGet(
  base: string,
  agent: http.Agent,
): Promise<{ headers: http.IncomingHttpHeaders; socket: Socket; reused: boolean }> {
  const { email, apiKey } = ACCOUNTS.member;
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v1/drafts`, { agent, headers: { authorization } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ headers: res.headers, socket: req.socket!, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

/** delete_topic answers for a topic of four messages, asked until complete. */
async function deleteTopicAnswers(call: Call): Promise<boolean[]> {
  const id = await verona(call);
  for (let i = 0; i < 4; i++) await send(call, id, 'cf-doomed');
  const answers: boolean[] = [];
  for (let i = 0; i < 6 && !answers.at(-1); i++)
    answers.push(
      (await call('POST', `/streams/${id}/delete_topic`, { as: 'admin', form: { topic_name: 'cf-doomed' } })).body
        .complete,
    );
  return answers;
}

/** A move, by a member, of a message sent 15 s past a 1 s limit: refused, unless 20 s of grace let it through. */
async function editAfterGrace(call: Call): Promise<string> {
  return (await tooOldMove(call, 15)).body.result;
}

async function tooOldMove(call: Call, ageSeconds = 120) {
  const id = await verona(call);
  const sent = (await send(call, id, 'cf-aged')).body.id;
  await call('PATCH', '/realm', { as: 'admin', form: { move_messages_within_stream_limit_seconds: 1 } });
  clockOffsetMs = ageSeconds * 1000;
  return call('PATCH', `/messages/${sent}`, { form: { topic: 'cf-moved', propagate_mode: 'change_one' } });
}

/** Moved forward by observations that need messages to age. */
let clockOffsetMs = 0;
const clock = () => NOW_MS + clockOffsetMs;

describe('the variant catalogue', () => {
  it('says for each variant what the contract leaves open and what changes', () => {
    for (const id of VARIANT_IDS) {
      expect(VARIANTS[id].leftOpen.length, id).toBeGreaterThan(20);
      expect(VARIANTS[id].change.length, id).toBeGreaterThan(10);
      for (const other of excluded(id)) expect(VARIANT_IDS, `${id} excludes ${other}`).toContain(other);
    }
    expect(VARIANT_IDS.length).toBeGreaterThanOrEqual(30);
  });

  it('has a switch for each variant in the code it changes', () => {
    const reference = join(import.meta.dirname, '../../reference');
    const code = readdirSync(reference, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && file !== 'variants.ts' && file !== 'flavours.ts')
      .map((file) => readFileSync(join(reference, file), 'utf8'))
      .join('\n');
    expect(VARIANT_IDS.filter((id) => !code.includes(`Variant \`${id}\``) && !code.includes(`'${id}'`))).toEqual([]);
  });

  it('tells compatible sets from clashing ones, and which clauses a SHOULD-level variant may warn', () => {
    expect(compatible(['error-status-422', 'extra-fields'])).toBe(true);
    expect(compatible(['error-status-422', 'error-status-403-404'])).toBe(false);
    expect(() => new Variants(['delete-topic-all-at-once', 'delete-topic-one-per-request'])).toThrow(
      /cannot be combined/,
    );
    expect(() => new Variants(['no-such-variant'])).toThrow(/Known variants: .*extra-fields/);
    expect(warnedBy(['content-type-text-plain', 'extra-fields'])).toEqual(['CONV-004', 'RESP-*']);
  });

  it('are each documented in docs/variants.md, with what they change', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/variants.md'), 'utf8');
    const missing = VARIANT_IDS.filter((id) => !page.includes(`| \`${id}\` | ${VARIANTS[id].change}`));
    expect(missing, 'regenerate: node --import tsx scripts/variants-doc.ts > docs/variants.md').toEqual([]);
  });

  it("holds the Zulip flavour's choices", () => {
    expect([...FLAVOURS.zulip.variants].sort()).toEqual(VARIANT_IDS.filter((id) => 'zulip' in VARIANTS[id]).sort());
  });

  it('starts a server with every compatible variant at once', async () => {
    const server = await startReferenceServer({ variants: ALL_COMPATIBLE });
    expect(server.variants).toEqual(ALL_COMPATIBLE);
    await server.close();
  });
});

describe.each(VARIANT_IDS)('variant %s', (id) => {
  const { observe, standard, varied, base = [], options = {} } = CASES[id];

  it('changes the choice it names', async () => {
    clockOffsetMs = 0;
    expect(await withServer({ ...options, clock, variants: base }, observe), 'default server').toEqual(standard);
    clockOffsetMs = 0;
    expect(await withServer({ ...options, clock, variants: [...base, id] }, observe), `server with ${id}`).toEqual(
      varied,
    );
  });
});

/**
 * Each narrow variant's converse: with the variant on, the fault beside it still departs in the narrow form the
 * variant leaves the suite (a taken form answered wrongly), so that the leniency of learning forms hides no fault.
 */
const NARROW_CONVERSES: readonly [VariantId, string, (call: Call) => Promise<unknown>, unknown, unknown][] = [
  ['narrow-channel-by-name', 'narrow-channel-name-any-channel', (c) => channelSelects(c, 'Verona'), [1, 0], [1, 1]],
  ['narrow-channel-by-id', 'narrow-channel-id-any-channel', (c) => channelSelects(c), [1, 0], [1, 1]],
  [
    'narrow-no-search',
    'narrow-search-matches-nothing',
    (c) => narrowed(c, [{ operator: 'search', operand: 'x' }]),
    'error',
    'success',
  ],
  [
    'narrow-no-topic',
    'narrow-topic-matches-nothing',
    (c) => narrowed(c, [{ operator: 'topic', operand: 'x' }]),
    'error',
    'success',
  ],
];

/** Which of a message to Verona and one to Denmark a channel narrow of Verona (by `name`, else by ID) selects. */
async function channelSelects(call: Call, name?: string) {
  const ids = [
    (await send(call, await verona(call), 'here')).body.id,
    (await send(call, await (await lookup(call)).channelId('Denmark'), 'there')).body.id,
  ];
  const operand = name ?? (await verona(call));
  const { messages } = (
    await call('GET', '/messages/matches_narrow', {
      query: { msg_ids: ids, narrow: [{ operator: 'channel', operand }] },
    })
  ).body;
  return ids.map((id) => Number(id in messages));
}

describe.each(NARROW_CONVERSES)('variant %s beside fault %s', (variant, fault, observe, healthy, faulty) => {
  it('departs with the variant on', async () => {
    expect(await withServer({ clock, variants: [variant] }, observe), `server with ${variant}`).toEqual(healthy);
    expect(await withServer({ clock, variants: [variant], faults: [fault] }, observe), `and ${fault}`).toEqual(faulty);
  });
});
