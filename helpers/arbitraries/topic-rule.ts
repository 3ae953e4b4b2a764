/**
 * The topic rule of the contract's Conventions, as a generator and an oracle, for every operation that takes a
 * channel topic (send, schedule, typing, and edit later). The oracle answers what a conforming server may do with
 * a topic in a channel of a given `topics_policy`: accept or refuse, and which stored topics are right.
 *
 * Readings: the realm's empty-topic display name stands for the empty topic; so does `(no topic)` where the
 * operation's parameter says so, from the level the contract dates it to (send and schedule 370, typing 372). Where
 * the operation does not say so (an edit) or the target is older, `(no topic)` may be read either way (Zulip stores
 * it as written on an edit).
 * The contract says nothing about surrounding whitespace, so a padded value may be read as given or trimmed (Zulip
 * trims); case variants are ordinary topics (the rule names exact strings). A reading that is the empty topic is
 * allowed where the policy allows it; an ordinary one up to `max_topic_length`, and beyond it may be refused or
 * truncated. Named topics in an `empty_topic_only` channel are not shown: either answer is accepted.
 */
import fc from 'fast-check';
import { expectErrorEnvelope, fail } from '../checks/matchers.ts';
import type { ApiResponse } from '../http/client.ts';

export type TopicsPolicy = 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

export interface TopicRuleEnv {
  /** `realm_empty_topic_display_name`, when the target reports it. */
  readonly displayName: string | null;
  readonly featureLevel: number | null;
  readonly maxTopicLength: number;
  /** The level from which the operation reads `(no topic)` as the empty topic; null: it never promises to. */
  readonly noTopicSince: number | null;
}

export interface TopicCase {
  readonly topic: string;
  /** What the generator meant, for failure messages ("the display name padded with spaces"). */
  readonly kind: string;
}

export interface TopicVerdict {
  readonly mayAccept: boolean;
  readonly mayRefuse: boolean;
  /** Why a stored topic is wrong for an accepted value, or undefined when it is right. */
  readonly storedProblem: (stored: unknown) => string | undefined;
  /** Whether every reading is the empty topic (so its stored form must match the other empty spellings). */
  readonly surelyEmpty: boolean;
}

/**
 * Judges the server's answer to a topic by the verdict: a refusal must be allowed and come with the error
 * envelope; an acceptance must be allowed. Returns true when the value was accepted (its stored form is next).
 */
export function judgeTopicAnswer(res: ApiResponse, verdict: TopicVerdict, what: string): boolean {
  if (res.body?.result !== 'success') {
    if (!verdict.mayRefuse) fail(res, `wanted ${what} to be accepted`);
    expectErrorEnvelope(res, what);
    return false;
  }
  if (!verdict.mayAccept) fail(res, `wanted ${what} to be refused`);
  return true;
}

export const NO_TOPIC = '(no topic)';

/** Whether the operation is bound to read `(no topic)` as the empty topic at the target's level. */
const readsNoTopic = (env: TopicRuleEnv) =>
  env.noTopicSince !== null && (env.featureLevel === null || env.featureLevel >= env.noTopicSince);

/** The spellings of the empty topic the target is bound to read as "" at its feature level. */
export function emptySpellings(env: TopicRuleEnv): string[] {
  const spellings = [''];
  if (env.displayName) spellings.push(env.displayName);
  if (readsNoTopic(env)) spellings.push(NO_TOPIC);
  return spellings;
}

/** Spellings the target may read either as the empty topic or as written. */
export function eitherSpellings(env: TopicRuleEnv): string[] {
  return readsNoTopic(env) ? [] : [NO_TOPIC];
}

/**
 * Whether a server could take `a` and `b` for one topic: both read as the empty topic, or alike once trimmed, case
 * folded and cut short of the length limit with room for an ellipsis. A move from one to the other may then be
 * answered "nothing to change" (Zulip's), which the topic rule does not judge.
 */
export function mayBeOneTopic(a: string, b: string, env: TopicRuleEnv): boolean {
  const spellings = [...emptySpellings(env), ...eitherSpellings(env)].map((s) => s.toLowerCase());
  const emptyish = (s: string) => s.trim() === '' || spellings.includes(s.trim().toLowerCase());
  const key = (s: string) => [...s.trim().normalize('NFC').toLowerCase()].slice(0, env.maxTopicLength - 3).join('');
  return (emptyish(a) && emptyish(b)) || key(a) === key(b);
}

/** Whether a stored topic is the empty topic (a read-back may show it under the display name). */
export function isStoredEmpty(stored: unknown, env: TopicRuleEnv): boolean {
  return stored === '' || (env.displayName !== null && stored === env.displayName);
}

export function topicVerdict(topic: string, policy: TopicsPolicy, env: TopicRuleEnv): TopicVerdict {
  const empty = new Set(emptySpellings(env));
  const either = new Set(eitherSpellings(env));
  const read = (value: string) => (empty.has(value) ? [''] : either.has(value) ? ['', value] : [value]);
  const readings = [...new Set([...read(topic), ...read(topic.trim())])];
  const length = (s: string) => [...s].length;
  const accepts = (r: string) =>
    r === '' ? policy !== 'disable_empty_topic' : policy !== 'empty_topic_only' || 'either';
  const refuses = (r: string) =>
    r === ''
      ? policy === 'disable_empty_topic'
      : length(r) > env.maxTopicLength || (policy === 'empty_topic_only' && 'either');
  const storedFits = (r: string, stored: unknown): boolean => {
    if (typeof stored !== 'string') return false;
    if (r === '') return isStoredEmpty(stored, env);
    if (length(r) <= env.maxTopicLength) return stored === r;
    // Truncated: no longer than the limit, and what is left (less an ellipsis) starts the value sent.
    return length(stored) <= env.maxTopicLength && r.startsWith(stored.replace(/(\.\.\.|…)$/, ''));
  };
  return {
    mayAccept: readings.some((r) => accepts(r) !== false),
    mayRefuse: readings.some((r) => refuses(r) !== false),
    storedProblem: (stored) =>
      readings.some((r) => accepts(r) !== false && storedFits(r, stored))
        ? undefined
        : `stored topic ${JSON.stringify(stored)}; acceptable: ${readings
            .map((r) =>
              r === ''
                ? 'the empty topic'
                : length(r) > env.maxTopicLength
                  ? `a truncation of the value`
                  : JSON.stringify(r),
            )
            .join(' or ')}`,
    surelyEmpty: readings.every((r) => r === ''),
  };
}

const WORDS = ['alpha', 'Brücke', '日本', 'emoji 🎉', 'a&b <c>', 'x_y-z', 'general', 'topic'];

/** Topics that exercise the rule: ordinary, the empty spellings, padded and case variants, at and over the limit. */
export function topicCases(env: TopicRuleEnv): fc.Arbitrary<TopicCase> {
  const spellings = [...emptySpellings(env), ...eitherSpellings(env)].filter((s) => s !== '');
  const max = env.maxTopicLength;
  const ordinary = fc
    .tuple(fc.constantFrom(...WORDS), fc.nat(999))
    .map(([w, n]) => ({ topic: `${w} ${n}`, kind: 'an ordinary topic' }));
  const cases: fc.Arbitrary<TopicCase>[] = [
    ordinary,
    fc.constant({ topic: '', kind: 'the empty string' }),
    fc.constant({ topic: '   ', kind: 'spaces only' }),
    fc.nat(max).map((n) => ({
      topic: `t${'x'.repeat(Math.max(0, max - 1 - (n % 3)))}`,
      kind: 'a topic at or just under max_topic_length',
    })),
    fc.integer({ min: 1, max: 20 }).map((n) => ({ topic: 'o'.repeat(max + n), kind: 'a topic over max_topic_length' })),
  ];
  if (spellings.length > 0) {
    const spelling = fc.constantFrom(...spellings);
    cases.push(
      spelling.map((s) => ({ topic: s, kind: `the empty-topic spelling ${JSON.stringify(s)}` })),
      fc
        .tuple(spelling, fc.constantFrom(' ', '  '))
        .map(([s, pad]) => ({ topic: `${pad}${s}${pad}`, kind: `${JSON.stringify(s)} padded with spaces` })),
      fc
        .tuple(spelling, fc.constantFrom('upper', 'title'))
        .map(([s, how]) => ({
          topic: how === 'upper' ? s.toUpperCase() : s.replace(/\b\p{L}/gu, (c) => c.toUpperCase()),
          kind: `a case variant of ${JSON.stringify(s)}`,
        }))
        .filter((c) => !spellings.includes(c.topic)),
    );
  }
  return fc.oneof(...cases);
}

/**
 * The cases every run should try whatever the seed: each spelling of the empty topic in every channel (its verdict
 * is the channel's policy), and once each, whatever the channel, a topic exactly at the limit (which must be accepted
 * whole: a quick run's few generated cases may miss the boundary) and one over it.
 */
export function essentialTopicCases(env: TopicRuleEnv): { inEveryChannel: TopicCase[]; once: TopicCase[] } {
  return {
    inEveryChannel: [...emptySpellings(env), ...eitherSpellings(env)].map((s) => ({
      topic: s,
      kind: `the empty-topic spelling ${JSON.stringify(s)}`,
    })),
    once: [
      { topic: `t${'x'.repeat(env.maxTopicLength - 1)}`, kind: 'a topic of exactly max_topic_length' },
      { topic: 'o'.repeat(env.maxTopicLength + 5), kind: 'a topic over max_topic_length' },
    ],
  };
}
