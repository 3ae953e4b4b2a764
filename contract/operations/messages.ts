/** Messages and typing: contract Endpoints 1–5 and 21. */
import { defineOperation, optionalParam, pathParam, required, requiredWhen } from '../operation.ts';
import {
  Attachment,
  CHANNEL_MESSAGE_TYPES,
  MAX_MESSAGE_LENGTH,
  MAX_TOPIC_LENGTH,
  MESSAGE_TYPES,
  Narrow,
} from '../resources.ts';
import { always, bool, type Condition, int, list, obj, oneOf, onlyWhen, str } from '../shapes.ts';

const channelMessage: Condition = { field: 'type', in: CHANNEL_MESSAGE_TYPES };
const contentLimit = [{ measure: 'length', max: MAX_MESSAGE_LENGTH, beyond: 'truncate' } as const];
const topicLimit = [{ measure: 'length', max: MAX_TOPIC_LENGTH, beyond: 'truncate' } as const];
const TOPIC_RULE = 'the topic rule of Conventions applies';
const typeSince = { direct: 174, channel: 248 };

/** 1. Send a message: POST /messages */
export const sendMessage = defineOperation({
  n: 1,
  clauses: 'MSG-SEND',
  title: 'Send a message',
  method: 'POST',
  path: '/messages',
  auth: 'basic',
  params: [
    required('type', str({ enum: MESSAGE_TYPES }), { valueSince: typeSince }),
    required('to', oneOf(str(), int(), list(str()), list(int())), {
      note: 'a channel name or ID; or user IDs or API emails, the sender ignored unless alone',
    }),
    required('content', str(), { limits: contentLimit }),
    requiredWhen('topic', str(), channelMessage, { usedWhen: channelMessage, limits: topicLimit, note: TOPIC_RULE }),
    optionalParam('queue_id', str(), { note: 'an event queue, for local echo' }),
    optionalParam('local_id', str(), { note: 'echoed as local_message_id in the message event of queue_id' }),
    optionalParam('read_by_sender', bool(), {
      since: 236,
      sinceFrom: 'contract',
      note: 'absent: the server decides by client',
    }),
  ],
  rules: [
    {
      kind: 'only-when',
      param: 'queue_id',
      conditions: [{ field: 'local_id', present: true }],
      note: 'queue_id needs local_id',
    },
    {
      kind: 'only-when',
      param: 'local_id',
      conditions: [{ field: 'queue_id', present: true }],
      note: 'local_id needs queue_id',
    },
  ],
  success: {
    id: always(int()),
    automatic_new_visibility_policy: onlyWhen(
      "the sender's settings unmuted or followed the topic automatically",
      int(),
      { since: 218, sinceFrom: 'zulip' },
    ),
  },
  errors: [
    { code: 'STREAM_DOES_NOT_EXIST', when: 'the channel named in `to` is unknown (field `stream`)' },
    { code: 'BAD_REQUEST', when: 'for example an invalid email' },
    { code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', when: 'a channel-wide mention the sender may not make' },
    { code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', when: 'a topic-wide mention the sender may not make' },
  ],
});

/** 2. Create a scheduled message: POST /scheduled_messages */
export const createScheduledMessage = defineOperation({
  n: 2,
  clauses: 'MSG-SCHEDULE',
  title: 'Create a scheduled message',
  method: 'POST',
  path: '/scheduled_messages',
  auth: 'basic',
  since: 179,
  sinceFrom: 'zulip',
  params: [
    required('type', str({ enum: MESSAGE_TYPES }), { valueSince: typeSince }),
    required('to', oneOf(int(), list(int())), { note: 'a channel ID, or user IDs' }),
    required('content', str(), { limits: contentLimit }),
    requiredWhen('topic', str(), channelMessage, { usedWhen: channelMessage, limits: topicLimit, note: TOPIC_RULE }),
    required('scheduled_delivery_timestamp', int(), { note: 'UNIX seconds, UTC' }),
    optionalParam('read_by_sender', bool(), {
      since: 236,
      sinceFrom: 'contract',
      note: 'absent: the server decides by client and recipient',
    }),
  ],
  success: { scheduled_message_id: always(int()) },
  errors: [
    { code: 'STREAM_DOES_NOT_EXIST', when: 'the channel ID in `to` is unknown (field `stream_id`)' },
    { code: 'BAD_REQUEST', when: 'for example an invalid user ID' },
  ],
});

/** 3. Edit a message: PATCH /messages/{message_id} */
export const editMessage = defineOperation({
  n: 3,
  clauses: 'EDIT',
  title: 'Edit a message',
  method: 'PATCH',
  path: '/messages/{message_id}',
  auth: 'basic',
  params: [
    pathParam('message_id', int()),
    optionalParam('topic', str(), {
      limits: topicLimit,
      note: 'channel messages only; the empty-topic display name reads as ""; topic rule',
    }),
    optionalParam('propagate_mode', str({ enum: ['change_one', 'change_later', 'change_all'] }), {
      default: 'change_one',
    }),
    optionalParam('send_notification_to_old_thread', bool(), { default: false }),
    optionalParam('send_notification_to_new_thread', bool(), {
      default: true,
      note: 'no notification when the move only resolves or unresolves',
    }),
    optionalParam('content', str(), { limits: contentLimit }),
    optionalParam('prev_content_sha256', str(), {
      since: 379,
      sinceFrom: 'contract',
      note: 'refused when it is not the hash of the stored content',
    }),
    optionalParam('stream_id', int(), { note: 'destination channel; channel messages only' }),
  ],
  rules: [
    { kind: 'exclusive', params: ['content', 'stream_id'], note: 'content and stream_id together are an error' },
    {
      kind: 'only-when',
      param: 'propagate_mode',
      values: ['change_later', 'change_all'],
      conditions: [
        { field: 'topic', present: true },
        { field: 'stream_id', present: true },
      ],
      note: 'a content-only edit allows change_one only',
    },
  ],
  success: {
    detached_uploads: always(list(Attachment), {
      since: 285,
      sinceFrom: 'zulip',
      note: "the caller's files left without references",
    }),
  },
  errors: [
    { code: 'BAD_REQUEST', when: 'no permission to edit the message' },
    { code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', when: 'change_all over a topic only partly within the limit' },
    { code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', when: 'a channel-wide mention the editor may not make' },
    { code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', when: 'a topic-wide mention the editor may not make' },
  ],
});

const typingToChannel: Condition = { field: 'type', in: ['stream', 'channel'] };
const typingDirect: Condition = { field: 'type', in: ['direct'] };

/** 4. Set typing status: POST /typing */
export const setTyping = defineOperation({
  n: 4,
  clauses: 'TYPING',
  title: 'Set typing status',
  method: 'POST',
  path: '/typing',
  auth: 'basic',
  params: [
    optionalParam('type', str({ enum: ['direct', 'stream', 'channel'] }), {
      default: 'direct',
      valueSince: typeSince,
      note: 'private is no longer accepted (feature level 215)',
    }),
    required('op', str({ enum: ['start', 'stop'] })),
    requiredWhen('to', list(int()), typingDirect, { usedWhen: typingDirect, note: 'JSON even for one user' }),
    requiredWhen('stream_id', int(), typingToChannel, {
      usedWhen: typingToChannel,
      since: 215,
      sinceFrom: 'contract',
      note: 'absent for a channel: BAD_REQUEST',
    }),
    requiredWhen('topic', str(), typingToChannel, {
      usedWhen: typingToChannel,
      note: 'the display name and "(no topic)" read as ""',
    }),
  ],
  success: {},
  errors: [{ code: 'BAD_REQUEST', when: 'a channel typing notification without stream_id' }],
  note: 'the server keeps no typing state; the periods come from the register response',
});

/** 5. Check messages against a narrow: GET /messages/matches_narrow */
export const matchesNarrow = defineOperation({
  n: 5,
  clauses: 'MSG-NARROW',
  title: 'Check messages against a narrow',
  method: 'GET',
  path: '/messages/matches_narrow',
  auth: 'basic',
  params: [required('msg_ids', list(int())), required('narrow', Narrow)],
  success: {
    messages: always(
      { kind: 'map', keys: 'integer', of: obj({ match_content: always(str()), match_subject: always(str()) }) },
      { note: 'matching messages only; HTML with search highlights' },
    ),
  },
  errors: [],
});

/** 21. Render a message: POST /messages/render */
export const renderMessage = defineOperation({
  n: 21,
  clauses: 'MSG-RENDER',
  title: 'Render a message',
  method: 'POST',
  path: '/messages/render',
  auth: 'basic',
  params: [required('content', str(), { limits: contentLimit })],
  success: { rendered: always(str(), { note: 'HTML' }) },
  errors: [],
});

export const messageOperations = [
  sendMessage,
  createScheduledMessage,
  editMessage,
  setTyping,
  matchesNarrow,
  renderMessage,
] as const;
