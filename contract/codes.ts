/**
 * The envelope and the error codes of the contract ("Errors"), each with the extra fields a body with that code
 * carries. HTTP status codes are not shown in the contract, nor are codes for invalid values other than these.
 */
import { always, type Dating, type Field, int, list, nullable, obj, onlyWhen, str } from './shapes.ts';

export interface ErrorCode extends Dating {
  readonly code: string;
  /** When the contract says the code is given (paraphrased). */
  readonly when: string;
  /** Extra fields of the body beside result, msg and code. */
  readonly extra: Readonly<Record<string, Field>>;
  /** At least one of these extra fields is present (the contract offers a choice). */
  readonly oneOf?: readonly string[];
  /** Extra field → the request parameter whose value it repeats. */
  readonly echoes?: Readonly<Record<string, string>>;
}

export const ERROR_CODES: readonly ErrorCode[] = [
  {
    code: 'BAD_REQUEST',
    when: 'the generic code: invalid recipient, missing parameter, no permission to edit, bad or unknown push token, bad mute, invalid user group, a channel draft without exactly one channel',
    extra: {},
  },
  {
    code: 'STREAM_DOES_NOT_EXIST',
    when: 'the channel a message is addressed to is unknown',
    extra: {
      stream: onlyWhen('the channel was named', str()),
      stream_id: onlyWhen('the channel was given by ID', int()),
    },
    oneOf: ['stream', 'stream_id'],
  },
  {
    code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    when: 'a channel-wide mention in a large channel by someone outside can_mention_many_users_group',
    extra: {},
    since: 229,
    sinceFrom: 'zulip',
  },
  {
    code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    when: 'a topic-wide mention in a busy topic by someone outside can_mention_many_users_group',
    extra: {},
    since: 229,
    sinceFrom: 'zulip',
  },
  {
    code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    when: 'a member or other non-moderator moves messages older than the time limit allows',
    // The contract lists the three fields, with their types, and no case without them: all are required. (Zulip's
    // own description lets a server leave the totals out when it did not count them; the contract does not.)
    extra: {
      first_message_id_allowed_to_move: always(nullable(int())),
      total_messages_in_topic: always(int()),
      total_messages_allowed_to_move: always(int()),
    },
    since: 172,
    sinceFrom: 'contract',
  },
  {
    code: 'UNAUTHORIZED_PRINCIPAL',
    when: 'a topic deletion by someone who is not an organization administrator',
    extra: {},
  },
  {
    code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    when: 'the group is used by a setting or as a subgroup',
    extra: {
      objections: always(list(obj({ type: always(str()), settings: always(list(str())) }))),
    },
    since: 298,
    sinceFrom: 'zulip',
  },
  {
    code: 'BAD_EVENT_QUEUE_ID',
    when: 'the event queue does not exist or was deleted',
    extra: { queue_id: always(str()) },
    echoes: { queue_id: 'queue_id' },
  },
  {
    code: 'INVALID_PUSH_DEVICE_TOKEN',
    when: 'the server does not know the push token of a test notification',
    extra: {},
  },
  {
    code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
    when: 'the push notification bouncer does not know the push token of a test notification',
    extra: {},
  },
];

const BY_CODE = new Map(ERROR_CODES.map((c) => [c.code, c]));

/** The contract's description of a code, or undefined for a code it does not list (which is allowed). */
export const errorCode = (code: string): ErrorCode | undefined => BY_CODE.get(code);

/**
 * Codes a server may answer where the contract says BAD_REQUEST, being more specific (refinements: worth a
 * SHOULD-level note at most, never a failure). Real Zulip uses the first two for missing and invalid parameters.
 */
export const REFINEMENTS = {
  missing: ['REQUEST_VARIABLE_MISSING'],
  invalid: ['REQUEST_VARIABLE_INVALID', 'INVALID_JSON'],
  narrow: ['BAD_NARROW'],
} as const;

/** The envelope fields every body has (Conventions; Errors). */
export const ENVELOPE = {
  success: { result: 'success', msg: '' },
  error: { result: 'error', fields: ['msg', 'code'] },
} as const;
