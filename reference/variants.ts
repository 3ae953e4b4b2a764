/**
 * Conforming variants: each a choice the contract leaves open, made another way than the reference's default (which
 * follows Zulip wherever the contract is silent). The sensitivity catalogue (faults.ts) proves that a check can
 * fail; the variants prove that it fails only on a departure: `npm test` runs the whole suite with every variant on,
 * in combinations, and requires no failure (test/e2e/variants.test.ts). docs/variants.md maps each to the contract
 * sentence that leaves the choice open.
 *
 * The switch of each variant sits in the code it changes (grep its id); `variants.has('id')`, like the faults.
 */
import { Switches } from './switches.ts';

export interface VariantInfo {
  /** The contract's words (paraphrased) that leave the choice open. */
  readonly leftOpen: string;
  /** What the server does differently when the variant is on. */
  readonly change: string;
  /**
   * A variant that departs from a SHOULD (never a MUST): the clauses it may make warn. A run with it on exits 0,
   * with these clauses warned and no other.
   */
  readonly warns?: readonly string[];
  /**
   * A variant that does not offer what a check needs (a narrow operator the contract does not require): the clauses
   * it makes skipped-unsupported, never failed.
   */
  readonly skips?: readonly string[];
  /** Variants it cannot be combined with (two answers to the same choice). */
  readonly excludes?: readonly string[];
  /** Real Zulip's own choice, which the reference's default does not make (the `zulip` flavour turns it on). */
  readonly zulip?: true;
}

export const VARIANTS = {
  // — HTTP statuses and texts of answers ("HTTP status codes that accompany these bodies: not shown")
  'error-status-422': {
    leftOpen: 'Errors: the HTTP status codes that accompany error bodies are not shown',
    change: 'every refusal answered 400 by default is answered 422 Unprocessable Content',
    excludes: ['error-status-403-404'],
  },
  'error-status-403-404': {
    leftOpen: 'Errors: the HTTP status codes that accompany error bodies are not shown',
    change:
      'refusals answered 400 by default get 404 when they name something unknown (no such user, draft, queue, token, channel) and 403 otherwise',
    excludes: ['error-status-422'],
  },
  'auth-status-403': {
    leftOpen: 'Errors: HTTP status codes not shown (also for missing or wrong credentials)',
    change: 'missing or wrong Basic credentials answered 403 instead of 401, without WWW-Authenticate',
  },
  'success-status-201': {
    leftOpen: 'Errors: HTTP status codes not shown (a success is known by result "success")',
    change: 'operations that create something (send, schedule, drafts, profile field, push token) answer 201 Created',
  },
  'error-msg-other-texts': {
    leftOpen: 'Errors: msg is "human readable"; its text is not given for any case',
    change: 'every error msg is another text than the reference\'s (no "Invalid email", no parameter name)',
  },
  'error-codes-finer': {
    leftOpen:
      'Errors: the codes of errors for invalid field values not listed in the table are not shown (a finer code for a listed case is a refinement)',
    change:
      'an invalid value the table of codes does not list (a bad type or value of a parameter other than recipients, tokens and drafts) gets the code INVALID_PARAMETER_VALUE',
  },
  'error-extra-fields': {
    leftOpen: 'Errors: a failure carries result, msg, code, "plus extra fields for some codes"',
    change: 'every error also carries fields of its own (request_id, documentation_url)',
  },
  // — the body and its type
  'content-type-charset': {
    leftOpen: 'Endpoints: responses are JSON; the exact media type is not given',
    change: 'JSON answered as application/json; charset=utf-8',
    excludes: ['content-type-text-plain'],
  },
  'content-type-text-plain': {
    leftOpen: 'Endpoints: responses are JSON (the content type is not named; the suite rates the label a SHOULD)',
    change: 'JSON answered with Content-Type text/plain',
    warns: ['CONV-004', 'RESP-*'],
    excludes: ['content-type-charset'],
  },
  'extra-fields': {
    leftOpen:
      'Resources: fields after those listed are "not shown"; Endpoints: the responses name the fields they carry, not that no others come',
    change: 'every object of every success answer (records, not maps keyed by id) carries extra fields',
  },
  'extra-event-fields': {
    leftOpen: 'Events: payload schemas of all events are not shown',
    change: 'every event carries extra fields',
  },
  'unrelated-events': {
    leftOpen: 'Events: the table names the events of the operations; other events a queue receives are not shown',
    change: 'every queue also receives unrelated events (presence, heartbeat) before each event it gets',
  },
  'event-ids-sparse': {
    leftOpen: 'Events: event ids and payloads are not shown',
    change: 'event ids of a queue grow by steps of 10 from 1000 instead of 0, 1, 2 …',
  },
  'ignored-parameters-objects': {
    leftOpen: 'Versioning: the element shape of ignored_parameters_unsupported is not shown',
    change: 'ignored_parameters_unsupported lists objects {name, reason} instead of names',
  },
  'ignored-parameters-always': {
    leftOpen:
      'Versioning: the array comes when the request carried unsupported parameters; "a success response may also carry" it otherwise',
    change: 'every success carries ignored_parameters_unsupported, empty when nothing was ignored',
  },
  // — over-long input ("up to max_message_length / max_topic_length")
  'truncate-topics': {
    leftOpen: 'Send, schedule, edit: topic "length up to max_topic_length" (refusing or truncating a longer one)',
    change: 'over-long topics truncated to the limit (ending in "...") instead of refused',
    zulip: true,
  },
  'refuse-long-content': {
    leftOpen: 'Send, schedule, edit, render: content "up to max_message_length" (refusing or truncating a longer one)',
    change: 'over-long content refused with BAD_REQUEST instead of truncated (the reference truncates, as Zulip does)',
  },
  'partial-subscribers-full': {
    leftOpen: 'Get subscribed channels: partial_subscribers "may replace" subscribers for a channel of 250 or more',
    change: 'include_subscribers=partial answers the whole subscribers list for large channels too',
    excludes: ['partial-subscribers-subset'],
  },
  'partial-subscribers-subset': {
    leftOpen:
      'Get subscribed channels: partial_subscribers is an arbitrary subset holding every bot and every user active in the last 14 days',
    change:
      'partial_subscribers of a large channel holds only bots and users who joined or wrote in the last 14 days (the reference lists everyone)',
    excludes: ['partial-subscribers-full'],
  },
  // — visibility
  'guests-see-public-channels': {
    leftOpen: 'Get all channels: include_public lists "public channels"; no rule for guests is stated',
    change: 'guests list every public channel, not only those they are subscribed to',
  },
  'email-visibility-everyone': {
    leftOpen: 'User object, Authentication 5: email is a fake address only when the caller may not see the real one',
    change: 'every human\'s email visibility is "everyone": the API email is the real address',
  },
  'moderators-see-emails': {
    leftOpen: 'Authentication 5: who "may not see" a real address is not stated',
    change: 'moderators see the real addresses that administrators see (visibility "administrators only")',
  },
  'admins-access-all-content': {
    leftOpen:
      'Channel permission notes: administrators implicitly administer every channel; content access of administrators to private channels they are not in is not stated',
    change: 'administrators have content access to every private channel',
  },
  // — addresses
  'login-by-api-email': {
    leftOpen:
      'Authentication 1 and Fetch an API key: Basic uses the API email; fetch_api_key answers an email (which one is not said)',
    change: 'Basic authentication and fetch_api_key also take the API email, and fetch_api_key answers the API email',
  },
  // — ids and orders
  'ids-large': {
    leftOpen: 'Conventions: integer IDs identify users, channels, messages, drafts …; their values are not given',
    change: 'every id counter starts beyond 2^32 (users, channels, messages, drafts, groups, fields, attachments …)',
  },
  'ids-not-increasing': {
    leftOpen: 'Conventions: integer IDs; nothing says a newer object has a larger id',
    change:
      "drafts, scheduled messages, messages, profile fields, user groups, attachments and channels get ids in a shuffled order (a message's place among messages is still the order they were sent in)",
  },
  'lists-shuffled': {
    leftOpen:
      'Get all channels, Get subscribed channels, subscribers, objections, detached_uploads: the order of these lists is not given',
    change: 'lists whose order the contract leaves open come in a shuffled order',
  },
  // — the realm
  'no-channel-notices': {
    leftOpen:
      'Nothing in the contract makes a new channel start with a message (Zulip posts a notice; others need not)',
    change: 'a new channel has no notification-bot notice: it starts empty',
  },
  'realm-prefilled': {
    leftOpen: 'The contract does not say the realm holds only the accounts a client knows',
    change:
      'the realm already holds other users (humans, a deactivated one, bots), channels of every kind, messages, drafts, scheduled messages, a profile field shown in the summary, user groups, mutes and push tokens',
  },
  'realm-older-defaults': {
    leftOpen:
      "Edit a message and Authentication 4: permissions are governed by realm settings whose values are the realm's; their defaults are not shown",
    change:
      'the realm keeps the defaults of a realm made before Zulip 9.0: administrators alone move messages between channels and delete their own messages, moderators alone move topics within a channel and resolve them, realm_topics_policy is disable_empty_topic (and typing to the empty topic is refused where a channel disables it)',
    excludes: ['realm-movers-administrators'],
  },
  'realm-movers-administrators': {
    leftOpen:
      "Edit a message and Authentication 4: who may move messages and resolve topics is the realm's group settings; their values are not shown",
    change:
      'the realm lets administrators alone move messages (within and between channels) and resolve topics: moderators may not, though no move time limit holds them',
    excludes: ['realm-older-defaults'],
  },
  'bot-owned-by-administrator': {
    leftOpen: "User object: bot_owner_id names the owner; which account owns a bot is the realm's business",
    change: 'the configured generic bot is owned by the administrator, not the owner',
  },
  'limits-other-values': {
    leftOpen: 'Limits: the numeric values of max_message_length, max_topic_length and the typing periods are not shown',
    change:
      'max_message_length 7000, max_topic_length 50, typing periods 20000 / 5000 / 10000 ms (announced and kept to)',
  },
  'empty-topic-name-other': {
    leftOpen: "Conventions: the realm's empty-topic display name is read from the register response",
    change: 'realm_empty_topic_display_name is "sans sujet" instead of "general chat"',
  },
  // — edit and delete
  'edit-grace': {
    leftOpen: 'Limits: the time limits are settings; how a server counts the edge (a grace period) is not stated',
    change: '20 s of grace added to every edit and move time limit',
    zulip: true,
  },
  'delete-topic-one-per-request': {
    leftOpen: 'Delete a topic: messages deleted in batches; complete false when the request timed out',
    change: 'each delete_topic request deletes one message and answers complete false while any remain',
    excludes: ['delete-topic-all-at-once'],
  },
  'delete-topic-all-at-once': {
    leftOpen: 'Delete a topic: the request "may time out"; a server that never does answers complete true',
    change: 'delete_topic deletes the whole topic in one request',
    excludes: ['delete-topic-one-per-request'],
  },
  'move-too-old-specific-code': {
    leftOpen:
      'Edit a message: MOVE_MESSAGES_TIME_LIMIT_EXCEEDED with first_message_id_allowed_to_move null; clients must accept null',
    change:
      'a move whose target message is itself past the limit gets MOVE_MESSAGES_TIME_LIMIT_EXCEEDED with first_message_id_allowed_to_move null (Zulip: a plain BAD_REQUEST)',
  },
  'no-auto-follow': {
    leftOpen:
      "Send a message: automatic_new_visibility_policy is present only when the sender's settings followed or unmuted the topic",
    change:
      "the senders' settings follow no topic automatically: no automatic_new_visibility_policy, no user_topic event (the reference follows a topic its sender starts, as Zulip's defaults do)",
  },
  // — narrows ("Narrow operators and operand formats beyond the operator/operand pair: not shown")
  'narrow-channel-by-name': {
    leftOpen: 'Narrow: operators and operand formats are not shown (a channel named by its name or by its ID)',
    change: "a channel narrow (`channel`, `stream`) takes the channel's name only: an ID operand is refused",
    excludes: ['narrow-channel-by-id'],
  },
  'narrow-channel-by-id': {
    leftOpen: 'Narrow: operators and operand formats are not shown (a channel named by its name or by its ID)',
    change: "a channel narrow (`channel`, `stream`) takes the channel's ID only: a name operand is refused",
    excludes: ['narrow-channel-by-name'],
  },
  'narrow-no-search': {
    leftOpen:
      'Narrow: operators are not shown; Check messages against a narrow says how "a search narrow" highlights, not that one is offered',
    change: 'no full-text search: a narrow with the `search` operator is refused',
    skips: ['MSG-NARROW-002', 'MSG-NARROW-006'],
  },
  'narrow-no-topic': {
    leftOpen: 'Narrow: operators are not shown (a narrow to a topic among them)',
    change: 'no topic narrow: a narrow with the `topic` (or `subject`) operator is refused',
    skips: ['MSG-NARROW-003', 'EXPLORE-003'],
  },
  // — rendering and objects
  'rendering-other-html': {
    leftOpen: 'Render a message, Channel description: rendered is "HTML"; its markup is not given',
    change: 'valid HTML marked up otherwise: <b> for bold, attributes on paragraphs, a wrapping <div>',
  },
  'unknown-channel-id-as-stream': {
    leftOpen:
      'Send a message: STREAM_DOES_NOT_EXIST "with field stream, the name given"; Errors: stream (name) or stream_id',
    change: 'a message to an unknown channel ID is refused naming the ID as given in stream, not in stream_id',
  },
  'render-numeric-references': {
    leftOpen: 'Render a message: rendered is "HTML"; how its text escapes special characters is not given',
    change:
      'POST /messages/render escapes &, <, > and " in text as numeric character references (&#60;), not named ones',
  },
  'render-inline-html': {
    leftOpen: 'Render a message: rendered is "HTML"; the markup language, and whether it takes raw HTML, is not given',
    change:
      'POST /messages/render passes tags in the source through as HTML (CommonMark raw inline HTML) and leaves > unescaped in text',
  },
  'avatars-hosted': {
    leftOpen: 'User object: avatar_url is null only for gravatar-hosted avatars the client can compute',
    change: 'avatars are hosted by the server: avatar_url is always a URL',
  },
  'dates-with-offset': {
    leftOpen: 'User object: date_joined is an ISO 8601 time (its exact form is not given)',
    change: 'date_joined written with microseconds and a +00:00 offset',
  },
  'drafts-content-verbatim': {
    leftOpen: 'Draft: content is a string without null bytes; normalizing it is not stated',
    change: 'draft content is stored exactly as sent (no whitespace trimmed)',
  },
  'drafts-ignored-fields-unchecked': {
    leftOpen:
      'Draft: to of an unaddressed draft and topic of a non-channel draft are ignored; validating them is not stated',
    change:
      'the fields a draft ignores are not type-checked: an unaddressed draft may give any to, a direct or unaddressed one any topic (stored as [] and "")',
  },
  'include-default-adds-channels': {
    leftOpen:
      'Get all channels: include_default asks for "default channels of the realm" (adding them, or marking those chosen)',
    change:
      "include_default adds the realm's default channels the caller may see to the list, as older Zulip does (the reference only marks them)",
  },
  'slow-responses': {
    leftOpen: 'The contract gives no response times',
    change: 'every answer is delayed by 5 to 60 ms',
  },
  // — transport: what HTTP leaves to a server, and the contract does not show
  'idle-close-early': {
    leftOpen:
      'Endpoints: responses are JSON; the contract shows no connections (HTTP lets a server close an idle kept-alive one at any time)',
    change:
      'a kept-alive connection idle for 2 ms is closed, unannounced (no Keep-Alive hint): a client reusing it meets the close',
    excludes: ['connection-close'],
  },
  'connection-close': {
    leftOpen:
      'Endpoints: responses are JSON; the contract shows no connections (HTTP lets a server close one after any answer)',
    change: 'every answer says Connection: close, and the server closes the connection after it',
    excludes: ['idle-close-early'],
  },
  'retry-after-http-date': {
    leftOpen: 'Rate limits: not shown (HTTP gives Retry-After as delay-seconds or an HTTP-date)',
    change: 'a 429 (with --rate-limit) gives Retry-After as an HTTP-date and no retry-after field in its body',
  },
  'gzip-unasked': {
    leftOpen:
      'Endpoints: responses are JSON; their content coding is not shown (HTTP lets a server code an answer to a request without Accept-Encoding)',
    change: 'every answer is gzip-coded (Content-Encoding: gzip), whatever the request accepts',
  },
} as const satisfies Record<string, VariantInfo>;

export type VariantId = keyof typeof VARIANTS;
export const VARIANT_IDS = Object.keys(VARIANTS) as VariantId[];
export const isVariantId = (name: string): name is VariantId => Object.hasOwn(VARIANTS, name);

const info = (id: VariantId): VariantInfo => VARIANTS[id];

/** The variants that cannot be on together with `id`, in either direction. */
export function excluded(id: VariantId): VariantId[] {
  const direct = (info(id).excludes ?? []) as VariantId[];
  const reverse = VARIANT_IDS.filter((other) => (info(other).excludes ?? []).includes(id));
  return [...new Set([...direct, ...reverse])];
}

/** A variant of `ids` that another of them excludes, with what it cannot be combined with; undefined if none. */
function clashIn(ids: readonly VariantId[]): string | undefined {
  const clash = ids.find((id) => excluded(id).some((other) => ids.includes(other)));
  return clash && `${clash} cannot be combined with ${excluded(clash).join(', ')}`;
}

/** Whether the variants can all be on at once. */
export function compatible(ids: readonly VariantId[]): boolean {
  return clashIn(ids) === undefined;
}

/** What is wrong with a list of variant names (unknown names, or two that exclude each other), or undefined. */
export function variantsProblem(names: readonly string[]): string | undefined {
  const unknown = names.filter((n) => !isVariantId(n));
  if (unknown.length > 0) return `unknown variant(s): ${unknown.join(', ')} (known: ${VARIANT_IDS.join(', ')})`;
  return clashIn(names as VariantId[]);
}

/** The most variants on at once: all but the later of each pair that excludes each other. */
export const ALL_COMPATIBLE: readonly VariantId[] = VARIANT_IDS.filter(
  (id) => !excluded(id).some((other) => VARIANT_IDS.indexOf(other) < VARIANT_IDS.indexOf(id)),
);

/** The clauses a set of variants may make warn (never fail): `RESP-*` stands for every RESP clause. */
export function warnedBy(ids: readonly VariantId[]): string[] {
  return [...new Set(ids.flatMap((id) => info(id).warns ?? []))];
}

/** The clauses a set of variants may make skipped-unsupported (what they do not offer). */
export function skippedBy(ids: readonly VariantId[]): string[] {
  return [...new Set(ids.flatMap((id) => info(id).skips ?? []))];
}

/** The set of variants a server instance runs with. The code asks `variants.has(id)` where a choice is made. */
export class Variants extends Switches<VariantId> {
  static readonly none: Variants = new Variants([]);

  /** Throws an Error naming the known variants when a name is unknown, or when two exclude each other. */
  constructor(names: readonly string[] = []) {
    super(names, VARIANT_IDS, 'variant');
    const clash = clashIn(this.active);
    if (clash) throw new Error(`Variant ${clash}`);
  }
}
