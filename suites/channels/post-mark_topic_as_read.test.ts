// POST /mark_topic_as_read (deprecated) — contract: "12. Mark messages in a topic as read" and its row of States and
// transitions (unread topic messages become read). The response is the envelope only; the read state is observed
// through the message read-back of TARGET.md (GET /messages/{id}), whose flags the contract leaves "not shown": a
// target whose read-back carries none gets TOPIC-READ-001 (once its envelopes are judged) and TOPIC-READ-003
// skipped-unsupported.
import { checksIn } from '../../helpers/checks/check.ts';
import { expectError, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { Unsupported } from '../../helpers/errors.ts';
import { ownChannel, readFlags, realmValue, sharedChannelPair } from '../messages/messages.ts';
import { topicOf } from './topics.ts';

const { group, check } = checksIn(import.meta.url);

group('POST /mark_topic_as_read', () => {
  check(
    'TOPIC-READ-001',
    'MUST mark a topic read with the success envelope, and mark the empty topic\'s messages read for the caller when it names the topic by the empty-topic display name or ""',
    { section: '12. Mark messages in a topic as read', since: 334, exercisesOperation: true },
    async (ctx) => {
      // As in TOPIC-READ-003: a reader no check mutes with (a mute marks messages read), and a set-up assistant sending.
      const reader = ctx.someone('anyone', { besides: ['member2', 'moderator', 'admin', 'owner'] });
      const sender = ctx.someone('assistant', { besides: [reader] });
      const own = await ownChannel(ctx, { policy: 'allow_empty_topic', others: [reader, sender] });
      const named = await topicOf(ctx, own.id, ctx.unique('topic'), 1, sender);
      const read = (topic: string) =>
        ctx.as(reader).post('/mark_topic_as_read', { stream_id: own.id, topic_name: topic });
      const res = await read(named.topic);
      expectSuccess(res, 'marking a topic read');
      if (Object.keys(res.body).some((k) => !['result', 'msg', 'ignored_parameters_unsupported'].includes(k))) {
        ctx.note(`the success response carries extra fields: ${Object.keys(res.body).join(', ')}`);
      }
      const display = realmValue(ctx, ctx.world.realm.emptyTopicDisplayName, 'realm_empty_topic_display_name');
      // Each spelling gets a new message of the empty topic, unread until the reader marks the topic by it.
      let unobservable = false;
      for (const [name, spelled] of [
        [display, `its display name "${display}"`],
        ['', '""'],
      ] as const) {
        const [id] = (await topicOf(ctx, own.id, '', 1, sender)).messages;
        const before = unobservable ? undefined : await readFlags(ctx, reader, id!);
        const marked = await read(name);
        expectSuccess(marked, `marking the empty topic read by ${spelled}`);
        if (before === undefined) {
          unobservable = true;
          continue;
        }
        if (before.includes('read')) ctx.note(`message ${id} was read for the ${reader} before it marked the topic`);
        if (!(await readFlags(ctx, reader, id!))?.includes('read'))
          fail(
            marked,
            `wanted message ${id} of the empty topic read for the ${reader} once it marked it by ${spelled}`,
          );
      }
      if (unobservable)
        throw new Unsupported("the target's message read-back carries no flags: the read state cannot be observed");
    },
  );

  check(
    'TOPIC-READ-002',
    'MUST refuse a request to mark a topic read without stream_id or without topic_name',
    { section: '12. Mark messages in a topic as read' },
    async (ctx) => {
      const { id } = ctx.channel();
      const topic = ctx.unique('topic');
      expectError(await ctx.member.post('/mark_topic_as_read', { topic_name: topic }), undefined, 'without stream_id');
      expectError(await ctx.member.post('/mark_topic_as_read', { stream_id: id }), undefined, 'without topic_name');
    },
  );

  check(
    'TOPIC-READ-003',
    "MUST mark the topic's messages read for the caller, and no message outside the topic (in its channel or another)",
    { section: '12. Mark messages in a topic as read; States and transitions' },
    async (ctx) => {
      // A sender writes to a topic of the run's shared channel, to another topic there, and to a topic of the
      // same name in a second channel; the reader marks the first topic read. Only its messages may change. The reader
      // is an account no check mutes with (a mute marks the muted user's messages read, and the mute checks, which run
      // beside this one, act as the people); the sender is a set-up assistant.
      const reader = ctx.someone('anyone', { besides: ['member2', 'moderator', 'admin', 'owner'] });
      const sender = ctx.someone('assistant', { besides: [reader] });
      const [own, second] = await sharedChannelPair(ctx);
      const name = ctx.unique('topic');
      const { messages } = await topicOf(ctx, own!.id, name, 2, sender);
      const outside = [
        ...(await topicOf(ctx, own!.id, ctx.unique('other'), 1, sender)).messages,
        ...(await topicOf(ctx, second!.id, name, 1, sender)).messages,
      ];
      const unreadBefore = new Set<number>();
      for (const id of [...messages, ...outside]) {
        const flags = await readFlags(ctx, reader, id);
        if (flags === undefined)
          throw new Unsupported("the target's message read-back carries no flags: the read state cannot be observed");
        if (!flags.includes('read')) unreadBefore.add(id);
      }
      if (!messages.some((id) => unreadBefore.has(id)))
        ctx.note(`the topic's messages were read for the ${reader} before it marked the topic read`);
      const res = await ctx.as(reader).post('/mark_topic_as_read', { stream_id: own!.id, topic_name: name });
      expectSuccess(res, `marking a topic read as the ${reader}`);
      for (const id of [...messages, ...outside]) {
        const read = (await readFlags(ctx, reader, id))?.includes('read');
        if (messages.includes(id) && !read)
          fail(res, `wanted message ${id} of the topic read for the ${reader} once it marked the topic read`);
        if (!messages.includes(id) && read && unreadBefore.has(id))
          fail(
            res,
            `message ${id}, outside the topic (another topic, or the same name in another channel), was marked read too`,
          );
      }
    },
  );
});
