/**
 * PATCH /realm (setup operation of the suite): the realm settings that govern editing and moving messages.
 * Limits are JSON integers of at least 1 second or `"unlimited"`; group settings are `{"new": value, "old": value}`.
 */
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest, invalidParam } from '../core/errors.ts';
import { type GroupSetting, isAdmin } from '../core/model.ts';
import { SYSTEM_GROUPS } from '../core/realm.ts';
import type { Store } from '../core/store.ts';

const LIMIT_SETTINGS = {
  message_content_edit_limit_seconds: 'messageContentEditLimitSeconds',
  move_messages_within_stream_limit_seconds: 'moveMessagesWithinStreamLimitSeconds',
  move_messages_between_streams_limit_seconds: 'moveMessagesBetweenStreamsLimitSeconds',
} as const;

/** The group settings of the realm a client may change here (the ones Edit a message names, and own deletions). */
export const EDIT_GROUP_SETTINGS = [
  'can_resolve_topics_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  // Who deletes their own messages: the run's clean-up widens it where the realm leaves the senders out.
  'can_delete_own_message_group',
] as const;

function limitValue(name: string, raw: unknown): number | null {
  if (raw === 'unlimited') return null;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 1) return raw;
  throw invalidParam(name, `Invalid ${name}: a number of seconds of at least 1, or "unlimited"`);
}

function groupValue(store: Store, name: string, raw: unknown): GroupSetting {
  const known = (id: unknown) =>
    Number.isSafeInteger(id) &&
    (Object.values(SYSTEM_GROUPS).some((g) => g.id === id) ||
      store.userGroups.get(id as number)?.deactivated === false);
  if (typeof raw === 'number' && known(raw)) return raw;
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const { direct_members: members, direct_subgroups: subgroups } = raw as Record<string, unknown>;
    if (
      Array.isArray(members) &&
      Array.isArray(subgroups) &&
      members.every((id) => Number.isSafeInteger(id) && store.userById(id as number)) &&
      subgroups.every(known)
    ) {
      return { direct_members: members as number[], direct_subgroups: subgroups as number[] };
    }
  }
  throw invalidParam(name, `Invalid ${name}`);
}

function updateRealm({ params, store, user, faults }: Context): Fields {
  if (!isAdmin(user)) throw badRequest('Must be an organization administrator');
  const changed: Record<string, unknown> = {};
  const editing = params.optBool('allow_message_editing');
  const limits = Object.entries(LIMIT_SETTINGS).map(
    ([name, key]) =>
      [
        name,
        key,
        params.optStr(name) === 'unlimited' ? null : params.has(name) ? limitValue(name, params.json(name)) : undefined,
      ] as const,
  );
  const groups = EDIT_GROUP_SETTINGS.map((name) => {
    const change = params.optJsonObject(name);
    if (change === undefined) return [name, undefined] as const;
    if (!('new' in change)) throw invalidParam(name, `Invalid ${name}: "new" is required`);
    const next = groupValue(store, name, change.new);
    if ('old' in change && JSON.stringify(change.old) !== JSON.stringify(store.realm.groups[name])) {
      throw badRequest(`'old' value does not match the expected value of ${name}`);
    }
    return [name, next] as const;
  });
  // Validate everything before changing anything.
  if (editing !== undefined) {
    store.realm.allowMessageEditing = editing;
    changed.allow_message_editing = editing;
  }
  for (const [name, key, value] of limits) {
    if (value === undefined) continue;
    store.realm[key] = value;
    changed[name] = value;
  }
  for (const [name, value] of groups) {
    if (value === undefined) continue;
    store.realm.groups[name] = value;
    changed[name] = structuredClone(value);
  }
  if (Object.keys(changed).length === 0) return {};
  // Fault `edit-realm-event-limit-rounded`: the announced content limit is cut to whole minutes.
  const limit = changed.message_content_edit_limit_seconds;
  if (faults.has('edit-realm-event-limit-rounded') && typeof limit === 'number')
    changed.message_content_edit_limit_seconds = Math.max(60, limit - (limit % 60));
  const everyone = [...store.users.keys()];
  // Fault `edit-realm-event-op-update`: the shape Zulip uses for most other realm properties.
  if (faults.has('edit-realm-event-op-update')) {
    for (const [property, value] of Object.entries(changed))
      store.events.push(everyone, { type: 'realm', op: 'update', property, value });
  } else {
    store.events.push(everyone, { type: 'realm', op: 'update_dict', property: 'default', data: changed });
  }
  return {};
}

export const realmRoutes: readonly Route[] = [{ method: 'PATCH', path: '/realm', handler: updateRealm }];
