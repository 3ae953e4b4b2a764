/** The auth area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('auth', {
  'authentication.test.ts': [
    {
      id: 'AUTH-001',
      level: 'MUST',
      title: 'refuse every operation (but fetching an API key) called without credentials, with the error envelope',
      section: 'Authentication',
      endpoint: '*',
    },
    {
      id: 'AUTH-002',
      level: 'MUST',
      title: "refuse every operation called with a user's email and a wrong API key, with the error envelope",
      section: 'Authentication',
      endpoint: '*',
    },
    {
      id: 'AUTH-003',
      level: 'MUST',
      title: 'refuse every operation called with an email that belongs to no user, with the error envelope',
      section: 'Authentication',
      endpoint: '*',
    },
    {
      id: 'AUTH-004',
      level: 'MUST',
      title: 'change nothing when it refuses a write for bad credentials',
      section: 'Authentication',
      endpoint: 'POST /drafts',
      since: 87,
    },
    {
      id: 'AUTH-005',
      level: 'MUST',
      title: "accept a bot's email and API key as Basic credentials, as it does a user's",
      section: 'Authentication',
      endpoint: '*',
    },
  ],
  'post-fetch_api_key.test.ts': [
    {
      id: 'FETCHKEY-001',
      exercisesOperation: true,
      level: 'MUST',
      title:
        'return a string api_key, a string email and an integer user_id for valid login credentials, without Basic credentials',
      section: '8. Fetch an API key; Authentication',
      endpoint: 'POST /fetch_api_key',
      since: 171,
    },
    {
      id: 'FETCHKEY-002',
      level: 'MUST',
      title:
        'return an API key that authenticates the user, with the returned email or (where that is refused) the address the user signs in with',
      section: '8. Fetch an API key; Authentication',
      endpoint: 'POST /fetch_api_key',
    },
    {
      id: 'FETCHKEY-003',
      level: 'MUST',
      title: 'refuse a wrong password with the error envelope and no api_key',
      section: '8. Fetch an API key',
      endpoint: 'POST /fetch_api_key',
    },
    {
      id: 'FETCHKEY-004',
      level: 'MUST',
      title: "return the user's own user_id and one of the user's own email addresses",
      section: '8. Fetch an API key',
      endpoint: 'POST /fetch_api_key',
      since: 171,
    },
    {
      id: 'FETCHKEY-005',
      level: 'MUST',
      title: 'refuse a request without the required password with the error envelope and no api_key',
      section: '8. Fetch an API key; Errors',
      endpoint: 'POST /fetch_api_key',
    },
  ],
});
