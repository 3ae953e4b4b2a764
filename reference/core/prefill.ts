/**
 * Variant `realm-prefilled`: a realm in use before the suite arrives. Other people (humans of every role, a
 * deactivated one, bots with and without an owner, and a crowd large enough to make a channel "large" for partial
 * subscriber lists), channels of every kind, conversations, and state of the configured accounts the suite did not
 * create: drafts, a scheduled message, mutes, a push token, a profile field shown in the summary, a user group. A
 * run must work around all of it and touch none of it.
 */
import { EMAIL_VISIBILITY, type Message, ROLE, type User } from './model.ts';
import type { Store } from './store.ts';

/** More than the 250 subscribers under which the contract promises full `subscribers`. */
const CROWD = 260;

export function prefillRealm(store: Store): void {
  const joined = store.clock() - 400 * 86_400_000;
  const person = (local: string, fullName: string, role: User['role'], extra: Partial<User> = {}): User => {
    const id = store.nextId('user');
    const user: User = {
      id,
      email: `${local}@prefilled.invalid`,
      fullName,
      role,
      password: '',
      apiKey: `prefilled-${id}-key-not-for-use-0000000`,
      timezone: 'Europe/Paris',
      bot: null,
      dateJoined: joined,
      isActive: true,
      avatarVersion: 3,
      emailAddressVisibility: EMAIL_VISIBILITY.members,
      ...extra,
    };
    store.users.set(id, user);
    return user;
  };
  const ada = person('ada', 'Ada Prefilled', ROLE.member);
  const bea = person('bea', 'Bea Prefilled', ROLE.moderator, { emailAddressVisibility: EMAIL_VISIBILITY.everyone });
  person('cyd', 'Cyd Prefilled', ROLE.guest);
  person('old', 'Old Prefilled', ROLE.member, { isActive: false });
  person('hook-bot', 'Hook Bot', ROLE.member, { bot: { type: 2, ownerId: ada.id } });
  person('legacy-bot', 'Legacy Bot', ROLE.member, { bot: { type: 1, ownerId: null } });
  const crowd = Array.from({ length: CROWD }, (_, i) => person(`crowd${i}`, `Crowd Member ${i}`, ROLE.member));

  const accounts = [...store.users.values()].filter((u) => u.email.endsWith('@zulip.com'));
  const member = accounts.find((u) => u.role === ROLE.member && u.bot === null)!;
  const guest = accounts.find((u) => u.role === ROLE.guest);
  const channel = (name: string, kind: { inviteOnly?: boolean; isWebPublic?: boolean; isDefault?: boolean } = {}) =>
    store.createChannel({
      name,
      description: `The **${name}** channel, from before`,
      inviteOnly: kind.inviteOnly ?? false,
      isWebPublic: kind.isWebPublic ?? false,
      historyPublicToSubscribers: !kind.inviteOnly,
      isDefault: kind.isDefault ?? false,
      topicsPolicy: 'inherit',
      creatorId: ada.id,
    });
  const lobby = channel('lobby', { isDefault: true });
  const council = channel('council', { inviteOnly: true });
  const square = channel('town square', { isWebPublic: true });
  const attic = channel('attic');
  const crowded = channel('crowded room');
  attic.isArchived = true;
  for (const user of [ada, bea, member, ...(guest ? [guest] : [])]) store.subscribe(lobby.id, user.id);
  for (const user of [ada, bea]) store.subscribe(council.id, user.id);
  for (const user of [bea, member]) store.subscribe(square.id, user.id);
  store.subscribe(attic.id, ada.id);
  for (const user of [member, ada, ...crowd]) store.subscribe(crowded.id, user.id);

  const post = (sender: User, to: { channelId: number; topic: string } | { recipients: number[] }, content: string) => {
    const message: Message = {
      id: store.nextId('message'),
      seq: store.nextMessageSeq(),
      senderId: sender.id,
      type: 'channelId' in to ? 'stream' : 'private',
      channelId: 'channelId' in to ? to.channelId : null,
      topic: 'channelId' in to ? to.topic : '',
      recipients: 'recipients' in to ? to.recipients : [],
      content,
      timestamp: store.nowSeconds() - 86_400,
      sentAtMs: store.clock() - 86_400_000,
      readBy: new Set([sender.id]),
    };
    store.messages.set(message.id, message);
  };
  post(ada, { channelId: lobby.id, topic: 'hello' }, 'Hello, everyone.');
  post(bea, { channelId: lobby.id, topic: 'hello' }, 'Welcome!');
  post(bea, { channelId: lobby.id, topic: '' }, 'A word in the general topic.');
  post(ada, { channelId: council.id, topic: 'plans' }, 'Not for everyone.');
  post(ada, { channelId: crowded.id, topic: 'noise' }, 'So many people here.');
  post(ada, { recipients: [ada.id, member.id] }, 'A direct word for the member.');

  const now = store.nowSeconds();
  for (const user of [member, ada]) {
    const id = store.nextId('draft');
    store.drafts.set(id, {
      id,
      userId: user.id,
      type: 'stream',
      to: [lobby.id],
      topic: 'hello',
      content: 'A reply I never sent',
      timestamp: now - 3600,
    });
  }
  const scheduled = store.nextId('scheduled');
  store.scheduledMessages.set(scheduled, {
    id: scheduled,
    userId: member.id,
    type: 'stream',
    to: lobby.id,
    topic: 'hello',
    content: 'A message for next year',
    deliveryTimestamp: now + 365 * 86_400,
    readBySender: null,
  });
  store.mutedUsers.set(member.id, [{ id: ada.id, timestamp: now - 7200 }]);
  // The guest and the bot (callers of the probes of muting) have muted the member already: a mute a check must not
  // count on being able to make.
  for (const muter of accounts.filter((u) => u.role === ROLE.guest || u.bot !== null))
    store.mutedUsers.set(muter.id, [{ id: member.id, timestamp: now - 3600 }]);
  store.pushTokens.set(member.id, [{ token: 'c0ffee'.repeat(10), appid: 'org.example.prefilled' }]);

  const field = store.nextId('profileField');
  store.profileFields.set(field, {
    id: field,
    name: 'Pronouns (from before)',
    hint: 'How to refer to you',
    fieldType: 8,
    fieldData: {},
    displayInProfileSummary: true,
    required: false,
    editableByUser: true,
    useForUserMatching: false,
    order: 1,
  });
  const group = store.nextId('userGroup');
  store.userGroups.set(group, {
    id: group,
    name: 'designers',
    description: 'A group from before',
    members: [ada.id, bea.id],
    subgroups: [],
    settings: {},
    deactivated: false,
    creatorId: ada.id,
    dateCreated: now - 86_400,
  });
}
