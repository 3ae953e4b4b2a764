/**
 * Narrows for GET /messages/matches_narrow: a list of `{operator, operand, negated?}` objects (or
 * `[operator, operand]` pairs). Operators: `channel`/`stream` (name or ID), `topic` (case-insensitive, like
 * Zulip), `sender` (email or ID), `dm` (user IDs or emails: the conversation with exactly them), `is` (`dm`,
 * `private`), `search` (every word, case-insensitive, in the content or topic; matches highlighted).
 * The contract shows no operator or operand format: the variants `narrow-channel-by-name`, `narrow-channel-by-id`,
 * `narrow-no-search` and `narrow-no-topic` refuse some (in parseNarrow).
 */
import type { Faults } from '../faults.ts';
import type { Variants } from '../variants.ts';
import { badRequest } from './errors.ts';
import { escapeHtml, renderMarkdown } from './markdown.ts';
import type { Message } from './model.ts';
import { isJsonObject } from './params.ts';
import type { Store } from './store.ts';

export interface Term {
  readonly operator: string;
  readonly operand: unknown;
  readonly negated: boolean;
}

const OPERATORS = new Set(['channel', 'stream', 'topic', 'subject', 'sender', 'dm', 'pm-with', 'is', 'search']);

/**
 * Refuses a term the server's variants do not offer, whatever messages are asked (an empty msg_ids too). A fault
 * that accepts the operator and answers it wrongly wins over the variant that refuses it.
 */
function refuseUnoffered(term: Term, variants: Variants, faults: Faults): void {
  const { operator, operand } = term;
  if (operator === 'channel' || operator === 'stream') {
    const byId = typeof operand === 'number';
    if (byId && variants.has('narrow-channel-by-name') && !faults.has('narrow-channel-id-any-channel'))
      throw badRequest(`Invalid narrow operand: ${operator} takes a channel name`);
    if (!byId && variants.has('narrow-channel-by-id') && !faults.has('narrow-channel-name-any-channel'))
      throw badRequest(`Invalid narrow operand: ${operator} takes a channel ID`);
  }
  const topic = operator === 'topic' || operator === 'subject';
  if (topic && variants.has('narrow-no-topic') && !faults.has('narrow-topic-matches-nothing'))
    throw badRequest(`Invalid narrow operator: ${operator} is not supported`);
  if (operator === 'search' && variants.has('narrow-no-search') && !faults.has('narrow-search-matches-nothing'))
    throw badRequest('Invalid narrow operator: search is not supported');
}

export function parseNarrow(list: readonly unknown[], variants: Variants, faults: Faults): Term[] {
  return list.map((item) => {
    let term: Term;
    if (Array.isArray(item) && item.length === 2 && typeof item[0] === 'string') {
      term = { operator: item[0], operand: item[1], negated: false };
    } else if (isJsonObject(item) && typeof item.operator === 'string' && 'operand' in item) {
      term = { operator: item.operator, operand: item.operand, negated: item.negated === true };
    } else {
      throw badRequest('Invalid narrow: each element must be {operator, operand}');
    }
    if (!OPERATORS.has(term.operator)) throw badRequest(`Invalid narrow operator: unknown operator ${term.operator}`);
    refuseUnoffered(term, variants, faults);
    return term;
  });
}

const words = (operand: string) =>
  operand
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^"|"$/g, ''))
    .filter(Boolean);

function userIdOf(store: Store, operand: unknown): number | undefined {
  if (typeof operand === 'number') return operand;
  if (typeof operand === 'string')
    return store.userByApiEmail(operand.trim())?.id ?? (/^\d+$/.test(operand) ? Number(operand) : undefined);
  return undefined;
}

function termMatches(store: Store, message: Message, term: Term, faults: Faults): boolean {
  const { operand } = term;
  switch (term.operator) {
    case 'channel':
    case 'stream': {
      if (message.type !== 'stream') return false;
      const byId = typeof operand === 'number';
      const channel = byId ? store.channelById(operand) : store.channelByName(String(operand).trim());
      // Faults `narrow-channel-id-any-channel`, `narrow-channel-name-any-channel`: an operand of that form, once it
      // names a channel, selects every channel's messages.
      if (channel && faults.has(byId ? 'narrow-channel-id-any-channel' : 'narrow-channel-name-any-channel'))
        return true;
      // Fault `sequence-narrow-matches-first-channel`: a message moved to another channel still matches the first.
      const first = faults.has('sequence-narrow-matches-first-channel') && channel?.id === message.firstChannelId;
      return channel?.id === message.channelId || first;
    }
    case 'topic':
    case 'subject': {
      // Fault `narrow-topic-matches-nothing`: a topic narrow is taken, and selects no message.
      if (faults.has('narrow-topic-matches-nothing')) return false;
      const wanted = String(operand).trim().toLowerCase();
      // Fault `sequence-narrow-matches-first-topic`: a moved message still matches the topic it was sent to.
      const first = faults.has('sequence-narrow-matches-first-topic') && message.firstTopic?.toLowerCase() === wanted;
      // Fault `sequence-narrow-misses-moved-in`: a message moved into the topic does not match it.
      const movedIn =
        faults.has('sequence-narrow-misses-moved-in') &&
        message.firstTopic !== undefined &&
        message.firstTopic.toLowerCase() !== wanted;
      return message.type === 'stream' && ((message.topic.toLowerCase() === wanted && !movedIn) || first);
    }
    case 'sender':
      return userIdOf(store, operand) === message.senderId;
    case 'dm':
    case 'pm-with': {
      if (message.type !== 'private') return false;
      const list = Array.isArray(operand) ? operand : String(operand).split(',');
      const ids = new Set(list.map((o) => userIdOf(store, o)));
      const others = message.recipients.filter((id) => id !== message.senderId || message.recipients.length === 1);
      return others.length > 0 && others.every((id) => ids.has(id)) && ids.size <= others.length + 1;
    }
    case 'is':
      if (operand === 'dm' || operand === 'private') return message.type === 'private';
      throw badRequest(`Invalid narrow operand: is:${String(operand)}`);
    default: {
      // Fault `narrow-search-matches-nothing`: a search narrow is taken, and selects no message.
      if (faults.has('narrow-search-matches-nothing')) return false;
      const haystack = `${message.content}\n${message.topic}`.toLowerCase();
      return words(String(operand)).every((w) =>
        new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(w)}`, 'u').test(haystack),
      );
    }
  }
}

/**
 * The messages to judge: the ids asked for. Fault `narrow-ids-as-range`: every message from the lowest to the
 * highest id asked, asked or not.
 */
export function judgedIds(store: Store, ids: readonly number[], faults: Faults): readonly number[] {
  if (!faults.has('narrow-ids-as-range') || ids.length === 0) return ids;
  const [low, high] = [Math.min(...ids), Math.max(...ids)];
  return [...store.messages.keys()].filter((id) => id >= low && id <= high);
}

export function matches(store: Store, message: Message, terms: readonly Term[], faults: Faults): boolean {
  return terms.every((t) => termMatches(store, message, t, faults) !== t.negated);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wraps every occurrence of the search words in the text (not the tags) of `html`. */
function highlight(html: string, terms: readonly Term[], faults: Faults): string {
  const searched = terms.filter((t) => t.operator === 'search' && !t.negated).flatMap((t) => words(String(t.operand)));
  // Fault `narrow-no-highlight`.
  if (searched.length === 0 || faults.has('narrow-no-highlight')) return html;
  const pattern = new RegExp(`(${searched.map((w) => escapeRegExp(escapeHtml(w))).join('|')})`, 'giu');
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(pattern, '<span class="highlight">$1</span>')))
    .join('');
}

export function matchFields(message: Message, terms: readonly Term[], faults: Faults) {
  // Fault `narrow-subject-unescaped`.
  let subject = faults.has('narrow-subject-unescaped') ? message.topic : escapeHtml(message.topic);
  // Fault `narrow-subject-quotes-dropped`: escaping loses what it should encode.
  if (faults.has('narrow-subject-quotes-dropped')) subject = subject.replace(/&quot;|"/g, '');
  // Fault `narrow-content-raw`: the content as written, not rendered to HTML.
  const content = faults.has('narrow-content-raw') ? message.content : renderMarkdown(message.content);
  return {
    match_content: highlight(content, terms, faults),
    // Fault `narrow-subject-not-highlighted`.
    match_subject: faults.has('narrow-subject-not-highlighted') ? subject : highlight(subject, terms, faults),
  };
}
