// POST /messages and the topic rule — contract: Conventions (topic rule), "1. Send a message" (topic), the
// Channel object (topics_policy), Limits (max_topic_length), Versioning (334, 370/372).
import { isStoredEmpty, NO_TOPIC } from '../../helpers/arbitraries/topic-rule.ts';
import { lightestOf } from '../../helpers/checks/actors.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import { expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { contentOf, policyChannels, readMessage, send, topicEnv } from './messages.ts';
import { assertTopicRule } from './topic-rule-property.ts';

const { group, check } = checksIn(import.meta.url);

group('POST /messages: the topic rule', () => {
  check(
    'TOPIC-RULE-001',
    "MUST decide channel messages by the topic rule and the channel's topics_policy, storing every spelling of the empty topic alike",
    { section: 'Conventions; 1. Send a message; Limits', since: 392 },
    async (ctx) => {
      // Every spelling of the empty topic must be stored alike (per channel): the first one seen sets the form.
      const emptyForm = new Map<number, string>();
      const readers = ctx.everyone('anyone');
      await assertTopicRule(ctx, {
        // Any sender no policy exempts (subscribed to the policy channels, as every account is).
        senders: ctx.everyone('unprivileged'),
        attempt: async ({ channel, topic, sender }) => {
          const res = await send(ctx, sender, {
            type: 'stream',
            to: channel.id,
            topic,
            content: contentOf(ctx, 'topic rule'),
          });
          // Read back by whoever has most budget: every account reads the shared channel's topics alike.
          const id = Number(res.body?.id);
          return { res, stored: async () => (await readMessage(ctx, lightestOf(ctx, readers, id), id)).topic };
        },
        onStored: (stored, verdict, { channel }, res, what) => {
          if (!verdict.surelyEmpty) return;
          const first = emptyForm.get(channel.id) ?? (stored as string);
          emptyForm.set(channel.id, first);
          if (stored !== first)
            fail(
              res,
              `${what} was stored as ${JSON.stringify(stored)}, another spelling of the empty topic as ${JSON.stringify(first)}`,
            );
        },
      });
    },
  );

  check(
    'TOPIC-RULE-002',
    'MUST read the topic "(no topic)" as the empty topic',
    { section: 'Conventions; 1. Send a message; Versioning', since: 392 },
    async (ctx) => {
      const env = topicEnv(ctx);
      // Any sender no policy exempts, alike.
      const sender = ctx.someone('unprivileged');
      const [allowing, disabling] = await policyChannels(ctx);
      const stored: unknown[] = [];
      for (const topic of ['', NO_TOPIC]) {
        const res = await send(ctx, sender, {
          type: 'stream',
          to: allowing!.id,
          topic,
          content: contentOf(ctx, 'no topic'),
        });
        const { id } = expectSuccess(res, `topic ${JSON.stringify(topic)} where the empty topic is allowed`);
        stored.push((await readMessage(ctx, sender, Number(id))).topic);
      }
      if (!isStoredEmpty(stored[1], env) || stored[0] !== stored[1]) {
        fail(
          undefined,
          `wanted "(no topic)" stored as the empty topic, like "" (${JSON.stringify(stored[0])}); got ${JSON.stringify(stored[1])}`,
        );
      }
      const refused = await send(ctx, sender, {
        type: 'stream',
        to: disabling!.id,
        topic: NO_TOPIC,
        content: contentOf(ctx, 'x'),
      });
      expectErrorEnvelope(refused, '"(no topic)" in a channel whose topics_policy disables the empty topic');
    },
  );
});
