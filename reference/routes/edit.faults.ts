/**
 * Faults of editing and moving messages: `PATCH /messages/{message_id}` (EDIT-* but EDIT-EVENT-*), beside edit.ts. Each
 * breaks one clause; its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every
 * area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const EDIT_FAULTS = {
  'edit-content-not-stored': {
    clause: 'EDIT-CONTENT-001',
    description: 'A content edit succeeds but the stored content stays as it was.',
    alsoBreaks: ['EDIT-CONTENT-006', 'EDIT-CONTENT-007', 'EDIT-CONTENT-008', 'EDIT-UPLOADS-002', 'EDIT-UPLOADS-003'],
  },
  'edit-direct-content-refused': {
    clause: 'EDIT-CONTENT-001',
    description:
      'A content edit of a direct message by its sender is refused, as if only channel messages could be edited.',
  },
  'edit-content-propagate-accepted': {
    clause: 'EDIT-CONTENT-002',
    description: 'A content-only edit with propagate_mode change_later or change_all is accepted.',
    alsoBreaks: ['BAD-EDIT-001'],
  },
  'edit-content-with-channel-accepted': {
    clause: 'EDIT-CONTENT-003',
    description: 'An edit with both content and stream_id is accepted (the content is changed and the message moved).',
    alsoBreaks: ['BAD-EDIT-001'],
  },
  'edit-others-content-allowed': {
    clause: 'EDIT-CONTENT-004',
    description: "Any user may edit the content of another user's message.",
  },
  'edit-disabled-ignored': {
    clause: 'EDIT-CONTENT-005',
    description: 'Content edits are accepted while allow_message_editing is false.',
  },
  'edit-prev-hash-ignored': {
    clause: 'EDIT-CONTENT-006',
    description: 'prev_content_sha256 is not compared: an edit with a stale hash succeeds.',
  },
  'edit-long-content-kept': {
    clause: 'EDIT-CONTENT-008',
    description: 'A content edit over max_message_length is stored whole.',
  },
  'edit-content-limit-ignored': {
    clause: 'EDIT-CONTENT-007',
    description: 'Content edits are accepted after message_content_edit_limit_seconds (and its grace) have passed.',
  },
  'edit-detached-uploads-missing': {
    clause: 'EDIT-UPLOADS-001',
    description: 'A successful edit returns no detached_uploads.',
    alsoBreaks: ['EDIT-UPLOADS-002', 'EDIT-UPLOADS-003', 'RESP-EDIT-001'],
  },
  'edit-detached-upload-not-listed': {
    clause: 'EDIT-UPLOADS-002',
    description: "An edit that removes the last reference to the caller's file returns an empty detached_uploads.",
    alsoBreaks: ['EDIT-UPLOADS-003'],
  },
  'edit-detached-upload-other-links-ignored': {
    clause: 'EDIT-UPLOADS-002',
    description: "An edit that removes a file's link lists the file as detached though another message still links it.",
    alsoBreaks: ['EDIT-UPLOADS-003'],
  },
  'edit-detached-upload-any-owner': {
    clause: 'EDIT-UPLOADS-003',
    description: "An edit that removes the only link to another user's file lists that file in detached_uploads.",
  },
  'edit-direct-topic-accepted': {
    clause: 'EDIT-TOPIC-001',
    description: 'An edit of a direct message with a topic is accepted.',
  },
  'edit-change-later-moves-earlier': {
    clause: 'EDIT-TOPIC-002',
    description: 'propagate_mode change_later moves the whole topic, earlier messages too.',
    // The sequences' start moves change_later from a message with one before it in its topic.
    alsoBreaks: ['EDIT-LIMIT-001', 'EXPLORE-001'],
  },
  'edit-display-name-literal': {
    clause: 'EDIT-TOPIC-003',
    description: "An edit's topic equal to the empty-topic display name is stored literally.",
    alsoBreaks: ['EDIT-TOPIC-004'],
  },
  'edit-topic-rule-ignored': {
    clause: 'EDIT-TOPIC-004',
    description:
      "An edit's new topic is not checked: over-long topics are stored whole, the empty topic allowed everywhere.",
    alsoBreaks: ['EDIT-TOPIC-003'],
  },
  'edit-direct-channel-accepted': {
    clause: 'EDIT-CHANNEL-001',
    description: 'An edit of a direct message with stream_id is accepted (and ignored).',
  },
  'edit-channel-move-ignored': {
    clause: 'EDIT-CHANNEL-002',
    description: 'A channel move succeeds but the messages stay in their channel.',
    alsoBreaks: ['EDIT-LIMIT-002', 'EXPLORE-001'],
  },
  'edit-resolve-target-only': {
    clause: 'EDIT-RESOLVE-001',
    description: 'Resolving a topic with change_all renames only the target message.',
    alsoBreaks: ['EXPLORE-002'],
  },
  'edit-empty-topic-resolvable': {
    clause: 'EDIT-RESOLVE-002',
    description: 'The empty topic can be resolved (moved to the resolved prefix alone).',
  },
  'edit-resolve-group-ignored': {
    clause: 'EDIT-RESOLVE-003',
    description: 'Users outside can_resolve_topics_group may resolve topics.',
  },
  'edit-limit-allowed-missing': {
    clause: 'EDIT-LIMIT-001',
    description: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED comes without total_messages_allowed_to_move.',
    alsoBreaks: ['RESP-EDIT-001'],
  },
  'edit-moderators-not-exempt': {
    clause: 'EDIT-LIMIT-002',
    description: 'Moderators are held to the move time limits.',
  },
  'move-topic-group-ignored': {
    clause: 'EDIT-TOPIC-005',
    description: 'Users outside can_move_messages_between_topics_group may move topics.',
  },
  'move-channel-group-ignored': {
    clause: 'EDIT-CHANNEL-003',
    description: 'Users outside can_move_messages_between_channels_group may move messages to another channel.',
  },
  'move-change-all-across-channels': {
    clause: 'EDIT-TOPIC-006',
    description: 'change_all also moves the messages of same-named topics in other channels.',
    // The sequences hold a topic name in both their channels, and resolving is a rename with change_all.
    alsoBreaks: ['EXPLORE-001', 'EXPLORE-002'],
  },
  // Seen only by a sequence (EXPLORE-*): the stored message keeps the topic it was sent to (firstTopic) for it.
  'sequence-propagation-misses-moved-in': {
    clause: 'EXPLORE-001',
    description:
      'change_later and change_all move only the messages sent to the topic: messages moved into it since stay behind.',
    // Resolving is a rename with change_all: it leaves them behind too. And a change_all held to the time limit
    // that leaves an old message moved in behind is not refused for it.
    alsoBreaks: ['EXPLORE-002', 'EXPLORE-006'],
  },
  'sequence-move-back-ignored': {
    clause: 'EXPLORE-001',
    description:
      'A move back to the topic a message was sent to is answered with success and leaves the message where it was moved.',
  },
  'sequence-change-later-by-first-topic': {
    clause: 'EXPLORE-001',
    description:
      'change_later from a message moved into its topic moves the later messages of the topic it was sent to instead.',
  },
  'sequence-empty-topic-spellings-apart': {
    clause: 'EXPLORE-001',
    description:
      'Messages sent to the empty topic in different spellings ("", the display name, "(no topic)") read back alike but move as separate topics: change_later and change_all take only those sent in the spelling of the message moved.',
  },
  'sequence-limit-misses-moved-in': {
    clause: 'EXPLORE-006',
    description:
      'A change_all held to the move time limit weighs only the messages sent to the topic: those moved into it since, however old, move with the rest.',
  },
  'sequence-resolve-misses-moved-in': {
    clause: 'EXPLORE-002',
    description: 'Resolving a topic renames only the messages sent to it: those moved into it stay unresolved.',
  },
  'sequence-channel-move-unresolves': {
    clause: 'EXPLORE-001',
    description: 'A move that names only the channel (keeping the topic) takes a resolved topic there unresolved.',
  },
  'sequence-content-edit-restores-first-topic': {
    clause: 'EXPLORE-014',
    description: 'Editing the content of a moved message files it back in the topic and channel it was sent to.',
  },
} as const satisfies FaultCatalogue;
