// Cases for the faults of the edit slice (PATCH /messages/{id}): each observes one behaviour on a fresh
// server, healthy and with the fault. Spread into CASES in faults.test.ts. The server's clock stands still there,
// so the time-limit observations age their messages in the store instead of waiting.
import { createHash } from 'node:crypto';
import type { FaultId } from '../../reference/faults.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import { ageAll, type Call, lookup, type Values } from './support.ts';

type EditFaultId = Extract<FaultId, `edit-${string}`>;

export interface EditFaultCase {
  readonly observe: (call: Call, server: ReferenceServer) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

type Role = 'member' | 'member2' | 'moderator' | 'admin';

const result = async (reply: Promise<{ body: any }>) => (await reply).body?.result ?? 'not JSON';
const send = async (call: Call, topic = 'greetings', to: string | number = 'Verona', content = 'hello') =>
  (await call('POST', '/messages', { form: { type: 'stream', to, topic, content } })).body.id as number;
const sendDirect = async (call: Call) =>
  (
    await call('POST', '/messages', {
      form: { type: 'direct', to: [(await lookup(call)).userId('member2')], content: 'hi' },
    })
  ).body.id as number;
const edit = (call: Call, id: number, form: Values, as: Role = 'member') =>
  call('PATCH', `/messages/${id}`, { as, form });
const stored = async (call: Call, id: number) =>
  (await call('GET', `/messages/${id}`, { query: { apply_markdown: false, allow_empty_topic_name: true } })).body;
const topicOf = async (call: Call, id: number) => (await stored(call, id)).message.subject;
const setRealm = (call: Call, form: Values) => call('PATCH', '/realm', { as: 'admin', form });
/** POST /user_uploads with one file part. */
export async function uploadFile(call: Call, name: string, content: string, as: Role = 'member') {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return call('POST', '/user_uploads', { as, body, contentType: encoded.headers.get('content-type')! });
}
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const EDIT_CASES: Record<EditFaultId, EditFaultCase> = {
  'edit-content-not-stored': {
    observe: async (call) => {
      const id = await send(call);
      await edit(call, id, { content: 'changed' });
      return (await stored(call, id)).raw_content;
    },
    healthy: 'changed',
    faulty: 'hello',
  },
  'edit-content-propagate-accepted': {
    observe: async (call) => result(edit(call, await send(call), { content: 'x', propagate_mode: 'change_all' })),
    healthy: 'error',
    faulty: 'success',
  },
  'edit-content-with-channel-accepted': {
    observe: async (call) => {
      const denmark = await (await lookup(call)).channelId('Denmark');
      return result(edit(call, await send(call), { content: 'x', stream_id: denmark }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'edit-others-content-allowed': {
    observe: async (call) => result(edit(call, await send(call), { content: 'mine now' }, 'member2')),
    healthy: 'error',
    faulty: 'success',
  },
  'edit-disabled-ignored': {
    observe: async (call) => {
      const id = await send(call);
      await setRealm(call, { allow_message_editing: false });
      return result(edit(call, id, { content: 'x' }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'edit-prev-hash-ignored': {
    observe: async (call) => {
      const id = await send(call);
      return [
        await result(edit(call, id, { content: 'second', prev_content_sha256: sha256('hello') })),
        await result(edit(call, id, { content: 'third', prev_content_sha256: sha256('hello') })),
      ];
    },
    healthy: ['success', 'error'],
    faulty: ['success', 'success'],
  },
  'edit-long-content-kept': {
    observe: async (call) => {
      const id = await send(call);
      await edit(call, id, { content: 'x'.repeat(10_050) });
      return (await stored(call, id)).raw_content.length;
    },
    healthy: 10_000,
    faulty: 10_050,
  },
  'edit-content-limit-ignored': {
    observe: async (call, server) => {
      await setRealm(call, { message_content_edit_limit_seconds: 60 });
      const id = await send(call);
      ageAll(server);
      return result(edit(call, id, { content: 'too late' }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'edit-realm-event-op-update': {
    observe: async (call) => {
      const { queue_id } = (await call('POST', '/register', { form: { event_types: ['realm'] } })).body;
      await setRealm(call, { allow_message_editing: false });
      const { events } = (await call('GET', '/events', { query: { queue_id, dont_block: true } })).body;
      return events.filter((e: { type: string }) => e.type === 'realm').map((e: { op: string }) => e.op);
    },
    healthy: ['update_dict'],
    faulty: ['update'],
  },
  'edit-realm-event-limit-rounded': {
    observe: async (call) => {
      const { queue_id } = (await call('POST', '/register', { form: { event_types: ['realm'] } })).body;
      await setRealm(call, { message_content_edit_limit_seconds: 3661 });
      const { events } = (await call('GET', '/events', { query: { queue_id, dont_block: true } })).body;
      return events.map((e: { data?: Record<string, unknown> }) => e.data?.message_content_edit_limit_seconds);
    },
    healthy: [3661],
    faulty: [3660],
  },
  'edit-detached-uploads-missing': {
    observe: async (call) => (await edit(call, await send(call), { content: 'x' })).body.detached_uploads,
    healthy: [],
    faulty: undefined,
  },
  'edit-detached-upload-not-listed': {
    observe: async (call) => {
      const { url } = (await uploadFile(call, 'notes.txt', 'abc')).body;
      const id = await send(call, 'files', 'Verona', `see [notes](${url})`);
      const { body } = await edit(call, id, { content: 'no file any more' });
      return body.detached_uploads.map((a: { name: string; size: number }) => [a.name, a.size]);
    },
    healthy: [['notes.txt', 3]],
    faulty: [],
  },
  'edit-detached-upload-other-links-ignored': {
    observe: async (call) => {
      const { url } = (await uploadFile(call, 'notes.txt', 'abc')).body;
      const id = await send(call, 'files', 'Verona', `see [notes](${url})`);
      await send(call, 'files', 'Verona', `see [notes](${url}) too`);
      return (await edit(call, id, { content: 'no file any more' })).body.detached_uploads.length;
    },
    healthy: 0,
    faulty: 1,
  },
  'edit-detached-upload-any-owner': {
    observe: async (call) => {
      const { url } = (await uploadFile(call, 'notes.txt', 'abc', 'member2')).body;
      const id = await send(call, 'files', 'Verona', `see [notes](${url})`);
      return (await edit(call, id, { content: 'no file any more' })).body.detached_uploads.length;
    },
    healthy: 0,
    faulty: 1,
  },
  'edit-direct-content-refused': {
    observe: async (call) => result(edit(call, await sendDirect(call), { content: 'changed' })),
    healthy: 'success',
    faulty: 'error',
  },
  'edit-direct-topic-accepted': {
    observe: async (call) => result(edit(call, await sendDirect(call), { topic: 'a topic' })),
    healthy: 'error',
    faulty: 'success',
  },
  'edit-change-later-moves-earlier': {
    observe: async (call) => {
      const ids = [await send(call, 't'), await send(call, 't'), await send(call, 't')];
      await edit(call, ids[1]!, { topic: 'u', propagate_mode: 'change_later' });
      return Promise.all(ids.map((id) => topicOf(call, id)));
    },
    healthy: ['t', 'u', 'u'],
    faulty: ['u', 'u', 'u'],
  },
  'edit-display-name-literal': {
    observe: async (call) => {
      const id = await send(call, 'named');
      await edit(call, id, { topic: 'general chat' });
      return topicOf(call, id);
    },
    healthy: '',
    faulty: 'general chat',
  },
  'edit-topic-rule-ignored': {
    observe: async (call) => {
      const id = await send(call, 'named');
      return result(edit(call, id, { topic: 'o'.repeat(61) }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'edit-direct-channel-accepted': {
    observe: async (call) => {
      const verona = await (await lookup(call)).channelId('Verona');
      return result(edit(call, await sendDirect(call), { stream_id: verona }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'edit-channel-move-ignored': {
    observe: async (call) => {
      const denmark = await (await lookup(call)).channelId('Denmark');
      const id = await send(call);
      await edit(call, id, { stream_id: denmark });
      return (await stored(call, id)).message.stream_id === denmark;
    },
    healthy: true,
    faulty: false,
  },
  'edit-resolve-target-only': {
    observe: async (call) => {
      const ids = [await send(call, 't'), await send(call, 't')];
      await edit(call, ids[1]!, { topic: '✔ t', propagate_mode: 'change_all' });
      return Promise.all(ids.map((id) => topicOf(call, id)));
    },
    healthy: ['✔ t', '✔ t'],
    faulty: ['t', '✔ t'],
  },
  'edit-empty-topic-resolvable': {
    observe: async (call) => result(edit(call, await send(call, ''), { topic: '✔ ', propagate_mode: 'change_all' })),
    healthy: 'error',
    faulty: 'success',
  },
  'edit-resolve-group-ignored': {
    observe: async (call) => {
      const id = await send(call, 't');
      await setRealm(call, { can_resolve_topics_group: { new: { direct_members: [], direct_subgroups: [] } } });
      return result(edit(call, id, { topic: '✔ t', propagate_mode: 'change_all' }));
    },
    healthy: 'error',
    faulty: 'success',
  },
  'edit-limit-allowed-missing': {
    observe: async (call, server) => {
      await setRealm(call, { move_messages_within_stream_limit_seconds: 60 });
      await send(call, 't');
      ageAll(server);
      const id = await send(call, 't');
      const { body } = await edit(call, id, { topic: 'u', propagate_mode: 'change_all' });
      return [body.code, body.total_messages_in_topic, body.total_messages_allowed_to_move];
    },
    healthy: ['MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 2, 1],
    faulty: ['MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 2, undefined],
  },
  'edit-moderators-not-exempt': {
    observe: async (call, server) => {
      await setRealm(call, { move_messages_within_stream_limit_seconds: 60 });
      const id = await send(call, 't');
      ageAll(server);
      return result(edit(call, id, { topic: 'u', propagate_mode: 'change_all' }, 'moderator'));
    },
    healthy: 'success',
    faulty: 'error',
  },
};
