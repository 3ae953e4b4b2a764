/** Realm-wide settings and Zulip's role-based system groups, with Zulip's defaults. */
import { type GroupSetting, ROLE, type User } from './model.ts';

export const REALM_NAME = 'Zulip Dev';
export const FEATURE_LEVEL = 472;
export const ZULIP_VERSION = '11.0-reference';

export const LIMITS = {
  maxMessageLength: 10000,
  maxTopicLength: 60,
  maxChannelNameLength: 60,
  maxChannelDescriptionLength: 1024,
  typingStartedExpiryMs: 45000,
  typingStoppedWaitMs: 12000,
  typingStartedWaitMs: 30000,
} as const;

export type Limits = { readonly [K in keyof typeof LIMITS]: number };

/** Variant `limits-other-values`: other numbers, as another server's configuration may give. */
export const OTHER_LIMITS: Limits = {
  ...LIMITS,
  maxMessageLength: 7000,
  maxTopicLength: 50,
  typingStartedExpiryMs: 20000,
  typingStoppedWaitMs: 5000,
  typingStartedWaitMs: 10000,
};

/** System groups (Zulip's `role:*` groups) and the largest role value each contains. */
export const SYSTEM_GROUPS = {
  'role:internet': { id: 1, maxRole: ROLE.guest },
  'role:everyone': { id: 2, maxRole: ROLE.guest },
  'role:members': { id: 3, maxRole: ROLE.member },
  'role:fullmembers': { id: 4, maxRole: ROLE.member },
  'role:moderators': { id: 5, maxRole: ROLE.moderator },
  'role:administrators': { id: 6, maxRole: ROLE.admin },
  'role:owners': { id: 7, maxRole: ROLE.owner },
  'role:nobody': { id: 8, maxRole: 0 },
} as const;

export type SystemGroupName = keyof typeof SYSTEM_GROUPS;

export const groupId = (name: SystemGroupName): number => SYSTEM_GROUPS[name].id;

/** Whether `user` belongs to the group(s) a group-setting value names (system groups only, for now). */
export function inGroupSetting(user: User, setting: GroupSetting): boolean {
  if (typeof setting === 'number') {
    const group = Object.values(SYSTEM_GROUPS).find((g) => g.id === setting);
    return group !== undefined && user.role <= group.maxRole;
  }
  return setting.direct_members.includes(user.id) || setting.direct_subgroups.some((g) => inGroupSetting(user, g));
}

export interface RealmSettings {
  name: string;
  emptyTopicDisplayName: string;
  allowMessageEditing: boolean;
  /** null: unlimited. */
  messageContentEditLimitSeconds: number | null;
  moveMessagesWithinStreamLimitSeconds: number | null;
  moveMessagesBetweenStreamsLimitSeconds: number | null;
  topicsPolicy: 'allow_empty_topic' | 'disable_empty_topic';
  /** Realm group settings keyed by their API name without the `realm_` prefix. */
  groups: Record<string, GroupSetting>;
}

const REALM_GROUP_DEFAULTS: Record<string, SystemGroupName> = {
  can_access_all_users_group: 'role:everyone',
  can_add_custom_emoji_group: 'role:members',
  can_add_subscribers_group: 'role:members',
  can_create_bots_group: 'role:members',
  can_create_groups: 'role:members',
  can_create_private_channel_group: 'role:members',
  can_create_public_channel_group: 'role:members',
  can_create_web_public_channel_group: 'role:owners',
  can_create_write_only_bots_group: 'role:members',
  can_delete_any_message_group: 'role:administrators',
  can_delete_own_message_group: 'role:everyone',
  can_invite_users_group: 'role:members',
  can_manage_all_groups: 'role:owners',
  can_manage_billing_group: 'role:administrators',
  can_mention_many_users_group: 'role:administrators',
  can_move_messages_between_channels_group: 'role:members',
  can_move_messages_between_topics_group: 'role:everyone',
  can_resolve_topics_group: 'role:everyone',
  can_set_delete_message_policy_group: 'role:moderators',
  can_set_topics_policy_group: 'role:members',
  can_summarize_topics_group: 'role:everyone',
  create_multiuse_invite_group: 'role:administrators',
  direct_message_initiator_group: 'role:everyone',
  direct_message_permission_group: 'role:everyone',
};

/**
 * Variant `realm-older-defaults`: a realm made before Zulip 9.0 keeps that release's defaults after upgrades —
 * administrators alone move messages between channels and delete their own messages, moderators alone move topics
 * within a channel and resolve them, and the realm's topic policy disables the empty topic.
 */
const OLDER_REALM_GROUPS: Record<string, SystemGroupName> = {
  can_move_messages_between_channels_group: 'role:administrators',
  can_move_messages_between_topics_group: 'role:moderators',
  can_delete_own_message_group: 'role:administrators',
  can_resolve_topics_group: 'role:moderators',
};

/** Variant `realm-movers-administrators`: moving and resolving left to administrators, moderators included out. */
const ADMINISTRATORS_MOVE: Record<string, SystemGroupName> = {
  can_move_messages_between_channels_group: 'role:administrators',
  can_move_messages_between_topics_group: 'role:administrators',
  can_resolve_topics_group: 'role:administrators',
};

export function defaultRealmSettings({
  older = false,
  adminsMove = false,
}: {
  older?: boolean;
  adminsMove?: boolean;
} = {}): RealmSettings {
  const groups = {
    ...REALM_GROUP_DEFAULTS,
    ...(older ? OLDER_REALM_GROUPS : {}),
    ...(adminsMove ? ADMINISTRATORS_MOVE : {}),
  };
  return {
    name: REALM_NAME,
    emptyTopicDisplayName: 'general chat',
    allowMessageEditing: true,
    messageContentEditLimitSeconds: 600,
    moveMessagesWithinStreamLimitSeconds: 604800,
    moveMessagesBetweenStreamsLimitSeconds: 604800,
    topicsPolicy: older ? 'disable_empty_topic' : 'allow_empty_topic',
    groups: Object.fromEntries(Object.entries(groups).map(([key, name]) => [key, groupId(name)])),
  };
}

const CHANNEL_GROUP_DEFAULTS: Record<string, SystemGroupName> = {
  can_add_subscribers_group: 'role:nobody',
  can_remove_subscribers_group: 'role:administrators',
  can_administer_channel_group: 'role:nobody',
  can_delete_any_message_group: 'role:nobody',
  can_delete_own_message_group: 'role:nobody',
  can_move_messages_out_of_channel_group: 'role:nobody',
  can_move_messages_within_channel_group: 'role:nobody',
  can_send_message_group: 'role:everyone',
  can_subscribe_group: 'role:nobody',
  can_resolve_topics_group: 'role:nobody',
};

/** A new channel's group settings; its creator (if any) administers it, as in Zulip. */
export function defaultChannelGroups(creatorId: number | null): Record<string, GroupSetting> {
  const groups: Record<string, GroupSetting> = Object.fromEntries(
    Object.entries(CHANNEL_GROUP_DEFAULTS).map(([key, name]) => [key, groupId(name)]),
  );
  if (creatorId !== null) groups.can_administer_channel_group = { direct_members: [creatorId], direct_subgroups: [] };
  return groups;
}
