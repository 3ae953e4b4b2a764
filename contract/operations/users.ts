/** Users, profile fields, groups and API keys: contract Endpoints 6, 7, 8, 15 and 16. */
import { defineOperation, optionalParam, pathParam, required } from '../operation.ts';
import {
  DROPDOWN,
  EXTERNAL_ACCOUNT,
  PROFILE_FIELD_TYPES,
  ProfileFieldData,
  SHORT_TEXT,
  USERS_FIELD,
  User,
} from '../resources.ts';
import { always, bool, int, str } from '../shapes.ts';

/** 6. Get a user: GET /users/{user_id} */
export const getUser = defineOperation({
  n: 6,
  clauses: 'USER-GET',
  title: 'Get a user',
  method: 'GET',
  path: '/users/{user_id}',
  auth: 'basic',
  params: [
    pathParam('user_id', int()),
    optionalParam('client_gravatar', bool(), { default: true, note: 'true: avatar_url may be null for gravatars' }),
    optionalParam('include_custom_profile_fields', bool(), { default: false }),
  ],
  success: { user: always(User) },
  errors: [],
});

/** 7. Create a custom profile field: POST /realm/profile_fields */
export const createProfileField = defineOperation({
  n: 7,
  clauses: 'PROFILE-FIELD',
  title: 'Create a custom profile field',
  method: 'POST',
  path: '/realm/profile_fields',
  auth: 'basic',
  callers: 'administrators',
  params: [
    optionalParam('name', str()),
    optionalParam('hint', str()),
    required('field_type', int({ enum: PROFILE_FIELD_TYPES }), { note: '1 to 8' }),
    optionalParam('field_data', ProfileFieldData, {
      usedWhen: { field: 'field_type', in: [DROPDOWN, EXTERNAL_ACCOUNT] },
      note: 'for Dropdown and External account fields',
    }),
    optionalParam('display_in_profile_summary', bool(), {
      since: 146,
      sinceFrom: 'zulip',
      limits: [{ measure: 'count', max: 2, beyond: 'unspecified', scope: 'organization', note: 'fields set true' }],
      note: 'not for Users fields',
    }),
    optionalParam('required', bool(), { since: 244, sinceFrom: 'zulip' }),
    optionalParam('editable_by_user', bool(), {
      since: 296,
      sinceFrom: 'zulip',
      note: 'administrators edit any value regardless',
    }),
    optionalParam('use_for_user_matching', bool(), {
      since: 455,
      sinceFrom: 'zulip',
      note: 'Short text and External account only',
    }),
  ],
  rules: [
    {
      kind: 'only-when',
      param: 'use_for_user_matching',
      values: [true],
      conditions: [{ field: 'field_type', in: [SHORT_TEXT, EXTERNAL_ACCOUNT] }],
      note: 'user matching is only for Short text and External account fields',
    },
    {
      kind: 'only-when',
      param: 'display_in_profile_summary',
      values: [true],
      conditions: [{ field: 'field_type', notIn: [USERS_FIELD] }],
      note: 'a Users field cannot be shown in the profile summary',
    },
  ],
  success: { id: always(int(), { note: 'the new field' }) },
  errors: [],
});

/** 8. Fetch an API key: POST /fetch_api_key */
export const fetchApiKey = defineOperation({
  n: 8,
  clauses: 'FETCHKEY',
  title: 'Fetch an API key',
  method: 'POST',
  path: '/fetch_api_key',
  auth: 'none',
  params: [
    required('username', str(), { note: 'usually the email; an LDAP name on some servers' }),
    required('password', str()),
  ],
  success: {
    api_key: always(str()),
    email: always(str()),
    user_id: always(int(), { since: 171, sinceFrom: 'zulip' }),
  },
  errors: [],
  note: 'only where email/password or LDAP login is enabled',
});

/** 15. Mute a user: POST /users/me/muted_users/{muted_user_id} */
export const muteUser = defineOperation({
  n: 15,
  clauses: 'MUTE',
  title: 'Mute a user',
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  auth: 'basic',
  since: 48,
  sinceFrom: 'zulip',
  params: [pathParam('muted_user_id', int())],
  success: {},
  errors: [{ code: 'BAD_REQUEST', when: 'oneself, no such (accessible) user, or already muted' }],
  note: 'bots can be muted',
});

/** 16. Deactivate a user group: POST /user_groups/{user_group_id}/deactivate */
export const deactivateUserGroup = defineOperation({
  n: 16,
  clauses: 'GROUP-DEACTIVATE',
  title: 'Deactivate a user group',
  method: 'POST',
  path: '/user_groups/{user_group_id}/deactivate',
  auth: 'basic',
  since: 290,
  sinceFrom: 'zulip',
  params: [pathParam('user_group_id', int())],
  success: {},
  errors: [
    { code: 'BAD_REQUEST', when: 'an invalid user group' },
    { code: 'CANNOT_DEACTIVATE_GROUP_IN_USE', when: 'the group is used by a setting or as a subgroup' },
  ],
});

export const userOperations = [getUser, createProfileField, fetchApiKey, muteUser, deactivateUserGroup] as const;
