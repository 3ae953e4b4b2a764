/**
 * Field checks of the Channel object, the Subscription object and group-setting values (contract: "Resources and
 * their fields"). Each returns the problems found, so that a check can report them all at once.
 */
const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'];

type Test = (v: unknown) => boolean;
const int: Test = (v) => Number.isInteger(v);
const str: Test = (v) => typeof v === 'string';
const bool: Test = (v) => typeof v === 'boolean';
const orNull =
  (t: Test): Test =>
  (v) =>
    v === null || t(v);
const intList: Test = (v) => Array.isArray(v) && v.every(int);

/** An integer group id, or `{direct_members, direct_subgroups}` with integer lists. */
export const isGroupSetting: Test = (v) => {
  if (int(v)) return true;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return intList(o.direct_members) && intList(o.direct_subgroups);
};

/** Fields shared by both objects, with what each may hold. */
const COMMON: Record<string, [Test, string]> = {
  stream_id: [int, 'an integer'],
  name: [str, 'a string'],
  description: [str, 'a string'],
  rendered_description: [str, 'a string'],
  date_created: [int, 'an integer UNIX timestamp'],
  creator_id: [orNull(int), 'an integer or null'],
  invite_only: [bool, 'a boolean'],
  is_web_public: [bool, 'a boolean'],
  stream_post_policy: [(v) => int(v) && (v as number) >= 1 && (v as number) <= 4, 'an integer 1–4'],
  is_announcement_only: [bool, 'a boolean'],
  message_retention_days: [(v) => v === null || v === -1 || (int(v) && (v as number) > 0), 'null, -1 or positive'],
  history_public_to_subscribers: [bool, 'a boolean'],
  topics_policy: [(v) => TOPICS_POLICIES.includes(v as string), `one of ${TOPICS_POLICIES.join(', ')}`],
  first_message_id: [orNull(int), 'an integer or null'],
  folder_id: [orNull(int), 'an integer or null'],
  is_recently_active: [bool, 'a boolean'],
  can_add_subscribers_group: [isGroupSetting, 'a group-setting value'],
  can_remove_subscribers_group: [isGroupSetting, 'a group-setting value'],
  can_administer_channel_group: [isGroupSetting, 'a group-setting value'],
  can_delete_any_message_group: [isGroupSetting, 'a group-setting value'],
  can_delete_own_message_group: [isGroupSetting, 'a group-setting value'],
};

const CHANNEL_ONLY: Record<string, [Test, string]> = {
  is_archived: [bool, 'a boolean'],
  can_move_messages_out_of_channel_group: [isGroupSetting, 'a group-setting value'],
  can_move_messages_within_channel_group: [isGroupSetting, 'a group-setting value'],
};

const SUBSCRIPTION_ONLY: Record<string, [Test, string]> = {
  desktop_notifications: [orNull(bool), 'a boolean or null'],
  email_notifications: [orNull(bool), 'a boolean or null'],
  wildcard_mentions_notify: [orNull(bool), 'a boolean or null'],
  push_notifications: [orNull(bool), 'a boolean or null'],
  audible_notifications: [orNull(bool), 'a boolean or null'],
  pin_to_top: [bool, 'a boolean'],
  is_muted: [bool, 'a boolean'],
  in_home_view: [bool, 'a boolean'],
  color: [str, 'a string'],
  stream_weekly_traffic: [orNull(int), 'an integer or null'],
};

function problems(object: any, fields: Record<string, [Test, string]>): string[] {
  if (typeof object !== 'object' || object === null) return [`not an object: ${JSON.stringify(object)}`];
  const found: string[] = [];
  for (const [name, [test, want]] of Object.entries(fields)) {
    if (!(name in object)) found.push(`${name} missing`);
    else if (!test(object[name])) found.push(`${name} is ${JSON.stringify(object[name])}, wanted ${want}`);
  }
  return found;
}

export const channelProblems = (object: unknown): string[] => problems(object, { ...COMMON, ...CHANNEL_ONLY });

export function subscriptionProblems(object: any): string[] {
  const found = problems(object, { ...COMMON, ...SUBSCRIPTION_ONLY });
  for (const gone of ['email_address', 'role']) if (object && gone in object) found.push(`${gone} present`);
  if (typeof object?.is_muted === 'boolean' && object.in_home_view !== !object.is_muted) {
    found.push(`in_home_view ${object.in_home_view} with is_muted ${object.is_muted}: wanted the inverse`);
  }
  return found;
}
