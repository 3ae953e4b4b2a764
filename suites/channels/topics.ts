/**
 * Topics of the run's own channels: filling one with messages, deleting it (contract: "9. Delete a topic") and
 * seeing which messages are left (setup operation GET /messages/{id}, TARGET.md).
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { SetupError } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { contentOf, mustSend } from '../messages/messages.ts';

/**
 * Whether an event is a stream update carrying first_message_id `want` (contract: Events, stream `op` update). The
 * payload schema is not shown: `property`/`value` (Zulip) or a `first_message_id` field.
 */
export const carriesFirstMessageId = (e: any, want: unknown): boolean =>
  e?.type === 'stream' &&
  e?.op === 'update' &&
  ((e.property === 'first_message_id' && e.value === want) || e.first_message_id === want);

/** The channel object GET /streams gives the caller (a subscriber) for `id`. */
export async function listedChannel(
  ctx: CheckContext,
  id: number,
  caller: Role,
): Promise<{ res: ApiResponse; channel: any }> {
  const res = await ctx.as(caller).get('/streams');
  const { streams } = expectSuccess(res, `GET /streams as the ${caller}`);
  const channel = Array.isArray(streams) ? streams.find((s: any) => s?.stream_id === id) : undefined;
  if (!channel) fail(res, `wanted the run's channel ${id} in the ${caller}'s channel list`);
  return { res, channel };
}

/** The same for setup (a value to compare with later): SetupError when the caller's list does not show it. */
export async function mustChannelObject(ctx: CheckContext, id: number, caller: Role): Promise<any> {
  const { streams } = await ctx.as(caller).must('GET', '/streams');
  const channel = Array.isArray(streams) ? streams.find((s: any) => s?.stream_id === id) : undefined;
  if (!channel) throw new SetupError(`GET /streams as the ${caller} does not list the run's channel ${id}`);
  return channel;
}

/** A topic the run created, with its messages oldest first. */
export interface OwnTopic {
  topic: string;
  messages: number[];
}

/** Sends `count` messages as the sender (the member unless told) to `topic` of the run's channel `channelId`. */
export async function topicOf(
  ctx: CheckContext,
  channelId: number,
  topic: string,
  count: number,
  sender: Role = 'member',
): Promise<OwnTopic> {
  const messages: number[] = [];
  for (let i = 0; i < count; i++) {
    messages.push(
      await mustSend(ctx, sender, { type: 'stream', to: channelId, topic, content: contentOf(ctx, `m${i}`) }),
    );
  }
  return { topic, messages };
}

export const deleteTopic = (ctx: CheckContext, role: Role, channelId: number, topic: string): Promise<ApiResponse> =>
  ctx.as(role).post(`/streams/${channelId}/delete_topic`, { topic_name: topic });

/** Rounds a well-behaved server needs at most for the few messages a check deletes. */
const MAX_ROUNDS = 20;

/**
 * Deletes as an administrator (or the owner), repeating while `complete` is false (contract: repeat until true);
 * `partly` sees each answer whose `complete` is false, before the next request.
 */
export async function deleteUntilComplete(
  ctx: CheckContext,
  channelId: number,
  topic: string,
  role: 'admin' | 'owner' = 'admin',
  partly?: (res: ApiResponse) => Promise<void>,
): Promise<{ res: ApiResponse; rounds: number }> {
  for (let rounds = 1; ; rounds++) {
    const res = await deleteTopic(ctx, role, channelId, topic);
    const { complete } = expectSuccess(res, `delete_topic as the ${role}`);
    if (typeof complete !== 'boolean') fail(res, `wanted complete as a boolean, got ${JSON.stringify(complete)}`);
    if (complete) return { res, rounds };
    await partly?.(res);
    if (rounds >= MAX_ROUNDS) fail(res, `wanted complete true within ${MAX_ROUNDS} requests`);
  }
}

/**
 * The ids among `ids` the reader (the member unless told) can still read. One a reader of its channel can no longer
 * read is gone: its cleanup is dropped (a delete of it would be refused, and read again to tell why).
 */
export async function remaining(ctx: CheckContext, ids: readonly number[], reader: Role = 'member'): Promise<number[]> {
  const left: number[] = [];
  for (const id of ids) {
    if ((await ctx.as(reader).get(`/messages/${id}`)).body?.result === 'success') left.push(id);
    else ctx.untrack(reader, 'message', id);
  }
  return left;
}
