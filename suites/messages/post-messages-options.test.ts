// POST /messages — contract: "1. Send a message" (content limit, local echo, read_by_sender, the response), the
// message row of Events, Limits, Versioning (236).
import { expect } from 'vitest';
import { checksIn } from '../../helpers/checks/check.ts';
import { registerQueue, waitForEvents } from '../../helpers/checks/events.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { expectErrorEnvelope, expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import { Unsupported } from '../../helpers/errors.ts';
import { contentOf, contentProblem, maxMessageLength, readFlags, readMessage, send } from './messages.ts';

const { group, check } = checksIn(import.meta.url);

group('POST /messages: limits and options', () => {
  check(
    'MSG-SEND-010',
    'MUST store content up to max_message_length as sent, and refuse or truncate longer content',
    { section: '1. Send a message; Limits' },
    async (ctx) => {
      const max = maxMessageLength(ctx);
      const channel = ctx.channel();
      const head = contentOf(ctx, 'limit ');
      for (const length of [max, max + 50]) {
        const content = head + 'x'.repeat(length - head.length);
        const res = await send(ctx, 'member', { type: 'stream', to: channel.id, topic: ctx.unique('limit'), content });
        // Over the limit the contract allows a refusal; real Zulip truncates. Both are fine, nothing else.
        if (length > max && res.body?.result !== 'success') {
          expectErrorEnvelope(res, `content of ${length} characters`);
          continue;
        }
        const { id } = expectSuccess(res, `content of ${length} characters (max_message_length ${max})`);
        const problem = contentProblem(content, (await readMessage(ctx, 'member', Number(id))).content, max);
        if (problem) fail(res, `content of ${length} characters: ${problem}`);
      }
    },
  );

  check(
    'MSG-SEND-011',
    'MUST refuse queue_id without local_id, and local_id without queue_id',
    { section: '1. Send a message' },
    async (ctx) => {
      const queue = await registerQueue(ctx, 'member', { event_types: ['message'] });
      const base = {
        type: directType(ctx),
        to: [ctx.account('member2').userId],
        content: contentOf(ctx, 'local echo'),
      };
      // Control: the pair itself is accepted, so a refusal below can only be for the missing partner.
      expectSuccess(
        await send(ctx, 'member', { ...base, queue_id: queue.id, local_id: '17.02' }),
        'queue_id with local_id',
      );
      expectErrorEnvelope(await send(ctx, 'member', { ...base, queue_id: queue.id }), 'queue_id without local_id');
      expectErrorEnvelope(await send(ctx, 'member', { ...base, local_id: '17.01' }), 'local_id without queue_id');
    },
  );

  check(
    'MSG-SEND-012',
    'MUST deliver the message event to the queue given by queue_id with local_message_id equal to local_id',
    { section: '1. Send a message; Events' },
    async (ctx) => {
      const queue = await registerQueue(ctx, 'member', { event_types: ['message'] });
      const localId = `${Date.now() % 100000}.01`;
      const res = await send(ctx, 'member', {
        type: directType(ctx),
        to: [ctx.account('member2').userId],
        content: contentOf(ctx, 'local echo'),
        queue_id: queue.id,
        local_id: localId,
      });
      const { id } = expectSuccess(res, 'a message with queue_id and local_id');
      const isOurs = (e: any) => e?.type === 'message' && e.message?.id === id;
      const event = (await waitForEvents(ctx, queue, isOurs)).find(isOurs);
      expect(event, `a message event for message ${id} on the queue given`).toBeDefined();
      expect(event.local_message_id, 'local_message_id of the message event').toBe(localId);
    },
  );

  check(
    'MSG-SEND-013',
    'MUST accept the boolean read_by_sender and apply it: the new message is read for its sender exactly when true',
    { section: '1. Send a message; Versioning', since: 236 },
    async (ctx) => {
      // Asked both ways, so that neither a server that always marks the sender's copy read nor one that never does
      // passes. The read state is the sender's "read" flag as read back (GET /messages/{id}).
      let unobservable = false;
      for (const readBySender of [true, false]) {
        const res = await send(ctx, 'member', {
          type: directType(ctx),
          to: [ctx.account('member2').userId],
          content: contentOf(ctx, 'read by sender'),
          read_by_sender: readBySender,
        });
        const { id } = expectSuccess(res, `read_by_sender ${readBySender}`);
        const flags = await readFlags(ctx, 'member', Number(id));
        if (flags === undefined) {
          unobservable = true;
          continue;
        }
        if (flags.includes('read') !== readBySender)
          fail(res, `read_by_sender ${readBySender}: the sender's flags read back are ${JSON.stringify(flags)}`);
      }
      if (unobservable)
        throw new Unsupported("the target's message read-back carries no flags: the sender's read state is unseen");
    },
  );

  check(
    'MSG-SEND-014',
    'MUST return automatic_new_visibility_policy only as an integer, and never for a direct message (no topic)',
    { section: '1. Send a message' },
    async (ctx) => {
      const dm = await send(ctx, 'member', {
        type: directType(ctx),
        to: [ctx.account('member2').userId],
        content: contentOf(ctx, 'no topic to follow'),
      });
      const body = expectSuccess(dm, 'a direct message');
      if (!isInt(body.id)) fail(dm, 'wanted id to be an integer');
      if ('automatic_new_visibility_policy' in body) {
        fail(dm, 'wanted no automatic_new_visibility_policy for a direct message: it has no topic to follow');
      }
      // A new topic may be followed or unmuted automatically (the sender's settings decide); if so, an integer.
      const topic = ctx.unique('new topic');
      const res = await send(ctx, 'member', {
        type: 'stream',
        to: ctx.channel().id,
        topic,
        content: contentOf(ctx, 'x'),
      });
      const sent = expectSuccess(res, 'a message starting a new topic');
      if ('automatic_new_visibility_policy' in sent && !isInt(sent.automatic_new_visibility_policy)) {
        fail(res, 'wanted automatic_new_visibility_policy to be an integer when present');
      }
      ctx.note(
        `automatic_new_visibility_policy for a new topic: ${JSON.stringify(sent.automatic_new_visibility_policy)}`,
      );
    },
  );

  check(
    'MSG-SEND-015',
    'MUST refuse channel and topic wildcard mentions by users outside can_mention_many_users_group in large channels and topics',
    // since: the codes' level (Zulip's changelog): before it, a refused wildcard mention had no code of its own.
    { section: '1. Send a message; Errors', since: 229 },
    async () => {
      // Both errors need a "large" channel or topic and a sender outside can_mention_many_users_group. The contract
      // gives no size, and the run may not subscribe other people's accounts nor change the group on a shared realm.
      throw new Unsupported(
        'the suite cannot arrange a large channel or topic: the contract gives no threshold, and filling a channel needs accounts the run does not own',
      );
    },
  );
});
