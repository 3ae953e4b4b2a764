/** The user_groups area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('user_groups', {
  'post-user_groups-deactivate.test.ts': [
    {
      id: 'GROUP-DEACTIVATE-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'deactivate a group used nowhere, which is then listed as deactivated',
      section: 'States and transitions; 16. Deactivate a user group',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 294,
    },
    {
      id: 'GROUP-DEACTIVATE-002',
      level: 'MUST',
      title:
        'refuse to deactivate a group used in a group setting with CANNOT_DEACTIVATE_GROUP_IN_USE, leaving it active',
      section: 'States and transitions; 16. Deactivate a user group',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 298,
    },
    {
      id: 'GROUP-DEACTIVATE-003',
      level: 'MUST',
      title:
        'refuse to deactivate a subgroup of an active group with CANNOT_DEACTIVATE_GROUP_IN_USE, leaving it active',
      section: 'States and transitions; 16. Deactivate a user group',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 298,
    },
    {
      id: 'GROUP-DEACTIVATE-004',
      level: 'MUST',
      title:
        'give CANNOT_DEACTIVATE_GROUP_IN_USE objections as a list of objects, each with a string type and a list of setting names',
      section: '16. Deactivate a user group; Errors',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 298,
    },
    {
      id: 'GROUP-DEACTIVATE-005',
      level: 'MUST',
      title: 'refuse an unknown user group ID with BAD_REQUEST',
      section: '16. Deactivate a user group; Errors',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 290,
    },
    {
      id: 'GROUP-DEACTIVATE-006',
      level: 'MUST',
      title: 'refuse a deactivated group as the value of a group setting',
      section: 'States and transitions',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 290,
    },
    {
      id: 'GROUP-DEACTIVATE-007',
      level: 'MUST',
      title:
        'refuse to deactivate a group used in a realm setting with CANNOT_DEACTIVATE_GROUP_IN_USE and an objection naming that setting',
      section: 'States and transitions; 16. Deactivate a user group; Errors',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      since: 367,
    },
  ],
});
