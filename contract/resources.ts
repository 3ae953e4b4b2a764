/**
 * The resources of the contract ("Resources and their fields"), as shapes. Where the contract stops a table with
 * "not shown", the remaining fields are simply not listed: extra fields are always allowed.
 */
import {
  always,
  anyJson,
  bool,
  dict,
  idMap,
  int,
  list,
  notShown,
  nullable,
  obj,
  oneOf,
  onlyWhen,
  optional,
  type Shape,
  str,
} from './shapes.ts';

/** Values a message's `type` takes on input; `private` is the deprecated name of `direct`, `channel` of `stream`. */
export const MESSAGE_TYPES = ['direct', 'channel', 'stream', 'private'] as const;
export const CHANNEL_MESSAGE_TYPES = ['channel', 'stream'] as const;

/** The organization's bounds, named by the register response's settings. */
export const MAX_MESSAGE_LENGTH = 'max_message_length';
export const MAX_TOPIC_LENGTH = 'max_topic_length';

/** Message, as sent or edited (input). The stored record's fields are not shown. */
export const MessageInput: Shape = obj(
  {
    id: onlyWhen('assigned by the server on send', int()),
    type: always(str({ enum: MESSAGE_TYPES })),
    to: always(oneOf(str(), int(), list(str()), list(int())), { note: 'channel name or ID, or user IDs or emails' }),
    topic: onlyWhen('channel messages', str()),
    content: always(str(), { limits: [{ measure: 'length', max: MAX_MESSAGE_LENGTH, beyond: 'truncate' }] }),
  },
  { notShown: "a stored message's fields (sender, timestamps, rendered content, flags)" },
);

/** Scheduled message. */
export const ScheduledMessage: Shape = obj({
  scheduled_message_id: always(int(), { note: 'not the id the message gets once sent' }),
  type: always(str({ enum: MESSAGE_TYPES })),
  to: always(oneOf(int(), list(int())), { note: 'a channel ID, or user IDs' }),
  topic: onlyWhen('channel messages', str()),
  content: always(str()),
  scheduled_delivery_timestamp: always(int(), { note: 'UNIX seconds, UTC' }),
});

/** Draft values of `type`: "" for an unaddressed draft, `stream`, or `private` (one-to-one and group). */
export const DRAFT_TYPES = ['', 'stream', 'private'] as const;
const noNullBytes = [{ measure: 'null-bytes', max: 0, beyond: 'refuse' } as const];

/** Draft as a client sends it (Create drafts): type, to, topic, content required; timestamp optional. */
export const DraftInput: Shape = obj({
  type: always(str({ enum: DRAFT_TYPES })),
  to: always(list(int()), {
    usedWhen: { field: 'type', notIn: [''] },
    note: 'a channel draft names exactly one channel; a direct draft, user IDs; an unaddressed one, an ignored empty list',
    limits: [
      {
        measure: 'count',
        min: 1,
        max: 1,
        when: { field: 'type', in: ['stream'] },
        beyond: 'refuse',
        code: 'BAD_REQUEST',
      },
    ],
  }),
  topic: always(str(), { usedWhen: { field: 'type', in: ['stream'] }, limits: noNullBytes }),
  content: always(str(), { limits: noNullBytes }),
  timestamp: optional(int(), { note: 'UNIX seconds of the last edit; filled in by the server when absent' }),
});

/** Draft as the server returns it (Get drafts): every field, the id included. */
export const Draft: Shape = obj({
  id: always(int()),
  type: always(str({ enum: DRAFT_TYPES })),
  to: always(list(int())),
  topic: always(str()),
  content: always(str()),
  timestamp: always(int()),
});

/** Group-setting value: a user group's ID, or the direct members and subgroups. */
export const GroupSettingValue: Shape = oneOf(
  int(),
  obj({ direct_members: always(list(int())), direct_subgroups: always(list(int())) }),
);

export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;

/**
 * The newer fields of the channel object, all there by Zulip's feature level 407 (the level the suite's own
 * channel-object checks start at); below it their absence is not judged. The contract does not date them.
 */
const by407 = { since: 407, sinceFrom: 'zulip' } as const;
const group = always(GroupSettingValue, by407);

/** Fields the channel and subscription objects share ("as in the channel object"). */
const channelCommon = {
  stream_id: always(int()),
  name: always(str()),
  description: always(str(), { note: 'Markdown source' }),
  rendered_description: always(str(), { note: 'HTML' }),
  date_created: always(int(), { note: 'UNIX seconds' }),
  creator_id: always(nullable(int()), { since: 254, sinceFrom: 'zulip', note: 'null: no creator recorded' }),
  invite_only: always(bool(), { note: 'true: a private channel' }),
  is_web_public: always(bool()),
  stream_post_policy: always(int({ enum: [1, 2, 3, 4] }), { deprecated: true, note: 'may be inaccurate' }),
  is_announcement_only: always(bool(), { deprecated: true }),
  // "integer or null": the contract bounds no other value (0 or below -1 included), so any integer is accepted.
  message_retention_days: always(nullable(int()), { note: 'null: the organization setting; -1: forever' }),
  history_public_to_subscribers: always(bool()),
  topics_policy: always(str({ enum: TOPICS_POLICIES }), by407),
  first_message_id: always(nullable(int()), { note: 'null: no history' }),
  folder_id: always(nullable(int()), { ...by407, note: 'null: in no folder' }),
  is_recently_active: always(bool(), by407),
  can_add_subscribers_group: group,
  can_remove_subscribers_group: group,
  can_administer_channel_group: group,
  can_delete_any_message_group: group,
  can_delete_own_message_group: group,
};

/** Channel object (Get all channels). Fields after can_move_messages_within_channel_group: not shown. */
export const Channel: Shape = obj(
  {
    ...channelCommon,
    is_archived: always(bool(), by407),
    can_move_messages_out_of_channel_group: group,
    can_move_messages_within_channel_group: group,
  },
  { notShown: 'fields after can_move_messages_within_channel_group' },
);

/**
 * Subscription object (Get subscribed channels). Fields after can_delete_own_message_group: not shown;
 * `email_address` and `role` are gone (since Zulip's feature levels 226 and 133: an older server still sends them).
 */
export const Subscription: Shape = obj(
  {
    ...channelCommon,
    subscribers: onlyWhen('include_subscribers is true (or partial, for small channels)', list(int())),
    partial_subscribers: onlyWhen('include_subscribers is partial, in place of subscribers', list(int()), {
      since: 412,
      sinceFrom: 'contract',
    }),
    desktop_notifications: always(nullable(bool()), { note: 'null: the user default' }),
    email_notifications: always(nullable(bool()), { note: 'null: the user default' }),
    wildcard_mentions_notify: always(nullable(bool()), { note: 'null: the user default' }),
    push_notifications: always(nullable(bool()), { note: 'null: the user default' }),
    audible_notifications: always(nullable(bool()), { note: 'null: the user default' }),
    pin_to_top: always(bool()),
    is_muted: always(bool()),
    in_home_view: always(bool(), { deprecated: true, note: 'the inverse of is_muted' }),
    color: always(str()),
    stream_weekly_traffic: always(nullable(int()), { note: 'null: too new to estimate' }),
  },
  {
    gone: { email_address: { since: 226, sinceFrom: 'zulip' }, role: { since: 133, sinceFrom: 'zulip' } },
    notShown: 'fields after can_delete_own_message_group',
  },
);

export const ROLES = [100, 200, 300, 400, 600] as const;
export const BOT_TYPES = [1, 2, 3, 4] as const;

/** User object (Get a user). */
export const User: Shape = obj({
  user_id: always(int()),
  // Before Zulip's level 163 it was left out, rather than null, for a caller who may not see the real address.
  delivery_email: always(nullable(str()), {
    since: 163,
    sinceFrom: 'zulip',
    note: 'null when the caller may not see the real address',
  }),
  email: always(str(), { note: 'the API address, possibly a fake one' }),
  full_name: always(str()),
  date_joined: always(str({ format: 'iso-8601' })),
  is_active: always(bool()),
  is_owner: always(bool()),
  is_admin: always(bool()),
  is_guest: always(bool()),
  is_bot: always(bool()),
  bot_type: always(nullable(int({ enum: BOT_TYPES })), { note: 'null: not a bot' }),
  bot_owner_id: onlyWhen('the user is a bot', nullable(int()), { note: 'null for a legacy bot without owner' }),
  role: always(int({ enum: ROLES })),
  timezone: always(str(), { note: 'an IANA name' }),
  avatar_url: onlyWhen('left out for clients declaring user_avatar_url_field_optional', nullable(str()), {
    note: 'null for gravatar users when client_gravatar is true and the caller sees the real email',
  }),
  avatar_version: always(int()),
  is_imported_stub: always(bool(), { since: 433, sinceFrom: 'zulip' }),
  is_deleted: onlyWhen('the user was deleted for good (only ever true)', bool({ enum: [true] }), {
    since: 490,
    sinceFrom: 'zulip',
  }),
  profile_data: onlyWhen(
    'the user is not a bot and custom profile fields were asked for',
    idMap(obj({ value: always(str()), rendered_value: onlyWhen('the field supports Markdown', str()) })),
  ),
});

/** Custom profile field types: Short text, Paragraph, Dropdown, Date, Link, Users, External account, Pronouns. */
export const PROFILE_FIELD_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const DROPDOWN = 3;
export const USERS_FIELD = 6;
export const EXTERNAL_ACCOUNT = 7;
export const SHORT_TEXT = 1;

/** field_data of a Dropdown: choice key → {text, order}; of an External account: not shown. */
export const ProfileFieldData: Shape = oneOf(
  dict(obj({ text: always(str()), order: always(str()) })),
  notShown('field_data of an External account field'),
);

/** Custom profile field (creation input). */
export const CustomProfileField: Shape = obj({
  name: optional(str()),
  hint: optional(str()),
  field_type: always(int({ enum: PROFILE_FIELD_TYPES })),
  field_data: optional(ProfileFieldData, { note: 'for Dropdown and External account fields' }),
  display_in_profile_summary: optional(bool(), {
    since: 146,
    sinceFrom: 'zulip',
    limits: [{ measure: 'count', max: 2, beyond: 'unspecified', scope: 'organization', note: 'fields set true' }],
  }),
  required: optional(bool(), { since: 244, sinceFrom: 'zulip' }),
  editable_by_user: optional(bool(), { since: 296, sinceFrom: 'zulip' }),
  use_for_user_matching: optional(bool(), {
    since: 455,
    sinceFrom: 'zulip',
    note: 'Short text and External account only; returned only when true',
  }),
});

/** Attachment (an entry of detached_uploads). */
export const Attachment: Shape = obj({
  id: always(int()),
  name: always(str()),
  path_id: always(str(), { note: 'the file is at {server_url}/user_uploads/<path_id>' }),
  size: always(int(), { note: 'bytes' }),
  create_time: always(int(), { note: 'UNIX seconds from feature level 443, milliseconds before' }),
  message_ids: always(list(int()), { since: 472, sinceFrom: 'contract', note: 'replaced an older `messages` field' }),
});

/** Narrow: a list of {operator, operand}; operators and operand formats are not shown. */
export const NarrowElement: Shape = obj(
  { operator: always(str()), operand: always(anyJson()) },
  { notShown: 'operators and operand formats' },
);
export const Narrow: Shape = list(NarrowElement);

/** Every resource shape, by the contract's name for it. */
export const RESOURCES = {
  Message: MessageInput,
  'Scheduled message': ScheduledMessage,
  Draft,
  'Draft (input)': DraftInput,
  'Channel object': Channel,
  'Subscription object': Subscription,
  'Group-setting value': GroupSettingValue,
  'User object': User,
  'Custom profile field': CustomProfileField,
  Attachment,
  Narrow,
} as const satisfies Record<string, Shape>;
