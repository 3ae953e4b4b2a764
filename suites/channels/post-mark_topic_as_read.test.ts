// POST /mark_topic_as_read (deprecated) — contract: "12. Mark messages in a topic as read". The response is the
// envelope only; the read state itself is observed through operations the contract does not show, so it is noted,
// never judged.
import { describe } from 'vitest';
import { check } from '../../helpers/checks/check.ts';
import { expectError, expectSuccess } from '../../helpers/checks/matchers.ts';
import { Disabled } from '../../helpers/errors.ts';
import { ownChannel } from '../messages/messages.ts';
import { topicOf } from './topics.ts';

describe('POST /mark_topic_as_read', () => {
  check('TOPIC-READ-001', async (ctx) => {
    const own = await ownChannel(ctx, { policy: 'allow_empty_topic', others: ['member2'] });
    const named = await topicOf(ctx, own.id, ctx.unique('topic'), 1);
    await topicOf(ctx, own.id, '', 1);
    const read = (topic: string) => ctx.member2.post('/mark_topic_as_read', { stream_id: own.id, topic_name: topic });
    const res = await read(named.topic);
    expectSuccess(res, 'marking a topic read');
    if (Object.keys(res.body).some((k) => !['result', 'msg', 'ignored_parameters_unsupported'].includes(k))) {
      ctx.note(`the success response carries extra fields: ${Object.keys(res.body).join(', ')}`);
    }
    const display = ctx.world.realm.emptyTopicDisplayName;
    if (!display) throw new Disabled('the target reports no realm_empty_topic_display_name');
    expectSuccess(await read(display), `marking the empty topic read by its display name "${display}"`);
    expectSuccess(await read(''), 'marking the empty topic read as ""');
  });

  check('TOPIC-READ-002', async (ctx) => {
    const { id } = ctx.channel();
    const topic = ctx.unique('topic');
    expectError(await ctx.member.post('/mark_topic_as_read', { topic_name: topic }), undefined, 'without stream_id');
    expectError(await ctx.member.post('/mark_topic_as_read', { stream_id: id }), undefined, 'without topic_name');
  });
});
