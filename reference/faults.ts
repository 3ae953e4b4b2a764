/**
 * The sensitivity catalogue: named, deliberate departures from one contract clause each.
 * The reference server can be started with any set of them; the project's own tests then check that the
 * conformance suite fails, and fails on the clause named here. The code of each fault sits next to the
 * behaviour it breaks (search for its id).
 */

export interface FaultInfo {
  /** The id of the one clause the fault breaks. */
  readonly clause: string;
  /** What the server does wrong when the fault is active. */
  readonly description: string;
}

export const FAULTS = {
  'drafts-oldest-first': { clause: 'DRAFTS-LIST-002', description: 'GET /drafts lists drafts oldest first.' },
  'drafts-missing-field-internal-error': {
    clause: 'DRAFTS-CREATE-009',
    description: 'A draft missing a required field is answered HTTP 500 without a code (as Zulip does).',
  },
  'drafts-second-channel-id-accepted': {
    clause: 'DRAFTS-CREATE-004',
    description: 'A channel draft with two or more channel IDs is accepted (the first one is used).',
  },
  'drafts-null-byte-topic-accepted': {
    clause: 'DRAFTS-CREATE-005',
    description: 'A draft topic containing a null byte is accepted.',
  },
  'drafts-null-byte-content-accepted': {
    clause: 'DRAFTS-CREATE-006',
    description: 'Draft content containing a null byte is accepted.',
  },
  'drafts-timestamp-not-filled': {
    clause: 'DRAFTS-CREATE-003',
    description: 'A draft created without a timestamp is stored with timestamp 0.',
  },
  'drafts-visible-to-others': {
    clause: 'DRAFTS-LIST-004',
    description: "GET /drafts lists every user's drafts, not only the caller's.",
  },
  'drafts-ids-reversed': {
    clause: 'DRAFTS-CREATE-001',
    description: 'POST /drafts returns the new ids in reverse submission order.',
  },
  'drafts-count-off-by-one': { clause: 'DRAFTS-LIST-001', description: 'GET /drafts returns count = length + 1.' },
  'drafts-invalid-type-accepted': {
    clause: 'DRAFTS-CREATE-008',
    description: 'Any draft type string is accepted and stored as given.',
  },
  'drafts-missing-content-accepted': {
    clause: 'DRAFTS-CREATE-009',
    description: 'A draft without content is accepted and stored with content "(empty)".',
  },
  'drafts-unaddressed-to-rejected': {
    clause: 'DRAFTS-CREATE-007',
    description: 'An unaddressed draft with a non-empty `to` is rejected instead of ignoring `to`.',
  },
  'drafts-topic-not-stored': {
    clause: 'DRAFTS-CREATE-002',
    description: 'The topic of a channel draft is stored as the empty string.',
  },
  'drafts-no-event': { clause: 'DRAFTS-EVENT-001', description: 'Creating drafts sends no drafts event.' },
  'drafts-non-ascii-content-rejected': {
    clause: 'DRAFTS-CREATE-010',
    description: 'Draft content with any character outside ASCII is rejected.',
  },
  'drafts-timestamp-as-string': {
    clause: 'DRAFTS-LIST-003',
    description: 'GET /drafts returns each timestamp as a string.',
  },
  'auth-wrong-key-accepted': { clause: 'AUTH-002', description: 'A known email with any API key authenticates.' },
  'auth-missing-credentials-accepted': {
    clause: 'AUTH-001',
    description: 'GET /drafts without an Authorization header acts as the first seeded human user.',
  },
  'auth-unknown-email-accepted': {
    clause: 'AUTH-003',
    description: 'An unknown email with any key authenticates as the first seeded human user.',
  },
  'auth-refused-write-applied': {
    clause: 'AUTH-004',
    description: 'POST /drafts with a known email and a wrong key answers 401 but still creates the drafts.',
  },
  'auth-bot-key-refused': { clause: 'AUTH-005', description: "Bots' API keys are refused." },
  'fetchkey-wrong-password-accepted': {
    clause: 'FETCHKEY-003',
    description: 'POST /fetch_api_key accepts any password of a known user.',
  },
  'fetchkey-requires-basic-auth': {
    clause: 'FETCHKEY-001',
    description: 'POST /fetch_api_key without Basic credentials is refused with 401.',
  },
  'fetchkey-returns-invalid-key': {
    clause: 'FETCHKEY-002',
    description: "POST /fetch_api_key returns an api_key that is not the user's key.",
  },
  'fetchkey-wrong-user-id': {
    clause: 'FETCHKEY-004',
    description: 'POST /fetch_api_key returns user_id + 1000.',
  },
  'fetchkey-missing-password-accepted': {
    clause: 'FETCHKEY-005',
    description: 'POST /fetch_api_key without a password logs in.',
  },
  'queue-delete-twice-succeeds': {
    clause: 'QUEUE-DELETE-002',
    description: 'Deleting an already deleted event queue succeeds (unknown ids still fail).',
  },
  'queue-error-without-queue-id': {
    clause: 'QUEUE-DELETE-003',
    description: 'BAD_EVENT_QUEUE_ID errors carry no queue_id field.',
  },
  'queue-id-echo-trimmed': {
    clause: 'QUEUE-DELETE-003',
    description: 'BAD_EVENT_QUEUE_ID errors echo the queue_id trimmed and lower-cased.',
  },
  'queue-delete-fails': {
    clause: 'QUEUE-DELETE-001',
    description: 'DELETE /events of a valid queue answers BAD_EVENT_QUEUE_ID and keeps the queue.',
  },
  'queue-delete-missing-param-succeeds': {
    clause: 'QUEUE-DELETE-004',
    description: 'DELETE /events without queue_id succeeds.',
  },
  'envelope-msg-on-success': { clause: 'CONV-001', description: 'Success responses carry msg "OK".' },
  'envelope-error-without-code': { clause: 'CONV-002', description: 'Error responses carry no code.' },
  'envelope-error-not-json': {
    clause: 'CONV-003',
    description: '4xx error responses are an HTML page instead of the JSON envelope.',
  },
  'content-type-text-plain': {
    clause: 'CONV-004',
    description: 'Every response is labelled Content-Type: text/plain (the body is unchanged).',
  },
  'ignored-parameters-not-reported': {
    clause: 'VERS-001',
    description: 'Success responses never carry ignored_parameters_unsupported.',
  },
  'missing-parameter-specific-code': {
    clause: 'ERR-001',
    description: 'A missing parameter gets code REQUEST_VARIABLE_MISSING instead of BAD_REQUEST.',
  },
  'user-avatar-version-string': {
    clause: 'USER-GET-001',
    description: 'GET /users/{id} gives avatar_version as a string.',
  },
  'user-owner-not-admin': { clause: 'USER-GET-002', description: 'Owners are reported with is_admin false.' },
  'user-bot-type-null': { clause: 'USER-GET-011', description: 'Bots are reported with bot_type null.' },
  'user-human-bot-type-absent': {
    clause: 'USER-GET-012',
    description: "Humans' user objects carry no bot_type (as Zulip does).",
  },
  'user-bot-delivery-email-hidden': {
    clause: 'USER-GET-004',
    description: "Bots' delivery_email is null for callers who are not administrators.",
  },
  'user-real-email-in-fake-field': {
    clause: 'USER-GET-005',
    description: 'A caller who may not see the real email gets delivery_email null but the real address as email.',
  },
  'user-public-delivery-email-null': {
    clause: 'USER-GET-005',
    description:
      "A human's real email that the caller may see reads as hidden (delivery_email null), with the real address as email.",
  },
  'user-email-shown-to-members': {
    clause: 'USER-GET-006',
    description: 'Administrators-only email visibility shows the real email to every member.',
  },
  'user-avatar-null-when-email-hidden': {
    clause: 'USER-GET-007',
    description:
      'avatar_url is null for every gravatar user when client_gravatar is true, even when the caller cannot see the email.',
  },
  'user-profile-data-for-bots': {
    clause: 'USER-GET-008',
    description: 'Bots get profile_data when custom profile fields are requested.',
  },
  'user-profile-data-keyed-by-name': {
    clause: 'USER-GET-009',
    description: 'profile_data is keyed by "field-<id>" instead of the field ID.',
  },
  'user-unknown-id-returns-caller': {
    clause: 'USER-GET-010',
    description: 'GET /users/{id} of an unknown id returns the caller.',
  },
  'mute-self-allowed': { clause: 'MUTE-001', description: 'Muting oneself succeeds.' },
  'mute-unknown-user-allowed': { clause: 'MUTE-002', description: 'Muting a user ID that does not exist succeeds.' },
  'mute-twice-succeeds': { clause: 'MUTE-003', description: 'Muting an already muted user succeeds.' },
  'mute-bot-refused': { clause: 'MUTE-004', description: 'Muting a bot is refused.' },
  'unmute-keeps-listed': { clause: 'MUTE-005', description: 'Unmuting succeeds but the user stays in muted_users.' },
  'mute-list-capped-at-two': {
    clause: 'MUTE-006',
    description: 'POST /register lists only the two most recently muted users.',
  },
  'mute-existing-messages-unread': {
    clause: 'MUTE-008',
    description: 'Muting a user leaves the messages that user had already sent unread for the muter.',
  },
  'mute-marks-everything-read': {
    clause: 'MUTE-008',
    description: 'Muting a user marks every message the muter can read as read, whoever sent it.',
  },
  'mute-messages-arrive-unread': {
    clause: 'MUTE-007',
    description: "A muted sender's new messages arrive unread for the muter.",
  },
  'mute-after-unmute-refused': {
    clause: 'MUTE-006',
    description: 'A user once unmuted cannot be muted again (refused as already muted).',
  },
  'profile-field-not-listed': {
    clause: 'PROFILE-FIELD-001',
    description: 'GET /realm/profile_fields leaves out the newest field.',
  },
  'profile-field-member-creates': {
    clause: 'PROFILE-FIELD-002',
    description: 'Members and moderators may create custom profile fields.',
  },
  'profile-field-type-9-accepted': { clause: 'PROFILE-FIELD-003', description: 'field_type 9 is accepted.' },
  'profile-field-dropdown-numeric-order': {
    clause: 'PROFILE-FIELD-004',
    description: 'Dropdown choices with a string order are refused (only numbers pass).',
  },
  'profile-field-third-summary-accepted': {
    clause: 'PROFILE-FIELD-005',
    description: 'A third field with display_in_profile_summary is accepted.',
  },
  'profile-field-users-summary-accepted': {
    clause: 'PROFILE-FIELD-006',
    description: 'A Users field with display_in_profile_summary is accepted.',
  },
  'profile-field-matching-on-paragraph': {
    clause: 'PROFILE-FIELD-007',
    description: 'A Paragraph field with use_for_user_matching is accepted.',
  },
  'profile-field-required-refused': {
    clause: 'PROFILE-FIELD-008',
    description: 'A field created with required=true is refused.',
  },
  'group-deactivate-noop': {
    clause: 'GROUP-DEACTIVATE-001',
    description: 'Deactivating a group answers success but the group stays active.',
  },
  'group-in-use-deactivated': {
    clause: 'GROUP-DEACTIVATE-002',
    description: 'A group used in a realm, channel or group setting is deactivated anyway.',
  },
  'group-realm-use-overlooked': {
    clause: 'GROUP-DEACTIVATE-007',
    description: 'A group used only in a realm setting is deactivated anyway (channel and group settings still count).',
  },
  'group-subgroup-deactivated': {
    clause: 'GROUP-DEACTIVATE-003',
    description: 'A group that is a subgroup of an active group is deactivated anyway.',
  },
  'group-objections-without-settings': {
    clause: 'GROUP-DEACTIVATE-004',
    description: 'CANNOT_DEACTIVATE_GROUP_IN_USE objections carry no settings.',
  },
  'group-subgroup-objection-without-settings': {
    clause: 'GROUP-DEACTIVATE-004',
    description: 'The objection to deactivating a subgroup of an active group carries no settings (as Zulip does).',
  },
  'group-unknown-id-succeeds': {
    clause: 'GROUP-DEACTIVATE-005',
    description: 'Deactivating an unknown group id succeeds.',
  },
  'group-deactivated-usable': {
    clause: 'GROUP-DEACTIVATE-006',
    description: 'A deactivated group can still be named in a group setting.',
  },
  'push-add-not-stored': {
    clause: 'PUSH-ADD-001',
    description: 'Adding an APNs token answers success but does not keep the token.',
  },
  'push-empty-token-accepted': { clause: 'PUSH-ADD-002', description: 'An empty APNs token is accepted.' },
  'push-any-length-accepted': { clause: 'PUSH-ADD-003', description: 'APNs tokens of any length are accepted.' },
  'push-appid-optional': { clause: 'PUSH-ADD-004', description: 'Adding an APNs token without appid is accepted.' },
  'push-remove-keeps-token': {
    clause: 'PUSH-REMOVE-001',
    description: 'Removing an APNs token answers success but keeps it registered.',
  },
  'push-remove-unknown-succeeds': {
    clause: 'PUSH-REMOVE-002',
    description: 'Removing a token that was never registered succeeds.',
  },
  'push-test-unknown-token-succeeds': {
    clause: 'PUSH-TEST-001',
    description: 'A test notification to an unknown token succeeds.',
  },
  'push-test-registered-token-unknown': {
    clause: 'PUSH-TEST-002',
    description: 'A test notification to a registered token is answered INVALID_PUSH_DEVICE_TOKEN.',
  },
  'messages-id-as-string': { clause: 'MSG-SEND-001', description: 'POST /messages returns the new id as a string.' },
  'messages-private-rejected': { clause: 'MSG-SEND-002', description: 'POST /messages refuses type "private".' },
  'messages-channel-alias-rejected': { clause: 'MSG-SEND-003', description: 'POST /messages refuses type "channel".' },
  'messages-channel-id-to-rejected': {
    clause: 'MSG-SEND-004',
    description: 'A channel message whose `to` is a channel ID is refused (names still work).',
  },
  'messages-email-recipients-rejected': {
    clause: 'MSG-SEND-005',
    description: 'A direct message addressed by emails is refused (user IDs still work).',
  },
  'messages-self-only-rejected': {
    clause: 'MSG-SEND-006',
    description: 'A direct message whose only recipient is the sender is refused.',
  },
  'messages-stream-field-missing': {
    clause: 'MSG-SEND-007',
    description: 'STREAM_DOES_NOT_EXIST for an unknown channel name carries no `stream` field.',
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
  },
  'messages-local-message-id-missing': {
    clause: 'MSG-SEND-012',
    description: 'The message event to the queue given by queue_id carries no local_message_id.',
  },
  'messages-read-by-sender-rejected': {
    clause: 'MSG-SEND-013',
    description: 'POST /messages refuses the read_by_sender parameter.',
  },
  'messages-visibility-policy-on-direct': {
    clause: 'MSG-SEND-014',
    description: 'Direct messages answer automatic_new_visibility_policy as if a topic were followed.',
  },
  'scheduled-sent-immediately': {
    clause: 'MSG-SCHEDULE-001',
    description: 'A scheduled message is sent at once; the message id is returned as scheduled_message_id.',
  },
  'scheduled-channel-id-rejected': {
    clause: 'MSG-SCHEDULE-002',
    description: 'A scheduled channel message addressed by channel ID is refused.',
  },
  'scheduled-stream-id-missing': {
    clause: 'MSG-SCHEDULE-003',
    description: 'STREAM_DOES_NOT_EXIST for an unknown channel ID carries no `stream_id` field.',
  },
  'scheduled-invalid-user-accepted': {
    clause: 'MSG-SCHEDULE-004',
    description: 'Unknown user IDs in a direct `to` are dropped when other recipients remain.',
  },
  'scheduled-content-limit-ignored': {
    clause: 'MSG-SCHEDULE-005',
    description: 'Scheduled content over max_message_length is stored whole.',
  },
  'topic-empty-allowed-everywhere': {
    clause: 'TOPIC-RULE-001',
    description: 'The empty topic is accepted even in a channel whose topics_policy disables it.',
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
  },
  'scheduled-topic-rule-ignored': {
    clause: 'TOPIC-RULE-003',
    description: 'Scheduled channel messages keep their topic as given, whatever the topic rule says.',
  },
  'typing-topic-not-normalized': {
    clause: 'TOPIC-RULE-004',
    description: 'Channel typing events carry the topic as given, not the empty topic it stands for.',
  },
  'render-raw-markdown': {
    clause: 'MSG-RENDER-001',
    description: 'POST /messages/render leaves emphasis, strong and code markup as it is.',
  },
  'render-html-unescaped': {
    clause: 'MSG-RENDER-002',
    description: 'POST /messages/render returns HTML special characters of plain text unescaped.',
  },
  'render-blocks-as-paragraphs': {
    clause: 'MSG-RENDER-003',
    description: 'POST /messages/render turns code blocks, quotes and lists into plain paragraphs.',
  },
  'render-missing-content-accepted': {
    clause: 'MSG-RENDER-004',
    description: 'POST /messages/render without content renders the empty string.',
  },
  'narrow-non-matching-returned': {
    clause: 'MSG-NARROW-001',
    description: 'matches_narrow returns every visible message asked about, matching or not.',
  },
  'narrow-no-highlight': {
    clause: 'MSG-NARROW-002',
    description: 'Search matches are not wrapped in <span class="highlight">.',
  },
  'narrow-subject-unescaped': { clause: 'MSG-NARROW-003', description: 'match_subject is the topic, unescaped.' },
  'narrow-subject-quotes-dropped': {
    clause: 'MSG-NARROW-003',
    description: 'match_subject is the topic HTML-escaped, but its double quotes are dropped.',
  },
  'narrow-topic-ignored': { clause: 'MSG-NARROW-004', description: 'The topic operator matches every message.' },
  'narrow-missing-narrow-accepted': {
    clause: 'MSG-NARROW-005',
    description: 'matches_narrow without narrow treats it as the empty narrow.',
  },
  'typing-missing-op-accepted': { clause: 'TYPING-001', description: 'POST /typing without op means start.' },
  'typing-type-required': { clause: 'TYPING-002', description: 'POST /typing without type is refused.' },
  'typing-stream-id-optional': {
    clause: 'TYPING-003',
    description: 'Channel typing without stream_id succeeds and does nothing.',
  },
  'typing-private-accepted': { clause: 'TYPING-004', description: 'POST /typing accepts type "private".' },
  'typing-stop-never-sent': {
    clause: 'TYPING-005',
    description: 'POST /typing with op stop succeeds but sends no event.',
  },
  'typing-channel-no-event': {
    clause: 'TYPING-006',
    description: 'Channel typing notifications succeed but send no event.',
  },
  'channels-admin-unsubscribe-refused': {
    clause: 'CHAN-PERM-001',
    description: 'An organization administrator who is not subscribed to a channel may not unsubscribe others from it.',
  },
  'channels-topic-read-not-marked': {
    clause: 'TOPIC-READ-003',
    description: 'Marking a topic read answers success and leaves its messages unread.',
  },
  'channels-topic-delete-every-channel': {
    clause: 'TOPIC-DELETE-005',
    description: 'Deleting a topic also deletes the same-named topic of every other channel.',
  },
  'channels-topic-delete-oldest-first': {
    clause: 'TOPIC-DELETE-006',
    description: "A topic's messages are deleted oldest first, batch by batch.",
  },
  'channels-topic-read-whole-channel': {
    clause: 'TOPIC-READ-003',
    description: 'Marking a topic read marks every message of its channel read.',
  },
  'channels-archived-listed-by-default': {
    clause: 'CHAN-LIST-002',
    description: 'GET /streams lists archived channels even when exclude_archived is left at its default.',
  },
  'channels-include-public-ignored': {
    clause: 'CHAN-LIST-001',
    description: 'GET /streams lists public channels even with include_public=false.',
  },
  'channels-include-all-for-members': {
    clause: 'CHAN-LIST-003',
    description: 'include_all (and include_all_active) list every channel, private ones included, to any caller.',
  },
  'channels-rendered-description-missing': {
    clause: 'CHAN-OBJ-001',
    description: 'Channel objects carry no rendered_description.',
  },
  'channels-first-message-id-null': {
    clause: 'CHAN-OBJ-002',
    description: 'first_message_id is always null, even for channels with messages.',
  },
  'channels-subs-in-home-view-equals-muted': {
    clause: 'SUBS-001',
    description: 'in_home_view equals is_muted instead of being its inverse.',
  },
  'channels-subs-subscribers-unasked': {
    clause: 'SUBS-002',
    description: 'GET /users/me/subscriptions returns subscribers without include_subscribers.',
  },
  'channels-subs-partial-drops-bots': {
    clause: 'SUBS-003',
    description: 'include_subscribers=partial returns partial_subscribers without the bot subscribers.',
  },
  'channels-subs-partial-small': {
    clause: 'SUBS-005',
    description: 'include_subscribers=partial returns partial_subscribers (everyone) for a channel of any size.',
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
  },
  'channels-topic-delete-display-name-literal': {
    clause: 'TOPIC-DELETE-003',
    description: 'delete_topic takes the empty-topic display name literally instead of as the topic "".',
  },
  'channels-topic-delete-no-first-message-event': {
    clause: 'TOPIC-DELETE-004',
    description: 'Deleting the topic holding the oldest message sends no stream update event with first_message_id.',
  },
  'channels-topic-read-missing-topic-accepted': {
    clause: 'TOPIC-READ-002',
    description: 'POST /mark_topic_as_read without topic_name succeeds.',
  },
  'channels-topic-read-display-name-refused': {
    clause: 'TOPIC-READ-001',
    description: 'POST /mark_topic_as_read takes the empty-topic display name literally, so the topic "" is not found.',
  },
  'channels-can-access-content-ignored': {
    clause: 'CHAN-LIST-001',
    description: 'GET /streams ignores include_can_access_content.',
  },
  'channels-owner-subscribed-ignored': {
    clause: 'CHAN-LIST-001',
    description: "GET /streams ignores include_owner_subscribed: a bot never gets its owner's channels through it.",
  },
  'channels-archived-never-listed': {
    clause: 'CHAN-LIST-001',
    description: 'GET /streams never lists archived channels, even with exclude_archived=false.',
  },
  'channels-creatorless-admin-null': {
    clause: 'CHAN-OBJ-001',
    description:
      "A channel created by no one (the realm's own) has can_administer_channel_group direct_members [null].",
  },
  'channels-archived-flag-false': {
    clause: 'CHAN-OBJ-001',
    description: 'Channel objects report is_archived false for archived channels.',
  },
  'edit-content-not-stored': {
    clause: 'EDIT-CONTENT-001',
    description: 'A content edit succeeds but the stored content stays as it was.',
  },
  'edit-direct-content-refused': {
    clause: 'EDIT-CONTENT-001',
    description:
      'A content edit of a direct message by its sender is refused, as if only channel messages could be edited.',
  },
  'edit-content-propagate-accepted': {
    clause: 'EDIT-CONTENT-002',
    description: 'A content-only edit with propagate_mode change_later or change_all is accepted.',
  },
  'edit-content-with-channel-accepted': {
    clause: 'EDIT-CONTENT-003',
    description: 'An edit with both content and stream_id is accepted (the content is changed and the message moved).',
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
  'edit-content-limit-ignored': {
    clause: 'EDIT-CONTENT-007',
    description: 'Content edits are accepted after message_content_edit_limit_seconds (and its grace) have passed.',
  },
  'edit-realm-event-op-update': {
    clause: 'EDIT-EVENT-001',
    description:
      'A change of allow_message_editing or message_content_edit_limit_seconds is announced as a realm event with op "update" (one per setting, property and value), not "update_dict".',
  },
  'edit-detached-uploads-missing': {
    clause: 'EDIT-UPLOADS-001',
    description: 'A successful edit returns no detached_uploads.',
  },
  'edit-detached-upload-not-listed': {
    clause: 'EDIT-UPLOADS-002',
    description: "An edit that removes the last reference to the caller's file returns an empty detached_uploads.",
  },
  'edit-detached-upload-other-links-ignored': {
    clause: 'EDIT-UPLOADS-002',
    description: "An edit that removes a file's link lists the file as detached though another message still links it.",
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
  },
  'edit-display-name-literal': {
    clause: 'EDIT-TOPIC-003',
    description: "An edit's topic equal to the empty-topic display name is stored literally.",
  },
  'edit-topic-rule-ignored': {
    clause: 'EDIT-TOPIC-004',
    description:
      "An edit's new topic is not checked: over-long topics are stored whole, the empty topic allowed everywhere.",
  },
  'edit-direct-channel-accepted': {
    clause: 'EDIT-CHANNEL-001',
    description: 'An edit of a direct message with stream_id is accepted (and ignored).',
  },
  'edit-channel-move-ignored': {
    clause: 'EDIT-CHANNEL-002',
    description: 'A channel move succeeds but the messages stay in their channel.',
  },
  'edit-resolve-target-only': {
    clause: 'EDIT-RESOLVE-001',
    description: 'Resolving a topic with change_all renames only the target message.',
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
  },
  'edit-moderators-not-exempt': {
    clause: 'EDIT-LIMIT-002',
    description: 'Moderators are held to the move time limits.',
  },
  'send-unknown-channel-id-bad-request': {
    clause: 'MSG-SEND-016',
    description: 'A message to an unknown channel ID is refused with BAD_REQUEST instead of STREAM_DOES_NOT_EXIST.',
  },
  'send-missing-topic-accepted': {
    clause: 'MSG-SEND-017',
    description: 'A channel message without a topic is posted to the empty topic.',
  },
  'move-topic-group-ignored': {
    clause: 'EDIT-TOPIC-005',
    description: 'Users outside can_move_messages_between_topics_group may move topics.',
  },
  'move-channel-group-ignored': {
    clause: 'EDIT-CHANNEL-003',
    description: 'Users outside can_move_messages_between_channels_group may move messages to another channel.',
  },
  'schedule-missing-topic-accepted': {
    clause: 'MSG-SCHEDULE-006',
    description: 'A scheduled channel message without a topic is stored with the empty topic.',
  },
  'send-unknown-type-as-channel': {
    clause: 'MSG-SEND-018',
    description: 'A message of any unknown type is sent as a channel message.',
  },
  'send-topic-at-limit-refused': {
    clause: 'TOPIC-RULE-001',
    description: 'A topic of exactly max_topic_length is refused as too long (the limit counted off by one).',
  },
  'profile-field-pronouns-refused': {
    clause: 'PROFILE-FIELD-008',
    description: 'A Pronouns field (field_type 8) is refused: the upper bound is off by one the other way.',
  },
  'subs-unsubscribed-listed': {
    clause: 'SUBS-004',
    description: 'GET /users/me/subscriptions also lists the public channels the caller is not subscribed to.',
  },
  'move-change-all-across-channels': {
    clause: 'EDIT-TOPIC-006',
    description: 'change_all also moves the messages of same-named topics in other channels.',
  },
} as const satisfies Readonly<Record<string, FaultInfo>>;

export type FaultId = keyof typeof FAULTS;

export const FAULT_IDS: readonly FaultId[] = Object.keys(FAULTS) as FaultId[];

export function isFaultId(name: string): name is FaultId {
  return Object.hasOwn(FAULTS, name);
}

/** The set of faults a server instance runs with. The core asks `faults.has(id)` where a fault applies. */
export class Faults {
  static readonly none: Faults = new Faults([]);
  readonly #active: ReadonlySet<FaultId>;

  /** Throws an Error naming the known faults when a name is unknown. */
  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !isFaultId(n));
    if (unknown.length > 0) {
      throw new Error(`Unknown fault(s): ${unknown.join(', ')}. Known faults: ${FAULT_IDS.join(', ')}`);
    }
    this.#active = new Set(names as FaultId[]);
  }

  has(id: FaultId): boolean {
    return this.#active.has(id);
  }

  get active(): readonly FaultId[] {
    return [...this.#active];
  }
}
