/**
 * Faults of channels and their topics: `GET /streams` and the channel object, `delete_topic`, `mark_topic_as_read`
 * (CHAN-LIST-*, CHAN-OBJ-*, TOPIC-DELETE-*, TOPIC-READ-*), beside streams.ts. Each breaks one clause; its switch sits
 * in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const STREAMS_FAULTS = {
  'channels-topic-read-not-marked': {
    clause: 'TOPIC-READ-003',
    description: 'Marking a topic read answers success and leaves its messages unread.',
    alsoBreaks: ['TOPIC-READ-001', 'EXPLORE-005'],
  },
  'channels-topic-delete-every-channel': {
    clause: 'TOPIC-DELETE-005',
    description: 'Deleting a topic also deletes the same-named topic of every other channel.',
    // The sequences hold a topic name in both their channels.
    alsoBreaks: ['EXPLORE-004'],
  },
  'channels-topic-delete-oldest-first': {
    clause: 'TOPIC-DELETE-006',
    description: "A topic's messages are deleted oldest first, batch by batch.",
  },
  'channels-topic-read-whole-channel': {
    clause: 'TOPIC-READ-003',
    description: 'Marking a topic read marks every message of its channel read.',
    // A sequence marks topics that messages have left for another topic of the same channel.
    alsoBreaks: ['EXPLORE-005'],
  },
  'channels-archived-listed-by-default': {
    clause: 'CHAN-LIST-002',
    description: 'GET /streams lists archived channels even when exclude_archived is left at its default.',
    alsoBreaks: ['CHAN-LIST-001', 'CHAN-LIST-003'],
  },
  'channels-include-public-ignored': {
    clause: 'CHAN-LIST-001',
    description: 'GET /streams lists public channels even with include_public=false.',
  },
  'channels-include-all-for-members': {
    clause: 'CHAN-LIST-003',
    description: 'include_all (and include_all_active) list every channel, private ones included, to any caller.',
    alsoBreaks: ['CHAN-LIST-001'],
  },
  'channels-rendered-description-missing': {
    clause: 'CHAN-OBJ-001',
    description: 'Channel objects carry no rendered_description.',
    alsoBreaks: ['RESP-CHAN-LIST-001'],
  },
  'channels-first-message-id-null': {
    clause: 'CHAN-OBJ-002',
    description: 'first_message_id is always null, even for channels with messages.',
  },
  'channels-topic-delete-by-member': {
    clause: 'TOPIC-DELETE-001',
    description: 'Any member (not only administrators) may delete a topic.',
  },
  'channels-topic-delete-wrong-code': {
    clause: 'TOPIC-DELETE-001',
    description: 'Non-administrators deleting a topic get BAD_REQUEST instead of UNAUTHORIZED_PRINCIPAL.',
  },
  'channels-topic-delete-complete-early': {
    clause: 'TOPIC-DELETE-002',
    description: 'delete_topic answers complete: true after its first batch, with messages of the topic left.',
    alsoBreaks: ['TOPIC-DELETE-003', 'TOPIC-DELETE-005', 'EXPLORE-004'],
  },
  'channels-topic-delete-display-name-literal': {
    clause: 'TOPIC-DELETE-003',
    description: 'delete_topic takes the empty-topic display name literally instead of as the topic "".',
  },
  'channels-topic-delete-no-first-message-event': {
    clause: 'TOPIC-DELETE-004',
    description: 'Deleting the topic holding the oldest message sends no stream update event with first_message_id.',
    // The sequences' topic deletions remove their channel's oldest message too.
    alsoBreaks: ['EXPLORE-007'],
  },
  'channels-topic-read-missing-topic-accepted': {
    clause: 'TOPIC-READ-002',
    description: 'POST /mark_topic_as_read without topic_name succeeds.',
    alsoBreaks: ['BAD-TOPIC-READ-001'],
  },
  'channels-topic-read-display-name-refused': {
    clause: 'TOPIC-READ-001',
    description: 'POST /mark_topic_as_read takes the empty-topic display name literally, so the topic "" is not found.',
    // A sequence marks the empty topic by its display name.
    alsoBreaks: ['EXPLORE-005'],
  },
  'channels-topic-read-empty-topic-unmarked': {
    clause: 'TOPIC-READ-001',
    description:
      'POST /mark_topic_as_read of the empty topic (by its display name or "") succeeds and marks none of its messages read.',
    alsoBreaks: ['EXPLORE-005'],
  },
  'channels-can-access-content-ignored': {
    clause: 'CHAN-LIST-001',
    description: 'GET /streams ignores include_can_access_content.',
  },
  'channels-include-default-adds-all': {
    clause: 'CHAN-LIST-001',
    description: 'include_default adds every channel the caller may see, default or not.',
  },
  'channels-owner-subscribed-ignored': {
    clause: 'CHAN-LIST-001',
    description: "GET /streams ignores include_owner_subscribed: a bot never gets its owner's channels through it.",
  },
  'channels-archived-never-listed': {
    clause: 'CHAN-LIST-001',
    description: 'GET /streams never lists archived channels, even with exclude_archived=false.',
    alsoBreaks: ['CHAN-OBJ-001'],
  },
  'channels-creatorless-admin-null': {
    clause: 'CHAN-OBJ-001',
    description:
      "A channel created by no one (the realm's own) has can_administer_channel_group direct_members [null].",
    alsoBreaks: ['RESP-CHAN-LIST-001'],
  },
  'channels-archived-flag-false': {
    clause: 'CHAN-OBJ-001',
    description: 'Channel objects report is_archived false for archived channels.',
  },
  // Seen only by a sequence (EXPLORE-*): the stored message keeps the topic it was sent to (firstTopic) for it.
  'sequence-delete-topic-by-first-topic': {
    clause: 'EXPLORE-004',
    description:
      'Deleting a topic deletes the messages sent to it, wherever they were moved since, and leaves those moved into it.',
  },
  'sequence-mark-read-by-first-topic': {
    clause: 'EXPLORE-005',
    description:
      'Marking a topic read marks the messages sent to it, wherever they were moved since, and not those moved into it.',
  },
  'sequence-oldest-event-misses-moved-in': {
    clause: 'EXPLORE-007',
    description:
      "Deleting the topic that holds the channel's oldest message sends the stream update event only where that message was sent to the topic: one moved into it goes unannounced.",
  },
  'sequence-delete-topic-misses-moved-in': {
    clause: 'EXPLORE-004',
    description: 'Deleting a topic leaves the messages moved into it since (those sent to it go, as they should).',
  },
  'sequence-subs-left-private-listed': {
    clause: 'EXPLORE-012',
    description: 'GET /streams keeps listing a private channel to a user who left it or was removed from it.',
  },
} as const satisfies FaultCatalogue;
