/**
 * Everything on the reference server a run can touch, in a comparable form: a run (finished, interrupted, or
 * killed and then recovered by the next run) must leave it as it found it. Objects the run cannot delete are
 * compared in their resting state: channels archived, groups deactivated.
 */
import type { Store } from '../../reference/server.ts';

export function targetState(store: Store) {
  const nonEmpty = <T>(entries: [number, T[]][]) => entries.filter(([, list]) => list.length > 0);
  return {
    drafts: [...store.drafts.keys()].sort((a, b) => a - b),
    scheduledMessages: [...store.scheduledMessages.keys()].sort((a, b) => a - b),
    runMessages: [...store.messages.values()].filter((m) => m.content.startsWith('cf-')).map((m) => m.id),
    openRunChannels: [...store.channels.values()]
      .filter((c) => c.name.startsWith('cf-') && !c.isArchived)
      .map((c) => c.name),
    activeRunGroups: [...store.userGroups.values()]
      .filter((g) => g.name.startsWith('cf-') && !g.deactivated)
      .map((g) => g.name),
    muted: nonEmpty([...store.mutedUsers].map(([user, list]) => [user, list.map((m) => m.id)])),
    profileFields: [...store.profileFields.keys()].sort((a, b) => a - b),
    pushTokens: nonEmpty([...store.pushTokens].map(([user, list]) => [user, list.map((t) => t.token)])),
    emailVisibility: [...store.users.values()].map((u) => u.emailAddressVisibility),
  };
}
