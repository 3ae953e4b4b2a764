// POST /scheduled_messages — contract: "2. Create a scheduled message", the Scheduled message resource, the topic
// rule (Conventions), Errors, Limits. Every scheduled message is deleted when its check ends (undo kind
// `scheduled_message`); delivery is a month ahead, so nothing is ever sent.
import { checksIn } from '../../helpers/checks/check.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import { contentOf, contentProblem, listScheduled, maxMessageLength, schedule } from './messages.ts';
import { assertTopicRule } from './topic-rule-property.ts';

const { group, check } = checksIn(import.meta.url);

/** An ID no target is likely to have given out (the largest 32-bit signed integer, less a little). */
const NO_SUCH_ID = 2_147_483_000;

group('POST /scheduled_messages', () => {
  check(
    'MSG-SCHEDULE-001',
    'MUST return an integer scheduled_message_id that is not the id of a sent message',
    { section: '2. Create a scheduled message; Resources › Scheduled message', exercisesOperation: true },
    async (ctx) => {
      const content = contentOf(ctx, 'scheduled');
      const res = await schedule(ctx, 'member', { type: 'direct', to: [ctx.account('member2').userId], content });
      const { scheduled_message_id: id } = expectSuccess(res, 'scheduling a direct message');
      if (!isInt(id)) fail(res, 'wanted scheduled_message_id to be an integer');
      if (!(await listScheduled(ctx, 'member')).some((s) => s?.scheduled_message_id === id)) {
        fail(res, `wanted scheduled message ${id} listed by GET /scheduled_messages`);
      }
      // The id differs from the one the message will get: no message carries it with this content yet.
      const asMessage = await ctx.member.get(`/messages/${id}`, { apply_markdown: false });
      const shown = asMessage.body?.raw_content ?? asMessage.body?.message?.content;
      if (asMessage.body?.result === 'success' && typeof shown === 'string' && shown.includes(content)) {
        fail(asMessage, `wanted no sent message with id ${id}: the scheduled message must not be sent yet`);
      }
    },
  );

  check(
    'MSG-SCHEDULE-002',
    'MUST accept a channel ID for a channel message and a list of user IDs for a direct message',
    { section: '2. Create a scheduled message; Resources › Scheduled message' },
    async (ctx) => {
      const channel = ctx.channel();
      const cases = [
        { type: 'stream', to: channel.id, topic: ctx.unique('scheduled') },
        { type: 'direct', to: [ctx.account('member2').userId] },
      ];
      for (const params of cases) {
        const res = await schedule(ctx, 'member', { ...params, content: contentOf(ctx, 'scheduled') });
        expectSuccess(res, `scheduling a ${params.type} message to ${JSON.stringify(params.to)}`);
      }
    },
  );

  check(
    'MSG-SCHEDULE-003',
    'MUST refuse an unknown channel ID with STREAM_DOES_NOT_EXIST and stream_id',
    { section: '2. Create a scheduled message; Errors' },
    async (ctx) => {
      const res = await schedule(ctx, 'member', {
        type: 'stream',
        to: NO_SUCH_ID,
        topic: 'x',
        content: contentOf(ctx, 'x'),
      });
      const body = expectError(res, 'STREAM_DOES_NOT_EXIST', 'scheduling to an unknown channel ID');
      if (Number(body.stream_id) !== NO_SUCH_ID) fail(res, `wanted stream_id ${NO_SUCH_ID} in the error`);
    },
  );

  check(
    'MSG-SCHEDULE-006',
    'MUST refuse a scheduled channel message without a topic',
    { section: '2. Create a scheduled message' },
    async (ctx) => {
      const res = await schedule(ctx, 'member', { type: 'stream', to: ctx.channel().id, content: contentOf(ctx, 'x') });
      // "Missing parameter" is BAD_REQUEST in the contract's table; a finer code (REQUEST_VARIABLE_MISSING) refines it.
      expectError(res, undefined, 'a scheduled channel message without topic');
      ctx.note(`code for a missing topic: ${res.body?.code}`);
    },
  );

  check(
    'MSG-SCHEDULE-004',
    'MUST refuse an invalid user ID with BAD_REQUEST',
    { section: '2. Create a scheduled message; Errors' },
    async (ctx) => {
      for (const to of [[NO_SUCH_ID], [ctx.account('member2').userId, NO_SUCH_ID]]) {
        const res = await schedule(ctx, 'member', { type: 'direct', to, content: contentOf(ctx, 'x') });
        expectError(res, 'BAD_REQUEST', `scheduling a direct message to ${JSON.stringify(to)}`);
      }
    },
  );

  check(
    'MSG-SCHEDULE-005',
    'MUST store content up to max_message_length as sent, and refuse or truncate longer content',
    { section: '2. Create a scheduled message; Limits' },
    async (ctx) => {
      const max = maxMessageLength(ctx);
      const head = contentOf(ctx, 'limit ');
      for (const length of [max, max + 50]) {
        const content = head + 'x'.repeat(length - head.length);
        const res = await schedule(ctx, 'member', { type: 'direct', to: [ctx.account('member2').userId], content });
        // Over the limit: a refusal (the contract) or a truncation (real Zulip); nothing else.
        if (length > max && res.body?.result !== 'success') {
          expectErrorEnvelope(res, `content of ${length} characters`);
          continue;
        }
        const { scheduled_message_id: id } = expectSuccess(res, `content of ${length} characters`);
        const stored = (await listScheduled(ctx, 'member')).find((s) => s?.scheduled_message_id === id);
        const problem = contentProblem(content, stored?.content, max);
        if (problem) fail(res, `content of ${length} characters: ${problem}`);
      }
    },
  );

  check(
    'TOPIC-RULE-003',
    "MUST decide scheduled channel messages by the topic rule and the channel's topics_policy",
    { section: 'Conventions; 2. Create a scheduled message; Limits', since: 392 },
    async (ctx) => {
      await assertTopicRule(ctx, {
        // Any sender no policy exempts, subscribed to the policy channels; each lists its own scheduled messages.
        senders: ctx.everyone('unprivileged'),
        numRuns: Math.ceil(ctx.property().numRuns / 2), // three requests a run: keep the load modest
        attempt: async ({ channel, topic, sender }) => {
          const res = await schedule(ctx, sender, {
            type: 'stream',
            to: channel.id,
            topic,
            content: contentOf(ctx, 'topic'),
          });
          const id = res.body?.scheduled_message_id;
          const stored = async () =>
            (await listScheduled(ctx, sender)).find((s) => s?.scheduled_message_id === id)?.topic;
          return { res, stored };
        },
      });
    },
  );
});
