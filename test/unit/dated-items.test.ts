// Every item of the contract model that Zulip dates after its first releases carries its feature level (the
// contract's Versioning first, Zulip's changelog where the contract is silent), so an older server is judged by
// what it has: a later field not required, a later parameter not probed, a later operation not called. The table
// lists each dated item with its level and source; every other item is in undated-items.txt (as old as Zulip 6,
// level 150 or below by Zulip's changelog: older than any release the suite judges), so a new item of the model
// fails here until someone decides whether it is dated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelItems } from '../../contract/dating.ts';
import { ERROR_CODES, keyOf, OPERATIONS, Subscription, shapeProblems } from '../../contract/index.ts';
import { CLAUSES } from '../../suites/catalog.ts';

/** Item → [level, source, and 'required' where the level is when leaving the parameter out became an error]. */
const DATED: [string, number, 'contract' | 'zulip', 'required'?][] = [
  ['POST /messages param type = direct', 174, 'contract'],
  ['POST /messages param type = channel', 248, 'contract'],
  ['POST /messages param read_by_sender', 236, 'contract'],
  ['POST /messages automatic_new_visibility_policy', 218, 'zulip'],
  ['POST /scheduled_messages', 179, 'zulip'],
  ['POST /scheduled_messages param type = direct', 174, 'contract'],
  ['POST /scheduled_messages param type = channel', 248, 'contract'],
  ['POST /scheduled_messages param read_by_sender', 236, 'contract'],
  ['PATCH /messages/{message_id} param prev_content_sha256', 379, 'contract'],
  ['PATCH /messages/{message_id} detached_uploads', 285, 'zulip'],
  ['PATCH /messages/{message_id} detached_uploads[].message_ids', 472, 'contract'],
  ['POST /typing param type = direct', 174, 'contract'],
  ['POST /typing param type = channel', 248, 'contract'],
  ['POST /typing param stream_id', 215, 'contract'],
  ['GET /users/{user_id} user.delivery_email', 163, 'zulip'],
  ['GET /users/{user_id} user.is_imported_stub', 433, 'zulip'],
  ['GET /users/{user_id} user.is_deleted', 490, 'zulip'],
  ['POST /realm/profile_fields param display_in_profile_summary', 146, 'zulip'],
  ['POST /realm/profile_fields param required', 244, 'zulip'],
  ['POST /realm/profile_fields param editable_by_user', 296, 'zulip'],
  ['POST /realm/profile_fields param use_for_user_matching', 455, 'zulip'],
  ['POST /fetch_api_key user_id', 171, 'zulip'],
  ['POST /streams/{stream_id}/delete_topic complete', 211, 'zulip'],
  ['POST /drafts', 87, 'zulip'],
  ['GET /drafts', 87, 'zulip'],
  ['GET /streams param exclude_archived', 315, 'zulip'],
  ['GET /streams param include_all', 356, 'zulip'],
  ['GET /streams param include_can_access_content', 356, 'zulip'],
  ['GET /streams streams[].creator_id', 254, 'zulip'],
  ['GET /streams streams[].topics_policy', 407, 'zulip'],
  ['GET /streams streams[].folder_id', 407, 'zulip'],
  ['GET /streams streams[].is_recently_active', 407, 'zulip'],
  ['GET /streams streams[].can_add_subscribers_group', 407, 'zulip'],
  ['GET /streams streams[].can_remove_subscribers_group', 407, 'zulip'],
  ['GET /streams streams[].can_administer_channel_group', 407, 'zulip'],
  ['GET /streams streams[].can_delete_any_message_group', 407, 'zulip'],
  ['GET /streams streams[].can_delete_own_message_group', 407, 'zulip'],
  ['GET /streams streams[].is_archived', 407, 'zulip'],
  ['GET /streams streams[].can_move_messages_out_of_channel_group', 407, 'zulip'],
  ['GET /streams streams[].can_move_messages_within_channel_group', 407, 'zulip'],
  ['GET /users/me/subscriptions param include_subscribers = partial', 412, 'contract'],
  ['GET /users/me/subscriptions subscriptions[].creator_id', 254, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].topics_policy', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].folder_id', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].is_recently_active', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].can_add_subscribers_group', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].can_remove_subscribers_group', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].can_administer_channel_group', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].can_delete_any_message_group', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].can_delete_own_message_group', 407, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].partial_subscribers', 412, 'contract'],
  ['GET /users/me/subscriptions subscriptions[].email_address gone', 226, 'zulip'],
  ['GET /users/me/subscriptions subscriptions[].role gone', 133, 'zulip'],
  ['POST /users/me/muted_users/{muted_user_id}', 48, 'zulip'],
  ['POST /user_groups/{user_group_id}/deactivate', 290, 'zulip'],
  ['POST /users/me/apns_device_token param appid', 223, 'zulip', 'required'],
  ['POST /mobile_push/test_notification', 217, 'zulip'],
  ['any success ignored_parameters_unsupported', 167, 'contract'],
  ['code STREAM_WILDCARD_MENTION_NOT_ALLOWED', 229, 'zulip'],
  ['code TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 229, 'zulip'],
  ['code MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 172, 'contract'],
  ['code CANNOT_DEACTIVATE_GROUP_IN_USE', 298, 'zulip'],
];

const UNDATED_FILE = join(import.meta.dirname, 'undated-items.txt');

describe('dated items of the contract model', () => {
  const items = modelItems();

  it('are exactly the table, each with its level and source', () => {
    const dated = items
      .filter((i) => i.since !== undefined || i.requiredSince !== undefined)
      .map((i) => [
        i.item,
        i.since ?? i.requiredSince,
        i.sinceFrom,
        ...(i.requiredSince !== undefined ? ['required'] : []),
      ]);
    expect(dated).toEqual(DATED);
  });

  it('leave every other item undated on purpose (undated-items.txt: as old as the releases the suite judges)', () => {
    const undated = items.filter((i) => i.since === undefined && i.requiredSince === undefined).map((i) => i.item);
    const listed = readFileSync(UNDATED_FILE, 'utf8').split('\n').filter(Boolean);
    expect(
      undated,
      'a model item is new or gone: date it (since, sinceFrom) or list it in test/unit/undated-items.txt',
    ).toEqual(listed);
  });

  it('date every clause no earlier than its operation, and no earlier than a dated error code its title names', () => {
    const early: string[] = [];
    for (const clause of CLAUSES) {
      const op = OPERATIONS.find((o) => keyOf(o) === clause.endpoint);
      const levels = [op?.since, ...ERROR_CODES.filter((c) => clause.title.includes(c.code)).map((c) => c.since)];
      for (const level of levels)
        if (level !== undefined && (clause.since ?? 0) < level) early.push(`${clause.id} (${clause.since}) < ${level}`);
    }
    expect(early).toEqual([]);
  });

  it('judge a field gone only from the level it went at', () => {
    const withRole = { role: 50 };
    const gone = (featureLevel?: number) =>
      shapeProblems(withRole, Subscription, 'sub', { featureLevel }).filter((p) => p.rule === 'shape.field-gone');
    expect(gone(132)).toEqual([]);
    expect(gone(undefined)).toEqual([]);
    expect(gone(133).map((p) => p.path)).toEqual(['sub.role']);
  });
});
