/**
 * Faults of sending, rendering and narrow matching: `POST /messages` and its topic rule, `POST /messages/render`, `GET
 * /messages/matches_narrow` (MSG-SEND-*, TOPIC-RULE-001/002, MSG-RENDER-*, MSG-NARROW-*), beside messages.ts. Each
 * breaks one clause; its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every
 * area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const MESSAGES_FAULTS = {
  'messages-id-as-string': {
    clause: 'MSG-SEND-001',
    description: 'POST /messages returns the new id as a string.',
    alsoBreaks: ['BAD-MSG-SEND-001', 'MSG-SEND-012', 'MSG-SEND-014', 'RESP-MSG-SEND-001'],
  },
  'messages-private-rejected': { clause: 'MSG-SEND-002', description: 'POST /messages refuses type "private".' },
  'messages-channel-alias-rejected': { clause: 'MSG-SEND-003', description: 'POST /messages refuses type "channel".' },
  'messages-channel-id-to-rejected': {
    clause: 'MSG-SEND-004',
    description: 'A channel message whose `to` is a channel ID is refused (names still work).',
    alsoBreaks: ['MSG-SEND-010', 'MSG-SEND-014', 'MSG-SEND-016', 'TOPIC-RULE-001', 'TOPIC-RULE-002'],
  },
  'messages-email-recipients-rejected': {
    clause: 'MSG-SEND-005',
    description: 'A direct message addressed by emails is refused (user IDs still work).',
  },
  'messages-self-only-rejected': {
    clause: 'MSG-SEND-006',
    description: 'A direct message whose only recipient is the sender is refused.',
  },
  'messages-sender-kept-in-recipients': {
    clause: 'MSG-SEND-006',
    description:
      'A direct message whose list names the sender beside others keeps the sender there: its conversation lists the sender twice, unlike the same message sent without the sender.',
  },
  'messages-stream-field-missing': {
    clause: 'MSG-SEND-007',
    description: 'STREAM_DOES_NOT_EXIST for an unknown channel name carries no `stream` field.',
    alsoBreaks: ['RESP-MSG-SEND-001'],
  },
  'messages-invalid-email-accepted': {
    clause: 'MSG-SEND-008',
    description: 'Unknown emails in a direct `to` are dropped when other recipients remain.',
  },
  'messages-direct-topic-rejected': {
    clause: 'MSG-SEND-009',
    description: 'A direct message that carries a topic is refused instead of ignoring the topic.',
  },
  'messages-content-limit-ignored': {
    clause: 'MSG-SEND-010',
    description: 'Content over max_message_length is stored whole.',
  },
  'messages-queue-id-alone-accepted': {
    clause: 'MSG-SEND-011',
    description: 'queue_id without local_id (or the reverse) is accepted.',
    alsoBreaks: ['BAD-MSG-SEND-001'],
  },
  'messages-local-message-id-missing': {
    clause: 'MSG-SEND-012',
    description: 'The message event to the queue given by queue_id carries no local_message_id.',
  },
  'messages-read-by-sender-rejected': {
    clause: 'MSG-SEND-013',
    description: 'POST /messages refuses the read_by_sender parameter.',
  },
  'messages-read-by-sender-ignored': {
    clause: 'MSG-SEND-013',
    description: 'read_by_sender is accepted and ignored: a new message is always read for its sender.',
  },
  'messages-visibility-policy-on-direct': {
    clause: 'MSG-SEND-014',
    description: 'Direct messages answer automatic_new_visibility_policy as if a topic were followed.',
  },
  'topic-empty-allowed-everywhere': {
    clause: 'TOPIC-RULE-001',
    description: 'The empty topic is accepted even in a channel whose topics_policy disables it.',
    alsoBreaks: ['TOPIC-RULE-002'],
  },
  'topic-display-name-stored-literally': {
    clause: 'TOPIC-RULE-001',
    description: "The realm's empty-topic display name is stored as a topic of its own.",
  },
  'topic-limit-ignored': {
    clause: 'TOPIC-RULE-001',
    description: 'Topics over max_topic_length are stored whole.',
  },
  'topic-no-topic-stored-literally': {
    clause: 'TOPIC-RULE-002',
    description: '"(no topic)" is stored as a topic of its own.',
    alsoBreaks: ['TOPIC-RULE-001'],
  },
  'render-raw-markdown': {
    clause: 'MSG-RENDER-001',
    description: 'POST /messages/render leaves emphasis, strong and code markup as it is.',
    alsoBreaks: ['MSG-RENDER-003'],
  },
  'render-html-unescaped': {
    clause: 'MSG-RENDER-002',
    description: 'POST /messages/render returns HTML special characters of plain text unescaped.',
  },
  'render-blocks-as-paragraphs': {
    clause: 'MSG-RENDER-003',
    description: 'POST /messages/render turns code blocks, quotes and lists into plain paragraphs.',
  },
  'render-content-limit-ignored': {
    clause: 'MSG-RENDER-005',
    description: 'POST /messages/render renders content over max_message_length whole (as real Zulip does).',
  },
  'render-missing-content-accepted': {
    clause: 'MSG-RENDER-004',
    description: 'POST /messages/render without content renders the empty string.',
    alsoBreaks: ['BAD-MSG-RENDER-001'],
  },
  'narrow-non-matching-returned': {
    clause: 'MSG-NARROW-001',
    description: 'matches_narrow returns every visible message asked about, matching or not.',
    alsoBreaks: ['EXPLORE-003'],
  },
  'narrow-no-highlight': {
    clause: 'MSG-NARROW-002',
    description: 'Search matches are not wrapped in <span class="highlight">.',
  },
  'narrow-subject-not-highlighted': {
    clause: 'MSG-NARROW-002',
    description: 'Search matches are highlighted in match_content only, never in match_subject.',
  },
  'narrow-content-raw': {
    clause: 'MSG-NARROW-006',
    description: 'match_content is the message as written, not HTML: its text is not escaped.',
  },
  'narrow-subject-unescaped': { clause: 'MSG-NARROW-003', description: 'match_subject is the topic, unescaped.' },
  'narrow-subject-quotes-dropped': {
    clause: 'MSG-NARROW-003',
    description: 'match_subject is the topic HTML-escaped, but its double quotes are dropped.',
  },
  // The converse of the narrow variants (narrow-channel-by-name, -by-id, narrow-no-search, narrow-no-topic): a form
  // the target takes, answered wrongly, is caught with the variant that refuses the other form on.
  'narrow-channel-name-any-channel': {
    clause: 'MSG-NARROW-001',
    description:
      "A channel narrow by the channel's name is taken (even with narrow-channel-by-id on) and selects every channel's messages.",
    alsoBreaks: ['EXPLORE-003'],
  },
  'narrow-channel-id-any-channel': {
    clause: 'MSG-NARROW-001',
    description:
      "A channel narrow by the channel's ID is taken (even with narrow-channel-by-name on) and selects every channel's messages.",
    alsoBreaks: ['EXPLORE-003'],
  },
  'narrow-search-matches-nothing': {
    clause: 'MSG-NARROW-002',
    description: 'A search narrow is taken (even with narrow-no-search on) and selects no message.',
    alsoBreaks: ['MSG-NARROW-006'],
  },
  'narrow-topic-matches-nothing': {
    clause: 'MSG-NARROW-003',
    description: 'A topic narrow is taken (even with narrow-no-topic on) and selects no message.',
    alsoBreaks: ['EXPLORE-003'],
  },
  'narrow-ids-as-range': {
    clause: 'MSG-NARROW-004',
    description:
      'GET /messages/matches_narrow judges every message from the lowest to the highest id asked, asked or not.',
  },
  'narrow-missing-narrow-accepted': {
    clause: 'MSG-NARROW-005',
    description: 'matches_narrow without narrow treats it as the empty narrow.',
  },
  'send-unknown-channel-id-bad-request': {
    clause: 'MSG-SEND-016',
    description: 'A message to an unknown channel ID is refused with BAD_REQUEST instead of STREAM_DOES_NOT_EXIST.',
  },
  'send-unknown-channel-id-unnamed': {
    clause: 'MSG-SEND-016',
    description: 'A message to an unknown channel ID is refused with STREAM_DOES_NOT_EXIST naming it in neither field.',
    alsoBreaks: ['RESP-MSG-SEND-001'],
  },
  'send-missing-topic-accepted': {
    clause: 'MSG-SEND-017',
    description: 'A channel message without a topic is posted to the empty topic.',
    alsoBreaks: ['BAD-MSG-SEND-001'],
  },
  'send-unknown-type-as-channel': {
    clause: 'MSG-SEND-018',
    description: 'A message of any unknown type is sent as a channel message.',
    alsoBreaks: ['BAD-MSG-SEND-001'],
  },
  'send-topic-at-limit-refused': {
    clause: 'TOPIC-RULE-001',
    description: 'A topic of exactly max_topic_length is refused as too long (the limit counted off by one).',
  },
  // Seen only by a sequence (EXPLORE-*): the stored message keeps the topic it was sent to (firstTopic) for it.
  'sequence-narrow-matches-first-topic': {
    clause: 'EXPLORE-003',
    description: 'A topic narrow also matches messages moved away from the topic (by the topic they were sent to).',
  },
  'sequence-narrow-misses-moved-in': {
    clause: 'EXPLORE-003',
    description: 'A topic narrow does not match the messages moved into the topic, only those sent to it.',
  },
  'sequence-narrow-matches-first-channel': {
    clause: 'EXPLORE-003',
    description: 'A channel narrow also matches messages moved to another channel (by the channel they were sent to).',
  },
  'sequence-queue-local-id-to-newest': {
    clause: 'EXPLORE-010',
    description:
      "local_message_id goes to the sender's newest event queue, whichever queue_id names (alike with one queue).",
  },
} as const satisfies FaultCatalogue;
