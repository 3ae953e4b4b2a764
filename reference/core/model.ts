/** The records the reference server keeps in memory. */
import type { RoleValue } from '../../fixtures/realm.ts';

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

export interface User {
  readonly id: number;
  readonly email: string;
  fullName: string;
  role: RoleValue;
  /** Empty: no password login (bots). */
  password: string;
  apiKey: string;
  timezone: string;
  readonly bot: { readonly type: 1 | 2 | 3 | 4; readonly ownerId: number | null } | null;
  /** Milliseconds since the epoch. */
  readonly dateJoined: number;
  isActive: boolean;
  avatarVersion: number;
  /** Who may see the real email: one of EMAIL_VISIBILITY's values (Zulip's `email_address_visibility`). */
  emailAddressVisibility: EmailVisibility;
}

/** Zulip's `email_address_visibility` values. Bots' emails are always visible. */
export const EMAIL_VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;
export type EmailVisibility = (typeof EMAIL_VISIBILITY)[keyof typeof EMAIL_VISIBILITY];

export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;
export type TopicsPolicy = (typeof TOPICS_POLICIES)[number];

/** An integer (a user group ID) or an anonymous group. */
export type GroupSetting = number | { direct_members: number[]; direct_subgroups: number[] };

export interface Channel {
  readonly id: number;
  name: string;
  description: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  isDefault: boolean;
  topicsPolicy: TopicsPolicy;
  isArchived: boolean;
  /** Seconds since the epoch. */
  readonly dateCreated: number;
  readonly creatorId: number | null;
  messageRetentionDays: number | null;
  /** Channel-level group settings, keyed by their API name (e.g. `can_add_subscribers_group`). */
  readonly groups: Record<string, GroupSetting>;
}

export interface Draft {
  readonly id: number;
  readonly userId: number;
  type: string;
  to: number[];
  topic: string;
  content: string;
  /** Seconds since the epoch (integer). */
  timestamp: number;
}

export interface MutedUser {
  readonly id: number;
  readonly timestamp: number;
}

export const isAdmin = (user: User): boolean => user.role <= ROLE.admin;
export const isGuest = (user: User): boolean => user.role === ROLE.guest;

/** A custom profile field of the realm (resource "Custom profile field"). */
export interface ProfileField {
  readonly id: number;
  name: string;
  hint: string;
  readonly fieldType: number;
  /** Dropdown choices or external-account data, as given. */
  fieldData: Record<string, unknown>;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
  useForUserMatching: boolean;
  order: number;
}

/** A named user group (system groups live in `realm.ts`). */
export interface UserGroup {
  readonly id: number;
  name: string;
  description: string;
  members: number[];
  /** Direct subgroups (group ids). */
  subgroups: number[];
  /** The group's own group settings, keyed by API name (e.g. `can_mention_group`). */
  readonly settings: Record<string, GroupSetting>;
  deactivated: boolean;
  readonly creatorId: number;
  /** Seconds since the epoch. */
  readonly dateCreated: number;
}

/** A registered (legacy, unencrypted) APNs device token. */
export interface PushToken {
  readonly token: string;
  readonly appid: string;
}

/** A sent message. `recipients` holds the user ids of a direct message (sender included); channel messages: []. */
export interface Message {
  readonly id: number;
  /**
   * Its place in the server's order of messages, the order they were sent in: "following", "oldest" and "newest" go
   * by it, never by the id (variant `ids-not-increasing` gives messages ids in another order).
   */
  readonly seq: number;
  readonly senderId: number;
  readonly type: 'stream' | 'private';
  /** Changes when the message is moved to another channel. */
  channelId: number | null;
  topic: string;
  /** The topic it was sent to (kept through moves): only the sequence faults read it, as a server that indexes by it. */
  readonly firstTopic?: string;
  /** The channel it was sent to (kept through moves): only a sequence fault reads it. */
  readonly firstChannelId?: number | null;
  /** How a message sent to the empty topic spelled it ("", the display name, "(no topic)"): only a sequence fault reads it. */
  readonly emptySpelling?: string;
  readonly recipients: readonly number[];
  /** The Markdown source, after normalization (and truncation, see reference/README.md). */
  content: string;
  /** Seconds since the epoch. */
  readonly timestamp: number;
  /** Milliseconds since the epoch, for the edit and move time limits (absent: `timestamp` is used). */
  readonly sentAtMs?: number;
  /** The users for whom the message is read (its "read" flag): the sender when read_by_sender, muters, readers. */
  readonly readBy: Set<number>;
}

export interface ScheduledMessage {
  readonly id: number;
  readonly userId: number;
  readonly type: 'stream' | 'private';
  /** A channel id, or the user ids of a direct message as given (sender left out unless alone). */
  readonly to: number | readonly number[];
  readonly topic: string;
  readonly content: string;
  readonly deliveryTimestamp: number;
  readonly readBySender: boolean | null;
}

/** An uploaded file (resource "Attachment"); the messages referencing it are found from their content. */
export interface Attachment {
  readonly id: number;
  readonly ownerId: number;
  readonly name: string;
  /** Its place in the upload store: the file URL is `/user_uploads/<pathId>`. */
  readonly pathId: string;
  readonly size: number;
  /** Seconds since the epoch. */
  readonly createTime: number;
}
