/** The realm area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('realm', {
  'post-realm-profile_fields.test.ts': [
    {
      id: 'PROFILE-FIELD-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'create a custom profile field with a new integer id that the realm then lists',
      section: '7. Create a custom profile field',
      endpoint: 'POST /realm/profile_fields',
    },
    {
      id: 'PROFILE-FIELD-002',
      level: 'MUST',
      title: 'let only organization administrators create custom profile fields',
      section: '7. Create a custom profile field; Authentication',
      endpoint: 'POST /realm/profile_fields',
    },
    {
      id: 'PROFILE-FIELD-003',
      level: 'MUST',
      title: 'refuse a field_type outside 1 to 8',
      section: '7. Create a custom profile field',
      endpoint: 'POST /realm/profile_fields',
    },
    {
      id: 'PROFILE-FIELD-004',
      level: 'MUST',
      title: 'accept a Dropdown field whose field_data maps choice keys to {text, order} strings',
      section: 'Resources › Custom profile field',
      endpoint: 'POST /realm/profile_fields',
    },
    {
      id: 'PROFILE-FIELD-005',
      level: 'MUST',
      title: 'refuse display_in_profile_summary once two fields of the organization have it',
      section: '7. Create a custom profile field; Limits',
      endpoint: 'POST /realm/profile_fields',
      since: 146,
    },
    {
      id: 'PROFILE-FIELD-006',
      level: 'MUST',
      title: 'refuse display_in_profile_summary for a Users field',
      section: '7. Create a custom profile field',
      endpoint: 'POST /realm/profile_fields',
      since: 146,
    },
    {
      id: 'PROFILE-FIELD-007',
      level: 'MUST',
      title: 'accept use_for_user_matching only for Short text and External account fields',
      section: '7. Create a custom profile field; Resources › Custom profile field',
      endpoint: 'POST /realm/profile_fields',
      since: 455,
    },
    {
      id: 'PROFILE-FIELD-008',
      level: 'MUST',
      title: 'accept exactly the field definitions the contract allows',
      section: '7. Create a custom profile field; Resources › Custom profile field',
      endpoint: 'POST /realm/profile_fields',
      since: 455,
    },
  ],
});
