/**
 * The in-memory realm: users, channels, subscriptions, drafts, muted users, realm settings and event queues,
 * seeded from `fixtures/realm.ts`. IDs deliberately do not start at 1.
 */
import { randomBytes } from 'node:crypto';
import { SEED_CHANNELS, SEED_USERS } from '../../fixtures/realm.ts';
import { Faults } from '../faults.ts';
import { Variants } from '../variants.ts';
import { EventQueues } from './events.ts';
import {
  type Attachment,
  type Channel,
  type Draft,
  EMAIL_VISIBILITY,
  type Message,
  type MutedUser,
  type ProfileField,
  type PushToken,
  ROLE,
  type ScheduledMessage,
  type User,
  type UserGroup,
} from './model.ts';
import { prefillRealm } from './prefill.ts';
import {
  defaultChannelGroups,
  defaultRealmSettings,
  LIMITS,
  type Limits,
  OTHER_LIMITS,
  type RealmSettings,
} from './realm.ts';
import { apiEmail } from './users.ts';

export interface StoreOptions {
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  readonly clock?: () => number;
  readonly faults?: Faults;
  /** How many messages one POST /streams/{id}/delete_topic deletes before answering `complete: false`. */
  readonly deleteTopicBatchSize?: number;
  /** Seconds added to every edit and move time limit (real Zulip adds 20); default 0. */
  readonly editGraceSeconds?: number;
  /** The conforming variants the server runs with (reference/variants.ts). */
  readonly variants?: Variants;
}

/** What creating a channel takes: the channel's own settings; the store assigns the rest. */
export type NewChannel = Pick<
  Channel,
  | 'name'
  | 'description'
  | 'inviteOnly'
  | 'isWebPublic'
  | 'historyPublicToSubscribers'
  | 'isDefault'
  | 'topicsPolicy'
  | 'creatorId'
>;

// Messages and scheduled messages count in ranges far apart, so that one is never mistaken for the other.
const FIRST_ID = {
  user: 8,
  channel: 3,
  draft: 1,
  profileField: 5,
  userGroup: 30,
  message: 1001,
  scheduled: 900_001,
  attachment: 71,
} as const;

/** Small, so that a topic of a few messages already takes more than one request (as a timeout would on Zulip). */
const DEFAULT_DELETE_TOPIC_BATCH = 3;

export class Store {
  readonly clock: () => number;
  /** Seconds added to every edit and move time limit, as Zulip's grace period. */
  readonly editGraceSeconds: number;
  /** Choices the contract leaves open, made otherwise than by default (reference/variants.ts). */
  readonly variants: Variants;
  /** max_message_length, max_topic_length and the typing periods the server announces and keeps to. */
  readonly limits: Limits;
  readonly users = new Map<number, User>();
  readonly channels = new Map<number, Channel>();
  /** Channel id → subscribed user ids. */
  readonly subscriptions = new Map<number, Set<number>>();
  readonly drafts = new Map<number, Draft>();
  readonly messages = new Map<number, Message>();
  readonly scheduledMessages = new Map<number, ScheduledMessage>();
  /** User id → the users they muted. */
  readonly mutedUsers = new Map<number, MutedUser[]>();
  /** User id → the users they unmuted at least once (only the fault `mute-after-unmute-refused` reads it). */
  readonly unmutedOnce = new Map<number, Set<number>>();
  readonly profileFields = new Map<number, ProfileField>();
  /** User id → custom profile field id → value. */
  readonly profileValues = new Map<number, Map<number, string>>();
  /** Named user groups; the role-based system groups are in `realm.ts`. */
  readonly userGroups = new Map<number, UserGroup>();
  /** User id → the APNs device tokens they registered. */
  readonly pushTokens = new Map<number, PushToken[]>();
  /** Uploaded files by id. */
  readonly attachments = new Map<number, Attachment>();
  readonly realm: RealmSettings;
  readonly events: EventQueues;
  readonly deleteTopicBatchSize: number;
  /** Zulip's system bot that posts the notice in every new channel; its key is random, so no one acts as it. */
  readonly notificationBot: User;
  readonly #nextId: Record<keyof typeof FIRST_ID, number> = { ...FIRST_ID };
  #messageSeq = 0;

  constructor(options: StoreOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.variants = options.variants ?? Variants.none;
    // Variant `limits-other-values`.
    this.limits = this.variants.has('limits-other-values') ? OTHER_LIMITS : LIMITS;
    // Variants `delete-topic-one-per-request` and `delete-topic-all-at-once`.
    this.deleteTopicBatchSize =
      options.deleteTopicBatchSize ??
      (this.variants.has('delete-topic-one-per-request')
        ? 1
        : this.variants.has('delete-topic-all-at-once')
          ? Number.POSITIVE_INFINITY
          : DEFAULT_DELETE_TOPIC_BATCH);
    // Variant `edit-grace`: Zulip's 20 s, unless a number of seconds is given.
    this.editGraceSeconds = options.editGraceSeconds ?? (this.variants.has('edit-grace') ? 20 : 0);
    this.events = new EventQueues(this.clock, options.faults ?? Faults.none, this.variants);
    // Variants `realm-older-defaults`, `realm-movers-administrators`.
    this.realm = defaultRealmSettings({
      older: this.variants.has('realm-older-defaults'),
      adminsMove: this.variants.has('realm-movers-administrators'),
    });
    // Variant `empty-topic-name-other`.
    if (this.variants.has('empty-topic-name-other')) this.realm.emptyTopicDisplayName = 'sans sujet';
    this.#seed();
    this.notificationBot = this.#systemBot('notification-bot@zulip.com', 'Notification Bot');
    // Variant `realm-prefilled`.
    if (this.variants.has('realm-prefilled')) prefillRealm(this);
  }

  /** Now, in whole seconds since the epoch. */
  nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  /** The next message's place in the order of messages (Message.seq). */
  nextMessageSeq(): number {
    return this.#messageSeq++;
  }

  nextId(kind: keyof typeof FIRST_ID): number {
    const n = this.#nextId[kind]++;
    // Variant `ids-large`: every counter starts beyond 2^32.
    const base = this.variants.has('ids-large') ? 2 ** 32 + FIRST_ID[kind] * 1000 : FIRST_ID[kind];
    const step = n - FIRST_ID[kind];
    // Variant `ids-not-increasing`: a permutation (multiplying by a unit modulo a prime is one-to-one below it), for
    // messages too (their order is Message.seq); users keep theirs (the accounts are configured by address, never by id).
    if (this.variants.has('ids-not-increasing') && kind !== 'user') return base + (((step + 1) * 500_009) % 1_000_003);
    return base + step;
  }

  userById(id: number): User | undefined {
    return this.users.get(id);
  }

  /** By the login (real) address, case-insensitive: Basic authentication and fetching an API key. */
  userByEmail(email: string): User | undefined {
    const wanted = email.toLowerCase();
    for (const user of this.users.values()) if (user.email.toLowerCase() === wanted) return user;
    return undefined;
  }

  /**
   * By the name a user signs in with (Basic authentication, fetching an API key): the login address, and, under
   * variant `login-by-api-email`, the API email too.
   */
  userByLogin(name: string): User | undefined {
    return this.userByEmail(name) ?? (this.variants.has('login-by-api-email') ? this.userByApiEmail(name) : undefined);
  }

  /**
   * By the API email, case-insensitive: how recipients, principals and narrow operands name users. A real address
   * the user's email visibility hides is no API email, and finds no one (Zulip answers "Invalid email").
   */
  userByApiEmail(email: string): User | undefined {
    const wanted = email.toLowerCase();
    for (const user of this.users.values()) if (apiEmail(user).toLowerCase() === wanted) return user;
    return undefined;
  }

  /** The first seeded account that is not a bot. */
  firstHuman(): User {
    for (const user of this.users.values()) if (!user.bot) return user;
    throw new Error('the seed realm has no human user');
  }

  channelById(id: number): Channel | undefined {
    return this.channels.get(id);
  }

  /** Case-insensitive, like Zulip. */
  channelByName(name: string): Channel | undefined {
    const wanted = name.toLowerCase();
    for (const channel of this.channels.values()) if (channel.name.toLowerCase() === wanted) return channel;
    return undefined;
  }

  isSubscribed(channelId: number, userId: number): boolean {
    return this.subscriptions.get(channelId)?.has(userId) ?? false;
  }

  subscribersOf(channelId: number): number[] {
    return [...(this.subscriptions.get(channelId) ?? [])];
  }

  /** Returns false when already subscribed. */
  subscribe(channelId: number, userId: number): boolean {
    const subscribers = this.subscriptions.get(channelId) ?? new Set<number>();
    this.subscriptions.set(channelId, subscribers);
    if (subscribers.has(userId)) return false;
    subscribers.add(userId);
    return true;
  }

  /** Returns false when not subscribed. */
  unsubscribe(channelId: number, userId: number): boolean {
    return this.subscriptions.get(channelId)?.delete(userId) ?? false;
  }

  createChannel(spec: NewChannel): Channel {
    const { creatorId, ...rest } = spec;
    const channel: Channel = {
      ...rest,
      id: this.nextId('channel'),
      isArchived: false,
      dateCreated: this.nowSeconds(),
      creatorId,
      messageRetentionDays: null,
      groups: defaultChannelGroups(creatorId),
    };
    this.channels.set(channel.id, channel);
    this.subscriptions.set(channel.id, new Set());
    return channel;
  }

  #systemBot(email: string, fullName: string): User {
    const id = this.nextId('user');
    const bot: User = {
      id,
      email,
      fullName,
      role: ROLE.member,
      password: '',
      apiKey: randomBytes(24).toString('base64url'),
      timezone: '',
      bot: { type: 1, ownerId: null },
      dateJoined: this.clock(),
      isActive: true,
      avatarVersion: 1,
      emailAddressVisibility: EMAIL_VISIBILITY.everyone,
    };
    this.users.set(id, bot);
    return bot;
  }

  #seed(): void {
    const joined = this.clock();
    for (const seed of SEED_USERS) {
      const id = this.nextId('user');
      this.users.set(id, {
        id,
        email: seed.email,
        fullName: seed.fullName,
        role: seed.role,
        password: seed.password,
        apiKey: seed.apiKey,
        timezone: seed.timezone,
        bot: null,
        dateJoined: joined,
        isActive: true,
        avatarVersion: 1,
        // Zulip's default for most organization types: real addresses for administrators only. Variant
        // `email-visibility-everyone`: real addresses for everyone.
        emailAddressVisibility: this.variants.has('email-visibility-everyone')
          ? EMAIL_VISIBILITY.everyone
          : EMAIL_VISIBILITY.admins,
      });
    }
    for (const seed of SEED_USERS) {
      if (!seed.bot) continue;
      const user = this.userByEmail(seed.email)!;
      // Variant `bot-owned-by-administrator`.
      const owner = this.variants.has('bot-owned-by-administrator')
        ? [...this.users.values()].find((u) => u.role === ROLE.admin)
        : this.userByEmail(seed.bot.ownerEmail);
      const ownerId = owner?.id ?? null;
      this.users.set(user.id, { ...user, bot: { type: seed.bot.type, ownerId } });
    }
    for (const seed of SEED_CHANNELS) {
      const channel = this.createChannel({
        name: seed.name,
        description: seed.description,
        inviteOnly: seed.inviteOnly,
        isWebPublic: seed.isWebPublic,
        historyPublicToSubscribers: !seed.inviteOnly,
        isDefault: seed.isDefault,
        topicsPolicy: 'inherit',
        creatorId: null,
      });
      for (const email of seed.subscribers) {
        const user = this.userByEmail(email);
        if (!user) throw new Error(`fixtures/realm.ts: channel ${seed.name} names unknown subscriber ${email}`);
        this.subscribe(channel.id, user.id);
      }
    }
  }
}
