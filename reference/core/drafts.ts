/**
 * Draft validation and presentation. A draft input is checked completely before anything is stored; the
 * faults that loosen or break one rule sit next to that rule.
 */
import type { Faults } from '../faults.ts';
import { canAccessChannelContent } from './channels.ts';
import { badRequest, internalError } from './errors.ts';
import type { Draft, User } from './model.ts';
import { isJsonObject } from './params.ts';
import type { Store } from './store.ts';

export type DraftFields = Omit<Draft, 'id' | 'userId'>;

const REQUIRED_DRAFT_KEYS = ['type', 'to', 'topic', 'content'];
const DRAFT_KEYS = new Set([...REQUIRED_DRAFT_KEYS, 'timestamp']);
const DRAFT_TYPES = new Set(['', 'stream', 'private']);
/** The last second of year 9999 (Python's datetime range; Zulip cannot store later). */
const MAX_TIMESTAMP = 253402300799;

interface Env {
  readonly store: Store;
  readonly user: User;
  readonly faults: Faults;
}

/** Validates one draft object from a request; `label` names it in error messages (e.g. `drafts[2]`). */
export function validateDraft(raw: unknown, label: string, env: Env): DraftFields {
  const { faults } = env;
  if (!isJsonObject(raw)) throw badRequest(`${label} is not a dict`);
  const extra = Object.keys(raw).find((key) => !DRAFT_KEYS.has(key));
  if (extra !== undefined) throw badRequest(`${label} has an unexpected field: ${extra}`);

  // Fault `drafts-missing-field-internal-error`: a draft without one of its required fields ends in an unhandled
  // validation error, HTTP 500 without a code (Zulip's departure).
  if (faults.has('drafts-missing-field-internal-error') && REQUIRED_DRAFT_KEYS.some((key) => !(key in raw))) {
    throw internalError();
  }
  const { type, to, topic, timestamp } = raw;
  let { content } = raw;
  if (typeof type !== 'string') throw badRequest(`${label}.type is missing or not a string`);
  if (!DRAFT_TYPES.has(type) && !faults.has('drafts-invalid-type-accepted')) {
    throw badRequest(`${label}.type must be "", "stream" or "private"`);
  }
  const reads = fieldsRead(type, env);
  if (!('to' in raw) || (reads.to && !(Array.isArray(to) && to.every((id) => Number.isSafeInteger(id))))) {
    throw badRequest(`${label}.to is missing or not a list of integers`);
  }
  if (!('topic' in raw) || (reads.topic && typeof topic !== 'string')) {
    throw badRequest(`${label}.topic is missing or not a string`);
  }
  if (content === undefined && faults.has('drafts-missing-content-accepted')) content = '(empty)';
  if (typeof content !== 'string') throw badRequest(`${label}.content is missing or not a string`);
  if (timestamp !== undefined && typeof timestamp !== 'number') throw badRequest(`${label}.timestamp is not a number`);
  if (timestamp !== undefined && timestamp < 0) throw badRequest('Timestamp must not be negative.');
  if (timestamp !== undefined && timestamp > MAX_TIMESTAMP) throw badRequest('Timestamp is out of range.');
  // The contract forbids null bytes in every draft topic; Zulip checks channel drafts only (others are ignored).
  if (typeof topic === 'string' && topic.includes('\0') && !faults.has('drafts-null-byte-topic-accepted')) {
    throw badRequest('Topic must not contain null bytes');
  }

  const fields: DraftFields = {
    type,
    to: Array.isArray(to) ? (to as number[]) : [],
    topic: typeof topic === 'string' ? topic : '',
    content: normalizeContent(content, faults, env.store.variants.has('drafts-content-verbatim')),
    timestamp: fillTimestamp(timestamp, env),
  };
  if (type === 'stream') return channelDraft(fields, env);
  if (type === 'private') return directDraft(fields, env);
  if (type === '') return unaddressedDraft(fields, env);
  return fields; // an invalid type let through by fault `drafts-invalid-type-accepted`: stored as given
}

/**
 * Which of the fields a type ignores are still type-checked. Variant `drafts-ignored-fields-unchecked`: neither `to`
 * of an unaddressed draft nor `topic` of a direct or unaddressed one (the Draft resource ignores them); fault
 * `drafts-channel-topic-unchecked`: not a channel draft's topic either, which the Draft resource reads.
 */
function fieldsRead(type: string, { store, faults }: Env): { to: boolean; topic: boolean } {
  const unchecked = store.variants.has('drafts-ignored-fields-unchecked') && DRAFT_TYPES.has(type);
  const channelTopicUnchecked = type === 'stream' && faults.has('drafts-channel-topic-unchecked');
  return { to: !unchecked || type !== '', topic: !channelTopicUnchecked && (!unchecked || type === 'stream') };
}

/** Like message content: leading newlines and trailing whitespace go; empty or null bytes are rejected. */
function normalizeContent(content: string, faults: Faults, verbatim: boolean): string {
  // Variant `drafts-content-verbatim`: stored as sent (only what cannot be stored is refused).
  const normalized = verbatim ? content : content.replace(/^\n+/, '').trimEnd();
  if (normalized.trim().length === 0) throw badRequest('Content must not be empty');
  if (normalized.includes('\0') && !faults.has('drafts-null-byte-content-accepted')) {
    throw badRequest('Content must not contain null bytes');
  }
  // Fault `drafts-non-ascii-content-rejected`: a narrow validator that only a property over varied content finds.
  if (faults.has('drafts-non-ascii-content-rejected') && [...normalized].some((ch) => ch.codePointAt(0)! > 0x7f)) {
    throw badRequest('Content must be ASCII');
  }
  return normalized;
}

function fillTimestamp(timestamp: number | undefined, env: Env): number {
  if (timestamp !== undefined) return Math.floor(timestamp);
  return env.faults.has('drafts-timestamp-not-filled') ? 0 : env.store.nowSeconds();
}

function channelDraft(fields: DraftFields, { store, user, faults }: Env): DraftFields {
  const extraIdsAccepted = faults.has('drafts-second-channel-id-accepted') && fields.to.length >= 2;
  if (fields.to.length !== 1 && !extraIdsAccepted) {
    throw badRequest('Must specify exactly 1 channel ID for channel messages');
  }
  const channel = store.channelById(fields.to[0]!);
  if (!channel || channel.isArchived || !canAccessChannelContent(store, user, channel)) {
    throw badRequest('Invalid channel ID');
  }
  const topic = faults.has('drafts-topic-not-stored') ? '' : fields.topic;
  return { ...fields, to: [channel.id], topic };
}

function directDraft(fields: DraftFields, { store }: Env): DraftFields {
  if (!fields.to.every((id) => store.userById(id)?.isActive)) throw badRequest('Invalid user ID');
  return { ...fields, topic: '' };
}

function unaddressedDraft(fields: DraftFields, { faults }: Env): DraftFields {
  if (fields.to.length > 0 && faults.has('drafts-unaddressed-to-rejected')) {
    throw badRequest('An unaddressed draft must not have recipients');
  }
  return { ...fields, to: [], topic: '' };
}

export function draftDict(draft: Draft): Record<string, unknown> {
  const { id, type, to, topic, content, timestamp } = draft;
  return { id, type, to: [...to], topic, content, timestamp };
}

/** Newest first by timestamp; ties: the larger id first. */
export function newestFirst(a: Draft, b: Draft): number {
  return b.timestamp - a.timestamp || b.id - a.id;
}
