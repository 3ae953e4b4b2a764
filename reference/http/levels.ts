/**
 * The reference answering as an older server (`--feature-level N`): what Zulip's API changelog dates after N is not
 * there. Later operations are unknown routes; later parameters are ignored (and, from level 167, reported in
 * `ignored_parameters_unsupported`); later values of `type` and later error codes are refused or replaced as an older
 * server did; later fields are left out of answers, fields since gone are sent, and the older spellings are used
 * (attachment `messages`, millisecond `create_time`, `partially_completed`). POST /register reports N.
 *
 * The levels are Zulip's (api_docs/changelog.md), read independently of the suite's own model. The realm's group
 * settings came one by one (Zulip 8.0 to 11.0): below its level a setting is neither reported nor changed
 * (realm-eras.ts).
 */
import type { Fields } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import { FEATURE_LEVEL } from '../core/realm.ts';
import { earlierRealmParams, earlierRealmSettings, LATER_REALM_PARAMS } from './realm-eras.ts';

/** The level `ignored_parameters_unsupported` came at (below it, unknown parameters pass silently). */
const IGNORED_PARAMETERS_SINCE = 167;

const LATER_OPERATIONS: Readonly<Record<string, number>> = {
  'POST /users/me/muted_users/{muted_user_id}': 48,
  'DELETE /users/me/muted_users/{muted_user_id}': 48,
  'POST /drafts': 87,
  'GET /drafts': 87,
  'PATCH /drafts/{draft_id}': 87,
  'DELETE /drafts/{draft_id}': 87,
  'GET /scheduled_messages': 173,
  'DELETE /scheduled_messages/{scheduled_message_id}': 173,
  'POST /scheduled_messages': 179,
  'PATCH /scheduled_messages/{scheduled_message_id}': 184,
  'POST /mobile_push/test_notification': 217,
  'POST /user_groups/{user_group_id}/deactivate': 290,
};

const LATER_PARAMS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'POST /messages': { read_by_sender: 236 },
  'POST /scheduled_messages': { read_by_sender: 236 },
  'PATCH /messages/{message_id}': { prev_content_sha256: 379 },
  'POST /typing': { stream_id: 215 },
  'GET /streams': { exclude_archived: 315, include_all: 356, include_can_access_content: 356 },
  'POST /realm/profile_fields': { required: 244, editable_by_user: 296, use_for_user_matching: 455 },
  'PATCH /realm': LATER_REALM_PARAMS,
};

/** `type` values that came later: `direct` (174, `private` before) and `channel` (248, `stream` before). */
const LATER_TYPES: Readonly<Record<string, number>> = { direct: 174, channel: 248 };
const TYPED = new Set(['POST /messages', 'POST /scheduled_messages', 'POST /typing']);

/** Error codes that came later, with what an older server answered instead. */
const LATER_CODES: Readonly<Record<string, number>> = {
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: 229,
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: 229,
  CANNOT_DEACTIVATE_GROUP_IN_USE: 298,
};

/** Channel object fields by level (shared by GET /streams and the subscription objects). */
const CHANNEL_FIELDS: Readonly<Record<string, number>> = {
  can_remove_subscribers_group: 161,
  creator_id: 254,
  is_archived: 315,
  is_recently_active: 323,
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  folder_id: 389,
  topics_policy: 392,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
};

/** Why the reference cannot answer as `level`, or undefined. */
export function serverLevelProblem(level: number): string | undefined {
  return Number.isInteger(level) && level >= 1 && level <= FEATURE_LEVEL
    ? undefined
    : `a feature level from 1 to ${FEATURE_LEVEL} (the reference's own), not ${level}`;
}

export class ServerLevel {
  constructor(readonly level: number = FEATURE_LEVEL) {
    const problem = serverLevelProblem(level);
    if (problem) throw new Error(problem);
  }

  get newest(): boolean {
    return this.level === FEATURE_LEVEL;
  }

  /** Whether the operation ("POST /drafts") exists at this level. */
  hasOperation(key: string): boolean {
    return (LATER_OPERATIONS[key] ?? 0) <= this.level;
  }

  /** Takes out of a request the parameters later than this level; returns their names (ignored, as by Zulip). */
  dropLaterParams(key: string, raw: Map<string, string>): string[] {
    const later = Object.entries(LATER_PARAMS[key] ?? {}).filter(
      ([name, since]) => since > this.level && raw.has(name),
    );
    for (const [name] of later) raw.delete(name);
    if (key === 'PATCH /realm') earlierRealmParams(this.level, raw);
    return later.map(([name]) => name);
  }

  /** Refuses a `type` value later than this level, as the older server did ("Invalid message type"). */
  checkType(key: string, raw: ReadonlyMap<string, string>): void {
    const type = raw.get('type');
    if (TYPED.has(key) && type !== undefined && (LATER_TYPES[type] ?? 0) > this.level)
      throw new ApiError(400, 'BAD_REQUEST', `Invalid message type: ${type}`);
  }

  /** The parameters to report as ignored: none before the level that brought `ignored_parameters_unsupported`. */
  reportIgnored(names: readonly string[]): readonly string[] {
    return this.level >= IGNORED_PARAMETERS_SINCE ? names : [];
  }

  /** An error with a code later than this level becomes the BAD_REQUEST an older server gave, without extras. */
  error(err: ApiError): ApiError {
    if (err.code === undefined || (LATER_CODES[err.code] ?? 0) <= this.level) return err;
    return new ApiError(400, 'BAD_REQUEST', err.message);
  }

  /** A success body as a server of this level wrote it; `result` is `partially_completed` where that applied. */
  answer(key: string, fields: Fields): { fields: Fields; result?: string } {
    if (this.newest) return { fields };
    const f: Fields = { ...fields };
    const before = (since: number) => this.level < since;
    switch (key) {
      case 'POST /register':
        f.zulip_feature_level = this.level;
        earlierRealmSettings(this.level, f);
        break;
      case 'GET /streams':
        f.streams = listOf(f.streams).map((c) => this.channel(c));
        break;
      case 'GET /users/me/subscriptions':
        f.subscriptions = listOf(f.subscriptions).map((s) => {
          const sub = this.channel(s);
          // Gone since: `role` at 133, `email_address` (the channel's email gateway address) at 226.
          if (before(133)) sub.role = 50;
          if (before(226))
            sub.email_address = `${String(sub.name).replace(/\W+/g, '-')}.${sub.stream_id}@streams.invalid`;
          return sub;
        });
        break;
      case 'GET /users/{user_id}': {
        const u = { ...(f.user as Fields) };
        if (before(433)) delete u.is_imported_stub;
        if (before(490)) delete u.is_deleted;
        if (before(163) && u.delivery_email === null) delete u.delivery_email;
        f.user = u;
        break;
      }
      case 'POST /fetch_api_key':
        if (before(171)) delete f.user_id;
        break;
      case 'POST /messages':
        if (before(218)) delete f.automatic_new_visibility_policy;
        break;
      case 'POST /streams/{stream_id}/delete_topic':
        if (before(211)) {
          const partial = f.complete === false;
          delete f.complete;
          return { fields: f, ...(partial ? { result: 'partially_completed' } : {}) };
        }
        break;
      case 'PATCH /messages/{message_id}':
        if (before(285)) delete f.detached_uploads;
        else if (Array.isArray(f.detached_uploads))
          f.detached_uploads = f.detached_uploads.map((a) => this.attachment(a));
        break;
    }
    return { fields: f };
  }

  private channel(c: unknown): Fields {
    const out: Fields = { ...(c as Fields) };
    for (const [name, since] of Object.entries(CHANNEL_FIELDS)) if (this.level < since) delete out[name];
    return out;
  }

  /** An attachment: `messages` ({id, date_sent}) before `message_ids` (472), milliseconds before seconds (443). */
  private attachment(a: unknown): Fields {
    const out: Fields = { ...(a as Fields) };
    if (this.level < 443 && typeof out.create_time === 'number') out.create_time = out.create_time * 1000;
    if (this.level < 472) {
      const ids = Array.isArray(out.message_ids) ? out.message_ids : [];
      delete out.message_ids;
      out.messages = ids.map((id) => ({ id, date_sent: out.create_time }));
    }
    return out;
  }
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
