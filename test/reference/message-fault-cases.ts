// Cases for the faults of the messages slice (send, schedule, topic rule, render, narrow, typing): each
// observes one behaviour on a fresh server, healthy and with the fault. Spread into CASES in faults.test.ts.
import type { FaultId } from '../../reference/faults.ts';
import { type Call, lookup, type Values } from './support.ts';

export interface FaultCase {
  readonly observe: (call: Call) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

type Prefixed<P extends string> = Extract<FaultId, `${P}${string}`>;
type MessageFaultId = Prefixed<'messages-' | 'scheduled-' | 'topic-' | 'typing-' | 'render-' | 'narrow-'>;

/** The observations' clock (faults.test.ts runs the server at this time). */
const NOW_S = 1_750_000_000;
const LONG = 'x'.repeat(10_050);

const send = (call: Call, form: Values, as: 'member' | 'member2' = 'member') => call('POST', '/messages', { as, form });
const result = async (reply: Promise<{ body: any }>) => (await reply).body?.result ?? 'not JSON';
const ids = async (call: Call) => {
  const found = await lookup(call);
  return { othello: found.userId('member2'), hamlet: found.userId('member'), verona: await found.channelId('Verona') };
};
/** A human's API email on the reference server: its visibility is "administrators only" (Zulip's default). */
const apiEmailOf = (userId: number) => `user${userId}@zulip.invalid`;
const dm = async (call: Call, extra: Values = {}) =>
  send(call, { type: 'direct', to: [(await ids(call)).othello], content: 'hi', ...extra });
const toVerona = (call: Call, extra: Values = {}) =>
  send(call, { type: 'stream', to: 'Verona', topic: 'greetings', content: 'hello', ...extra });
const stored = async (call: Call, id: number) =>
  (await call('GET', `/messages/${id}`, { query: { apply_markdown: false, allow_empty_topic_name: true } })).body;
const schedule = (call: Call, form: Values) =>
  call('POST', '/scheduled_messages', {
    form: { scheduled_delivery_timestamp: NOW_S + 86400, content: 'later', ...form },
  });
const listed = async (call: Call) => (await call('GET', '/scheduled_messages')).body.scheduled_messages;
const render = async (call: Call, form: Values) => (await call('POST', '/messages/render', { form })).body.rendered;
const narrow = async (call: Call, msgIds: number[], terms: Values[]) =>
  (await call('GET', '/messages/matches_narrow', { query: { msg_ids: msgIds, narrow: terms } })).body.messages;
const typing = (call: Call, form: Values) => call('POST', '/typing', { form });

/** othello's queue of typing events (with the channel typing capability), and a reader of its events. */
async function othelloQueue(call: Call, types = ['typing']) {
  const form = { event_types: types, client_capabilities: { stream_typing_notifications: true } };
  const { queue_id } = (await call('POST', '/register', { as: 'member2', form })).body;
  return async () =>
    (await call('GET', '/events', { as: 'member2', query: { queue_id, dont_block: true } })).body.events as any[];
}

export const MESSAGE_CASES: Record<MessageFaultId, FaultCase> = {
  'messages-id-as-string': {
    observe: async (call) => typeof (await dm(call)).body.id,
    healthy: 'number',
    faulty: 'string',
  },
  'messages-private-rejected': {
    observe: (call) => result(dm(call, { type: 'private' })),
    healthy: 'success',
    faulty: 'error',
  },
  'messages-channel-alias-rejected': {
    observe: (call) => result(toVerona(call, { type: 'channel' })),
    healthy: 'success',
    faulty: 'error',
  },
  'messages-channel-id-to-rejected': {
    observe: async (call) => [
      await result(toVerona(call, { to: (await ids(call)).verona })),
      await result(toVerona(call)),
    ],
    healthy: ['success', 'success'],
    faulty: ['error', 'success'],
  },
  'messages-email-recipients-rejected': {
    observe: async (call) => result(dm(call, { to: [apiEmailOf((await ids(call)).othello)] })),
    healthy: 'success',
    faulty: 'error',
  },
  'messages-self-only-rejected': {
    observe: async (call) => result(dm(call, { to: [(await ids(call)).hamlet] })),
    healthy: 'success',
    faulty: 'error',
  },
  'messages-sender-kept-in-recipients': {
    observe: async (call) => {
      const { hamlet, othello } = await ids(call);
      const { id } = (await dm(call, { to: [hamlet, othello] })).body;
      return (await stored(call, id)).message.display_recipient.map((u: { id: number }) => u.id === hamlet);
    },
    healthy: [true, false],
    faulty: [true, true, false],
  },
  'messages-stream-field-missing': {
    observe: async (call) => (await toVerona(call, { to: 'Nowhere' })).body.stream,
    healthy: 'Nowhere',
    faulty: undefined,
  },
  'messages-invalid-email-accepted': {
    observe: async (call) =>
      result(dm(call, { to: [apiEmailOf((await ids(call)).othello), 'nobody@example.invalid'] })),
    healthy: 'error',
    faulty: 'success',
  },
  'messages-direct-topic-rejected': {
    observe: (call) => result(dm(call, { topic: 'ignored' })),
    healthy: 'success',
    faulty: 'error',
  },
  'messages-content-limit-ignored': {
    observe: async (call) => (await stored(call, (await toVerona(call, { content: LONG })).body.id)).raw_content.length,
    healthy: 10_000,
    faulty: 10_050,
  },
  'messages-queue-id-alone-accepted': {
    observe: (call) => result(dm(call, { queue_id: 'some-queue' })),
    healthy: 'error',
    faulty: 'success',
  },
  'messages-local-message-id-missing': {
    observe: async (call) => {
      const { queue_id } = (await call('POST', '/register', { form: { event_types: ['message'] } })).body;
      await dm(call, { queue_id, local_id: '1.5' });
      const { events } = (await call('GET', '/events', { query: { queue_id, dont_block: true } })).body;
      return events.map((e: any) => e.local_message_id);
    },
    healthy: ['1.5'],
    faulty: [undefined],
  },
  'messages-read-by-sender-rejected': {
    observe: (call) => result(dm(call, { read_by_sender: true })),
    healthy: 'success',
    faulty: 'error',
  },
  'messages-read-by-sender-ignored': {
    observe: async (call) => (await stored(call, (await dm(call, { read_by_sender: false })).body.id)).message.flags,
    healthy: [],
    faulty: ['read'],
  },
  'messages-visibility-policy-on-direct': {
    observe: async (call) => 'automatic_new_visibility_policy' in (await dm(call)).body,
    healthy: false,
    faulty: true,
  },
  'scheduled-sent-immediately': {
    observe: async (call) => {
      await schedule(call, { type: 'direct', to: [(await ids(call)).othello] });
      return (await listed(call)).length;
    },
    healthy: 1,
    faulty: 0,
  },
  'scheduled-channel-id-rejected': {
    observe: async (call) => result(schedule(call, { type: 'stream', to: (await ids(call)).verona, topic: 't' })),
    healthy: 'success',
    faulty: 'error',
  },
  'scheduled-stream-id-missing': {
    observe: async (call) => (await schedule(call, { type: 'stream', to: 999_999, topic: 't' })).body.stream_id,
    healthy: 999_999,
    faulty: undefined,
  },
  'scheduled-invalid-user-accepted': {
    observe: async (call) => result(schedule(call, { type: 'direct', to: [(await ids(call)).othello, 999_999] })),
    healthy: 'error',
    faulty: 'success',
  },
  'scheduled-content-limit-ignored': {
    observe: async (call) => {
      await schedule(call, { type: 'direct', to: [(await ids(call)).othello], content: LONG });
      return (await listed(call))[0].content.length;
    },
    healthy: 10_000,
    faulty: 10_050,
  },
  'topic-empty-allowed-everywhere': {
    observe: async (call) => {
      const subscriptions = [{ name: 'strict' }];
      await call('POST', '/users/me/subscriptions', {
        form: { subscriptions, topics_policy: '"disable_empty_topic"' },
      });
      return result(toVerona(call, { to: 'strict', topic: '' }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'topic-display-name-stored-literally': {
    observe: async (call) =>
      (await stored(call, (await toVerona(call, { topic: 'general chat' })).body.id)).message.subject,
    healthy: '',
    faulty: 'general chat',
  },
  'topic-limit-ignored': {
    observe: (call) => result(toVerona(call, { topic: 'o'.repeat(70) })),
    healthy: 'error',
    faulty: 'success',
  },
  'topic-no-topic-stored-literally': {
    observe: async (call) =>
      (await stored(call, (await toVerona(call, { topic: '(no topic)' })).body.id)).message.subject,
    healthy: '',
    faulty: '(no topic)',
  },
  'scheduled-topic-rule-ignored': {
    observe: async (call) => {
      await schedule(call, { type: 'stream', to: (await ids(call)).verona, topic: 'general chat' });
      return (await listed(call))[0].topic;
    },
    healthy: '',
    faulty: 'general chat',
  },
  'typing-topic-not-normalized': {
    observe: async (call) => {
      const events = await othelloQueue(call);
      await typing(call, { type: 'stream', op: 'start', stream_id: (await ids(call)).verona, topic: '(no topic)' });
      return (await events()).map((e) => e.topic);
    },
    healthy: [''],
    faulty: ['(no topic)'],
  },
  'render-raw-markdown': {
    observe: (call) => render(call, { content: '**b** `c`' }),
    healthy: '<p><strong>b</strong> <code>c</code></p>',
    faulty: '<p>**b** `c`</p>',
  },
  'render-html-unescaped': {
    observe: (call) => render(call, { content: 'a<b' }),
    healthy: '<p>a&lt;b</p>',
    faulty: '<p>a<b</p>',
  },
  'render-blocks-as-paragraphs': {
    observe: (call) => render(call, { content: '- a' }),
    healthy: '<ul>\n<li>a</li>\n</ul>',
    faulty: '<p>- a</p>',
  },
  'render-content-limit-ignored': {
    observe: async (call) => (await render(call, { content: LONG })).includes('x'.repeat(10_050)),
    healthy: false,
    faulty: true,
  },
  'render-missing-content-accepted': {
    observe: (call) => result(call('POST', '/messages/render')),
    healthy: 'error',
    faulty: 'success',
  },
  'narrow-non-matching-returned': {
    observe: async (call) => {
      const a = (await toVerona(call)).body.id;
      const b = (await toVerona(call, { to: 'Denmark' })).body.id;
      return Object.keys(await narrow(call, [a, b], [{ operator: 'channel', operand: 'Verona' }])).map(Number);
    },
    healthy: [1001],
    faulty: [1001, 1002],
  },
  'narrow-no-highlight': {
    observe: async (call) => {
      const id = (await toVerona(call, { content: 'a zebra' })).body.id;
      return (await narrow(call, [id], [{ operator: 'search', operand: 'zebra' }]))[id].match_content;
    },
    healthy: '<p>a <span class="highlight">zebra</span></p>',
    faulty: '<p>a zebra</p>',
  },
  'narrow-subject-not-highlighted': {
    observe: async (call) => {
      const id = (await toVerona(call, { topic: 'zebra crossing', content: 'a zebra' })).body.id;
      return (await narrow(call, [id], [{ operator: 'search', operand: 'zebra' }]))[id].match_subject;
    },
    healthy: '<span class="highlight">zebra</span> crossing',
    faulty: 'zebra crossing',
  },
  'narrow-content-raw': {
    observe: async (call) => {
      const id = (await toVerona(call, { content: 'a zebra 1<2' })).body.id;
      return (await narrow(call, [id], [{ operator: 'search', operand: 'zebra' }]))[id].match_content;
    },
    healthy: '<p>a <span class="highlight">zebra</span> 1&lt;2</p>',
    faulty: 'a <span class="highlight">zebra</span> 1<2',
  },
  'narrow-subject-unescaped': {
    observe: async (call) => {
      const id = (await toVerona(call, { topic: 'a<b' })).body.id;
      return (await narrow(call, [id], []))[id].match_subject;
    },
    healthy: 'a&lt;b',
    faulty: 'a<b',
  },
  'narrow-subject-quotes-dropped': {
    observe: async (call) => {
      const id = (await toVerona(call, { topic: 'say "hi"' })).body.id;
      return (await narrow(call, [id], []))[id].match_subject;
    },
    healthy: 'say &quot;hi&quot;',
    faulty: 'say hi',
  },
  'narrow-channel-name-any-channel': {
    observe: async (call) => {
      const ids = [(await toVerona(call)).body.id, (await toVerona(call, { to: 'Denmark' })).body.id];
      const found = await narrow(call, ids, [{ operator: 'channel', operand: 'Verona' }]);
      return ids.map((id) => id in found);
    },
    healthy: [true, false],
    faulty: [true, true],
  },
  'narrow-channel-id-any-channel': {
    observe: async (call) => {
      const ids = [(await toVerona(call)).body.id, (await toVerona(call, { to: 'Denmark' })).body.id];
      const operand = await (await lookup(call)).channelId('Verona');
      const found = await narrow(call, ids, [{ operator: 'channel', operand }]);
      return ids.map((id) => id in found);
    },
    healthy: [true, false],
    faulty: [true, true],
  },
  'narrow-search-matches-nothing': {
    observe: async (call) => {
      const id = (await toVerona(call, { content: 'a zebra' })).body.id;
      return id in (await narrow(call, [id], [{ operator: 'search', operand: 'zebra' }]));
    },
    healthy: true,
    faulty: false,
  },
  'narrow-topic-matches-nothing': {
    observe: async (call) => {
      const id = (await toVerona(call)).body.id;
      return id in (await narrow(call, [id], [{ operator: 'topic', operand: 'greetings' }]));
    },
    healthy: true,
    faulty: false,
  },
  'narrow-ids-as-range': {
    observe: async (call) => {
      const [a, b, c] = [
        (await toVerona(call, { topic: 'one' })).body.id,
        (await toVerona(call, { topic: 'one' })).body.id,
        (await toVerona(call, { topic: 'one' })).body.id,
      ];
      return Object.keys(await narrow(call, [a, c], [{ operator: 'topic', operand: 'one' }]))
        .map(Number)
        .includes(b);
    },
    healthy: false,
    faulty: true,
  },
  'narrow-missing-narrow-accepted': {
    observe: (call) => result(call('GET', '/messages/matches_narrow', { query: { msg_ids: [] } })),
    healthy: 'error',
    faulty: 'success',
  },
  'typing-missing-op-accepted': {
    observe: async (call) => result(typing(call, { to: [(await ids(call)).othello] })),
    healthy: 'error',
    faulty: 'success',
  },
  'typing-type-required': {
    observe: async (call) => result(typing(call, { op: 'start', to: [(await ids(call)).othello] })),
    healthy: 'success',
    faulty: 'error',
  },
  'typing-stream-id-optional': {
    observe: (call) => result(typing(call, { type: 'stream', op: 'start', topic: 't' })),
    healthy: 'error',
    faulty: 'success',
  },
  'typing-private-accepted': {
    observe: async (call) => result(typing(call, { type: 'private', op: 'start', to: [(await ids(call)).othello] })),
    healthy: 'error',
    faulty: 'success',
  },
  'typing-stop-never-sent': {
    observe: async (call) => {
      const events = await othelloQueue(call);
      await typing(call, { op: 'stop', to: [(await ids(call)).othello] });
      return (await events()).map((e) => e.op);
    },
    healthy: ['stop'],
    faulty: [],
  },
  'typing-channel-no-event': {
    observe: async (call) => {
      const events = await othelloQueue(call);
      await typing(call, { type: 'stream', op: 'start', stream_id: (await ids(call)).verona, topic: 't' });
      return (await events()).map((e) => e.op);
    },
    healthy: ['start'],
    faulty: [],
  },
  'typing-channel-alias-refused': {
    observe: async (call) =>
      result(typing(call, { type: 'channel', op: 'start', stream_id: (await ids(call)).verona, topic: 't' })),
    healthy: 'success',
    faulty: 'error',
  },
};
