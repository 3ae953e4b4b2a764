import type { Clause } from '../types.ts';

const EDIT = '3. Edit a message';
const ENDPOINT = 'PATCH /messages/{message_id}';

export const editClauses: readonly Clause[] = [
  {
    id: 'EDIT-CONTENT-001',
    level: 'MUST',
    title: "store the new content of a content edit by the message's sender",
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CONTENT-002',
    level: 'MUST',
    title: 'refuse propagate_mode change_later and change_all when only the content is edited',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CONTENT-003',
    level: 'MUST',
    title: 'refuse an edit that sends both content and stream_id',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CONTENT-004',
    level: 'MUST',
    title: "refuse with BAD_REQUEST a member's edit of the content of another user's message",
    section: `${EDIT}; Errors`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CONTENT-005',
    level: 'MUST',
    title: 'refuse content edits while the realm setting allow_message_editing is false',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CONTENT-006',
    level: 'MUST',
    title: 'accept prev_content_sha256 equal to the hash of the stored content and refuse any other value',
    section: `${EDIT}; Versioning`,
    endpoint: ENDPOINT,
    since: 379,
  },
  {
    id: 'EDIT-CONTENT-007',
    level: 'MUST',
    title: 'refuse content edits once the message is older than message_content_edit_limit_seconds',
    section: `${EDIT}; Limits`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-EVENT-001',
    level: 'MUST',
    title:
      'announce a change of allow_message_editing or message_content_edit_limit_seconds with a realm update_dict event that carries the new value',
    section: `Events; ${EDIT}`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-UPLOADS-001',
    level: 'MUST',
    title: 'return detached_uploads, a list of attachment objects, on a successful edit',
    section: `${EDIT}; Resources › Attachment`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-UPLOADS-002',
    level: 'MUST',
    title:
      "return in detached_uploads the caller's file whose only reference the edit removed, and no file while another reference remains (in the same message or another)",
    section: `${EDIT}; Resources › Attachment`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-UPLOADS-003',
    level: 'MUST',
    title: "leave another user's file out of detached_uploads, though the edit removed its only reference",
    section: `${EDIT}; Resources › Attachment`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-TOPIC-001',
    level: 'MUST',
    title: 'refuse a topic for a direct message',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-TOPIC-002',
    level: 'MUST',
    title:
      'move exactly the target (change_one), the target and later messages (change_later) or the whole topic (change_all)',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-TOPIC-003',
    level: 'MUST',
    title: "read a new topic equal to the realm's empty-topic display name as the empty topic",
    section: `${EDIT}; Conventions`,
    endpoint: ENDPOINT,
    since: 334,
  },
  {
    id: 'EDIT-TOPIC-004',
    level: 'MUST',
    title:
      'apply the topic rule and max_topic_length to a new topic (the empty topic only where the channel allows it; over-long topics refused or truncated)',
    section: `${EDIT}; Conventions; Limits`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-TOPIC-005',
    level: 'MUST',
    title: 'refuse a topic move by a caller outside can_move_messages_between_topics_group',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-TOPIC-006',
    level: 'MUST',
    title: "move with change_all only the topic of the message's own channel, not a same-named topic elsewhere",
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CHANNEL-001',
    level: 'MUST',
    title: 'refuse stream_id for a direct message',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CHANNEL-002',
    level: 'MUST',
    title: 'move the messages of a channel move to the destination channel',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-CHANNEL-003',
    level: 'MUST',
    title: 'refuse a channel move by a caller outside can_move_messages_between_channels_group',
    section: EDIT,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-RESOLVE-001',
    level: 'MUST',
    title:
      'resolve a topic (every message renamed to the prefix "✔ " and the original name) on a change_all edit to that name',
    section: `${EDIT}; States and transitions`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-RESOLVE-002',
    level: 'MUST',
    title: 'refuse to resolve the empty-string topic',
    section: 'States and transitions',
    endpoint: ENDPOINT,
    since: 334,
  },
  {
    id: 'EDIT-RESOLVE-003',
    level: 'MUST',
    title: 'refuse to resolve a topic for a caller outside can_resolve_topics_group',
    section: `${EDIT}; States and transitions`,
    endpoint: ENDPOINT,
  },
  {
    id: 'EDIT-LIMIT-001',
    level: 'MUST',
    title:
      "answer a member's change_all over a partly too old topic with MOVE_MESSAGES_TIME_LIMIT_EXCEEDED and its three fields, and let change_later from first_message_id_allowed_to_move move the rest",
    section: `${EDIT}; Errors; Limits`,
    endpoint: ENDPOINT,
    since: 172,
  },
  {
    id: 'EDIT-LIMIT-002',
    level: 'MUST',
    title: 'exempt administrators and moderators from the move time limits',
    section: `${EDIT}; Limits`,
    endpoint: ENDPOINT,
  },
];
