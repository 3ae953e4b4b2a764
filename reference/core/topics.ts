/**
 * The topic rule (contract: Conventions): `(no topic)` and the realm's empty-topic display name are read as the
 * empty topic; whether the empty topic is allowed depends on the channel's `topics_policy` (`inherit` takes the
 * realm's). Topics are trimmed first, as in Zulip. Over-long topics are rejected, or truncated as Zulip does in the
 * Zulip flavour (see reference/README.md).
 */
import type { Faults } from '../faults.ts';
import { badRequest } from './errors.ts';
import type { Channel } from './model.ts';
import type { Store } from './store.ts';

export const NO_TOPIC = '(no topic)';

/**
 * Which spellings of the empty topic a parameter reads as "": the realm's display name always; `(no topic)` only
 * where the contract's parameter says so (sending, scheduling, typing). Zulip reads it there alone: an edit stores
 * "(no topic)" as written, and delete_topic and mark_topic_as_read look for a topic literally so named.
 */
export interface TopicReading {
  readonly noTopic: boolean;
}

export const SEND_READING: TopicReading = { noTopic: true };
export const EDIT_READING: TopicReading = { noTopic: false };

/** The topic a value means: trimmed, and the empty topic for its other spellings. */
export function readTopic(raw: string, store: Store, faults: Faults, reading: TopicReading = SEND_READING): string {
  const topic = raw.trim();
  // Fault `topic-display-name-stored-literally`: the realm's display name is kept as a topic of its own.
  if (topic === store.realm.emptyTopicDisplayName && !faults.has('topic-display-name-stored-literally')) return '';
  // Fault `topic-no-topic-stored-literally`.
  if (reading.noTopic && topic === NO_TOPIC && !faults.has('topic-no-topic-stored-literally')) return '';
  return topic;
}

export function effectivePolicy(channel: Channel, store: Store): string {
  return channel.topicsPolicy === 'inherit' ? store.realm.topicsPolicy : channel.topicsPolicy;
}

/** Reads and validates the topic of a channel message; throws BAD_REQUEST when the rule or a limit refuses it. */
export function channelTopic(
  raw: string,
  channel: Channel,
  store: Store,
  faults: Faults,
  reading: TopicReading = SEND_READING,
): string {
  const topic = readTopic(raw, store, faults, reading);
  // Fault `send-topic-at-limit-refused`: a topic of exactly the limit counts as too long.
  const limit = faults.has('send-topic-at-limit-refused')
    ? store.limits.maxTopicLength - 1
    : store.limits.maxTopicLength;
  if ([...topic].length > limit && !faults.has('topic-limit-ignored')) {
    // The contract allows either reading; the Zulip flavour truncates, as Zulip does.
    // Variant `truncate-topics`.
    if (!store.variants.has('truncate-topics'))
      throw badRequest(`Topic too long (limit: ${store.limits.maxTopicLength} characters)`);
    return channelTopic(truncated(topic, limit), channel, store, faults, reading);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(topic)) throw badRequest('Invalid character in topic');
  const policy = effectivePolicy(channel, store);
  // Fault `topic-empty-allowed-everywhere`: the channel's policy is not consulted.
  if (topic === '' && policy === 'disable_empty_topic' && !faults.has('topic-empty-allowed-everywhere')) {
    throw badRequest('Sending messages to the general chat topic is not allowed in this channel.');
  }
  if (topic !== '' && policy === 'empty_topic_only') {
    throw badRequest('Only the general chat topic is allowed in this channel.');
  }
  return topic;
}

/** Zulip's truncation of an over-long topic: cut to the limit, ending in "...". */
const TOPIC_TRUNCATION_MARKER = '...';
function truncated(topic: string, limit: number): string {
  return [...topic].slice(0, limit - TOPIC_TRUNCATION_MARKER.length).join('') + TOPIC_TRUNCATION_MARKER;
}
