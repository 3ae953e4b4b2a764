// POST /messages and the topic rule — contract: Conventions (topic rule), "1. Send a message" (topic), the
// Channel object (topics_policy), Limits (max_topic_length), Versioning (334, 370/372).
import fc from 'fast-check';
import { describe } from 'vitest';
import {
  essentialTopicCases,
  isStoredEmpty,
  judgeTopicAnswer,
  NO_TOPIC,
  topicCases,
  topicVerdict,
} from '../../helpers/arbitraries/topic-rule.ts';
import { actorFor, actorsOf, PEER_MEMBERS } from '../../helpers/checks/actors.ts';
import { check } from '../../helpers/checks/check.ts';
import { expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import type { Role } from '../../helpers/roles.ts';
import { contentOf, policyChannels, readMessage, send, topicEnv } from './messages.ts';

describe('POST /messages: the topic rule', () => {
  check('TOPIC-RULE-001', async (ctx) => {
    const env = topicEnv(ctx);
    // A member (no policy exempts one) but the member, which many clauses need: the second member when
    // configured, subscribed to the policy channels.
    const senders = actorsOf(ctx, PEER_MEMBERS);
    const channels = await policyChannels(ctx, senders);
    // Every spelling of the empty topic must be stored alike (per channel): the first one seen sets the form.
    const emptyForm = new Map<number, string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...channels),
        topicCases(env),
        fc.constantFrom(...senders),
        async (channel, { topic, kind }, sender) => {
          const verdict = topicVerdict(topic, channel.policy, env);
          const what = `${kind} (${JSON.stringify(topic)}) in a channel with topics_policy ${channel.policy}`;
          const res = await send(ctx, sender, {
            type: 'stream',
            to: channel.id,
            topic,
            content: contentOf(ctx, 'topic rule'),
          });
          if (!judgeTopicAnswer(res, verdict, what)) return;
          const stored = (await readMessage(ctx, sender, Number(res.body.id))).topic;
          const problem = verdict.storedProblem(stored);
          if (problem) fail(res, `${what}: ${problem}`);
          if (verdict.surelyEmpty) {
            const first = emptyForm.get(channel.id) ?? stored;
            emptyForm.set(channel.id, first);
            if (stored !== first)
              fail(
                res,
                `${what} was stored as ${JSON.stringify(stored)}, another spelling of the empty topic as ${JSON.stringify(first)}`,
              );
          }
        },
      ),
      {
        ...ctx.property(),
        examples: channels.flatMap((c) =>
          essentialTopicCases(env).map((t, i) => [c, t, senders[i % senders.length]!] as [typeof c, typeof t, Role]),
        ),
      },
    );
  });

  check('TOPIC-RULE-002', async (ctx) => {
    const env = topicEnv(ctx);
    // Any member alike: the second member when configured, sparing the member.
    const sender = actorFor(ctx, PEER_MEMBERS);
    const [allowing, disabling] = await policyChannels(ctx, [sender]);
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
  });
});
