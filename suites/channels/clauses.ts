/** The channels area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('channels', {
  'get-streams.test.ts': [
    {
      id: 'CHAN-LIST-001',
      level: 'MUST',
      title:
        'list, for every combination of the nine filters, each channel a requested source selects and no channel that none selects, never one the caller has no metadata access to',
      section: '13. Get all channels',
      endpoint: 'GET /streams',
      since: 356,
    },
    {
      id: 'CHAN-LIST-002',
      level: 'MUST',
      title: 'without filters, list the public and subscribed channels the caller may see and leave archived ones out',
      section: '13. Get all channels',
      endpoint: 'GET /streams',
    },
    {
      id: 'CHAN-LIST-003',
      level: 'MUST',
      title:
        'with include_all, list private channels an administrator is not subscribed to, and never show them to a moderator, member, guest or bot',
      section: '13. Get all channels',
      endpoint: 'GET /streams',
      since: 356,
    },
    {
      id: 'CHAN-OBJ-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'return every listed field of the channel object with its type and allowed values',
      section: 'Channel object; Group-setting value',
      endpoint: 'GET /streams',
      since: 407,
    },
  ],
  'get-streams-first_message_id.test.ts': [
    {
      id: 'CHAN-OBJ-002',
      level: 'MUST',
      title:
        "report first_message_id as the id of the channel's oldest message, and null only for a channel without history",
      section: 'Channel object',
      endpoint: 'GET /streams',
    },
  ],
  'get-users-me-subscriptions.test.ts': [
    {
      id: 'SUBS-001',
      exercisesOperation: true,
      level: 'MUST',
      title:
        'return every listed field of the subscription object with its type, in_home_view the inverse of is_muted, and neither email_address nor role',
      section: 'Subscription object',
      endpoint: 'GET /users/me/subscriptions',
      since: 407,
    },
    {
      id: 'SUBS-002',
      level: 'MUST',
      title: 'return subscribers only when include_subscribers is true, and then every subscriber of a small channel',
      section: 'Subscription object; 14. Get subscribed channels',
      endpoint: 'GET /users/me/subscriptions',
      since: 79,
    },
    {
      id: 'SUBS-003',
      level: 'MUST',
      title: 'with include_subscribers partial, include every bot subscriber',
      section: 'Subscription object; 14. Get subscribed channels; Limits',
      endpoint: 'GET /users/me/subscriptions',
      since: 412,
    },
    {
      id: 'SUBS-004',
      level: 'MUST',
      title: 'list the channels the caller is subscribed to, and no channel it is not subscribed to',
      section: '14. Get subscribed channels',
      endpoint: 'GET /users/me/subscriptions',
    },
    {
      id: 'SUBS-005',
      level: 'MUST',
      title: 'with include_subscribers partial, return the whole subscribers list for a channel of fewer than 250',
      section: '14. Get subscribed channels; Limits',
      endpoint: 'GET /users/me/subscriptions',
      since: 412,
    },
  ],
  'post-streams-delete_topic.test.ts': [
    {
      id: 'TOPIC-DELETE-001',
      level: 'MUST',
      title: 'refuse a topic deletion by a moderator, member or bot with UNAUTHORIZED_PRINCIPAL and delete nothing',
      section: '9. Delete a topic; Errors',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
    },
    {
      id: 'TOPIC-DELETE-002',
      exercisesOperation: true,
      level: 'MUST',
      title:
        'let an administrator delete a topic, answering complete true only once no message of the topic remains, and leave other topics alone',
      section: '9. Delete a topic; States and transitions',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      since: 211,
    },
    {
      id: 'TOPIC-DELETE-003',
      level: 'MUST',
      title: 'read the empty-topic display name as the empty topic when deleting a topic',
      section: '9. Delete a topic',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      since: 334,
    },
    {
      id: 'TOPIC-DELETE-004',
      level: 'MUST',
      title:
        "send a stream update event with the new first_message_id when a topic deletion removes the channel's oldest message",
      section: 'Events; 9. Delete a topic',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      since: 256,
    },
    {
      id: 'TOPIC-DELETE-005',
      level: 'MUST',
      title: 'delete only the topic of the channel named in the path, never a same-named topic of another channel',
      section: '9. Delete a topic',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      since: 211,
    },
    {
      id: 'TOPIC-DELETE-006',
      level: 'MUST',
      title: "delete a topic's messages newest first: after a request that answers complete false, its oldest are left",
      section: '9. Delete a topic; States and transitions',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      since: 211,
    },
  ],
  'post-mark_topic_as_read.test.ts': [
    {
      id: 'TOPIC-READ-001',
      exercisesOperation: true,
      level: 'MUST',
      title:
        'mark a topic read with the success envelope, and mark the empty topic\'s messages read for the caller when it names the topic by the empty-topic display name or ""',
      section: '12. Mark messages in a topic as read',
      endpoint: 'POST /mark_topic_as_read',
      since: 334,
    },
    {
      id: 'TOPIC-READ-002',
      level: 'MUST',
      title: 'refuse a request to mark a topic read without stream_id or without topic_name',
      section: '12. Mark messages in a topic as read',
      endpoint: 'POST /mark_topic_as_read',
    },
    {
      id: 'TOPIC-READ-003',
      level: 'MUST',
      title:
        "mark the topic's messages read for the caller, and no message outside the topic (in its channel or another)",
      section: '12. Mark messages in a topic as read; States and transitions',
      endpoint: 'POST /mark_topic_as_read',
    },
  ],
});
