/**
 * The topic rule (contract: Conventions) as one property over any operation that takes a channel topic: sending
 * (TOPIC-RULE-001), scheduling (TOPIC-RULE-003) and moving a message (EDIT-TOPIC-004). Only the operation and the
 * read-back differ between them; the cases, the channels and the judgement are the same.
 */
import fc from 'fast-check';
import {
  essentialTopicCases,
  judgeTopicAnswer,
  type TopicCase,
  type TopicVerdict,
  topicCases,
  topicVerdict,
} from '../../helpers/arbitraries/topic-rule.ts';
import { actorsOf, anyActor, withBudget } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { type PolicyChannel, policyChannels, topicEnv } from './messages.ts';

/** One generated case: a channel of a known policy, a topic and who acts. */
export interface TopicRuleCase {
  readonly channel: PolicyChannel;
  readonly topic: string;
  readonly sender: Role;
}

/** What the operation answered, and how to read back the topic it stored (called only when it succeeded). */
export interface TopicRuleAttempt {
  readonly res: ApiResponse;
  readonly stored: () => Promise<unknown>;
}

export interface TopicRuleProperty {
  /** The accounts the cases are spread over (every account is subscribed to the policy channels). */
  readonly senders: Role[];
  /** The level from which the operation reads "(no topic)" as the empty topic (default 370; null: never bound to). */
  readonly noTopicSince?: number | null;
  /** Generated runs (the profile's when absent), on top of the essential cases (essentialTopicCases). */
  readonly numRuns?: number;
  /** How a case reads in a failure message: `${lead}${kind} ("…") in a channel with topics_policy …`. */
  readonly lead?: string;
  readonly attempt: (c: TopicRuleCase) => Promise<TopicRuleAttempt>;
  /** Sees each accepted case's stored topic once the oracle found it right (TOPIC-RULE-001 compares spellings). */
  readonly onStored?: (
    stored: unknown,
    verdict: TopicVerdict,
    c: TopicRuleCase,
    res: ApiResponse,
    what: string,
  ) => void;
}

/**
 * Runs the property: a refusal must be allowed and carry the error envelope, an acceptance must be allowed and
 * store a topic the oracle accepts (the empty topic's reading, the value, or its truncation).
 */
export async function assertTopicRule(ctx: CheckContext, property: TopicRuleProperty): Promise<void> {
  const { senders, lead = '', attempt, onStored } = property;
  const env = topicEnv(ctx, property.noTopicSince === undefined ? 370 : property.noTopicSince);
  const channels = await policyChannels(ctx);
  const essential = essentialTopicCases(env);
  // The essential cases first (the empty spellings in each channel, the limit's cases in one each), then the
  // profile's generated runs (none on the quick profile, whose few runs the essential cases fill: see
  // CheckContext.property).
  const examples = [
    ...channels.flatMap((c) => essential.inEveryChannel.map((t) => [c, t] as const)),
    ...essential.once.map((t, i) => [channels[i % channels.length]!, t] as const),
  ].map(([c, t], i): [PolicyChannel, TopicCase, Role] => [c, t, senders[i % senders.length]!]);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...channels),
      topicCases(env),
      anyActor(ctx, senders),
      async (channel, { topic, kind }, drawn) => {
        // Whichever of them has most budget when the case runs (weighed again: an example's sender is not drawn).
        const sender = withBudget(ctx, drawn, actorsOf(ctx, senders));
        const verdict = topicVerdict(topic, channel.policy, env);
        const what = `${lead}${kind} (${JSON.stringify(topic)}) in a channel with topics_policy ${channel.policy}`;
        const c = { channel, topic, sender };
        const { res, stored } = await attempt(c);
        if (!judgeTopicAnswer(res, verdict, what)) return;
        const value = await stored();
        const problem = verdict.storedProblem(value);
        if (problem) fail(res, `${what}: ${problem}`);
        onStored?.(value, verdict, c, res, what);
      },
    ),
    ctx.property({ numRuns: property.numRuns, examples }),
  );
}
