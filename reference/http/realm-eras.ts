/**
 * The realm's settings as an older server (`--feature-level N`) reported and took them (levels.ts). Zulip replaced its
 * integer policies by group settings one at a time (api_docs/changelog.md); below its level a group setting is
 * not in POST /register and PATCH /realm ignores it. Where the run's clean-up relies on one (who deletes their own
 * messages), the older server's integer policy stands in: reported, and taken by PATCH /realm.
 */

import type { Fields } from '../core/context.ts';
import { badRequest } from '../core/errors.ts';
import { groupId, type SystemGroupName } from '../core/realm.ts';

/** Realm fields of POST /register by the level that brought them (`realm_` and the setting's name). */
const REALM_FIELDS: Readonly<Record<string, number>> = {
  realm_create_multiuse_invite_group: 209,
  realm_can_access_all_users_group: 225,
  realm_can_create_public_channel_group: 264,
  realm_can_create_private_channel_group: 266,
  realm_direct_message_initiator_group: 270,
  realm_direct_message_permission_group: 270,
  realm_can_create_web_public_channel_group: 280,
  realm_can_delete_any_message_group: 281,
  realm_can_delete_own_message_group: 291,
  realm_can_create_groups: 299,
  realm_can_manage_all_groups: 299,
  realm_can_add_custom_emoji_group: 307,
  realm_can_move_messages_between_channels_group: 310,
  realm_can_move_messages_between_topics_group: 316,
  realm_can_invite_users_group: 321,
  realm_empty_topic_display_name: 334,
  realm_can_add_subscribers_group: 341,
  realm_can_create_bots_group: 344,
  realm_can_create_write_only_bots_group: 344,
  realm_can_summarize_topics_group: 350,
  realm_can_mention_many_users_group: 352,
  realm_can_manage_billing_group: 363,
  realm_can_resolve_topics_group: 367,
  realm_can_set_topics_policy_group: 392,
  realm_topics_policy: 392,
  realm_can_set_delete_message_policy_group: 407,
};

/** The group settings PATCH /realm takes (routes/realm.ts), by the level that brought each. */
export const LATER_REALM_PARAMS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    'can_delete_own_message_group',
    'can_move_messages_between_channels_group',
    'can_move_messages_between_topics_group',
    'can_resolve_topics_group',
  ].map((name) => [name, REALM_FIELDS[`realm_${name}`]!]),
);

/** Zulip's `delete_own_message_policy` (until 291): its values and the role groups they meant. */
const OWN_DELETION_POLICY = 'delete_own_message_policy';
const OWN_DELETION_UNTIL = REALM_FIELDS.realm_can_delete_own_message_group!;
const POLICY_GROUPS: Readonly<Record<number, SystemGroupName>> = {
  1: 'role:members',
  2: 'role:administrators',
  3: 'role:fullmembers',
  4: 'role:moderators',
  5: 'role:everyone',
};

/** A POST /register answer (`f`, changed in place) as a server of `level` wrote its realm part. */
export function earlierRealmSettings(level: number, f: Fields): void {
  if (level < OWN_DELETION_UNTIL && 'realm_can_delete_own_message_group' in f) {
    const value = f.realm_can_delete_own_message_group;
    const policy = Object.entries(POLICY_GROUPS).find(([, name]) => groupId(name) === value)?.[0];
    // A value no policy named cannot arise at this level (the group setting is not taken): left unreported.
    if (policy !== undefined) f[`realm_${OWN_DELETION_POLICY}`] = Number(policy);
  }
  for (const [name, since] of Object.entries(REALM_FIELDS)) if (level < since) delete f[name];
}

/** PATCH /realm's parameters at `level` (`raw`, changed in place): the older policy becomes its group setting. */
export function earlierRealmParams(level: number, raw: Map<string, string>): void {
  const policy = raw.get(OWN_DELETION_POLICY);
  if (level >= OWN_DELETION_UNTIL || policy === undefined) return;
  const group = POLICY_GROUPS[Number(policy)];
  if (group === undefined || !/^\d+$/.test(policy)) throw badRequest(`Invalid ${OWN_DELETION_POLICY}`);
  raw.delete(OWN_DELETION_POLICY);
  raw.set('can_delete_own_message_group', JSON.stringify({ new: groupId(group) }));
}
