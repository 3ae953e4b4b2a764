/**
 * The parameters each route of the reference server reads. The contract's operations read their model's request
 * parameters (contract/: one registry); the set-up routes are listed here. A new route must be one or the
 * other (robustness.test.ts checks).
 */
import { keyOf, OPERATIONS } from '../../contract/index.ts';

const CONTRACT_ROUTES = Object.fromEntries(
  OPERATIONS.map((op) => [keyOf(op), op.params.filter((p) => p.in === 'request').map((p) => p.name)]),
);

/** The set-up operations the suite relies on (TARGET.md) and the routes the reference adds for them. */
const SETUP_ROUTES: Readonly<Record<string, readonly string[]>> = {
  'POST /dev_fetch_api_key': ['username'],
  'POST /register': ['event_types', 'fetch_event_types', 'client_capabilities', 'client_gravatar', 'narrow'],
  'GET /events': ['queue_id', 'last_event_id', 'dont_block'],
  'PATCH /drafts/{draft_id}': ['draft'],
  'DELETE /drafts/{draft_id}': [],
  'GET /users': ['client_gravatar', 'include_custom_profile_fields'],
  'GET /users/me': ['client_gravatar'],
  'POST /users/me/subscriptions': [
    'subscriptions',
    'principals',
    'invite_only',
    'is_web_public',
    'history_public_to_subscribers',
    'is_default_stream',
    'topics_policy',
  ],
  'DELETE /users/me/subscriptions': ['subscriptions', 'principals'],
  'GET /get_stream_id': ['stream'],
  'DELETE /streams/{stream_id}': [],
  'PATCH /settings': ['email_address_visibility'],
  'DELETE /users/me/muted_users/{muted_user_id}': [],
  'GET /realm/profile_fields': [],
  'DELETE /realm/profile_fields/{field_id}': [],
  'PATCH /users/me/profile_data': ['data'],
  'POST /user_groups/create': [
    'name',
    'description',
    'members',
    'subgroups',
    'can_add_members_group',
    'can_join_group',
    'can_leave_group',
    'can_manage_group',
    'can_mention_group',
    'can_remove_members_group',
  ],
  'GET /user_groups': ['include_deactivated_groups'],
  'PATCH /user_groups/{user_group_id}': ['name', 'description', 'deactivated', 'can_mention_group', 'can_manage_group'],
  'POST /user_groups/{user_group_id}/subgroups': ['add', 'delete'],
  'GET /messages/{message_id}': ['apply_markdown', 'allow_empty_topic_name'],
  'DELETE /messages/{message_id}': [],
  'GET /scheduled_messages': [],
  'DELETE /scheduled_messages/{scheduled_message_id}': [],
  'POST /user_uploads': [],
  'DELETE /attachments/{attachment_id}': [],
  'PATCH /realm': [
    'allow_message_editing',
    'message_content_edit_limit_seconds',
    'move_messages_within_stream_limit_seconds',
    'move_messages_between_streams_limit_seconds',
    'can_resolve_topics_group',
    'can_move_messages_between_channels_group',
    'can_move_messages_between_topics_group',
  ],
};

export const ROUTE_PARAMS: Readonly<Record<string, readonly string[]>> = { ...CONTRACT_ROUTES, ...SETUP_ROUTES };
