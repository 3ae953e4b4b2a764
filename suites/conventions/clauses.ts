/**
 * The conventions area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json.
 * The envelope's rules are also judged over every response (RESP-*, helpers/contract/judge.ts): each such rule names
 * its clause here as its owner, and the clause takes the rule's level, so that both report a departure alike.
 */
import { defineArea } from '../../helpers/clauses/area.ts';
import { RULES } from '../../helpers/contract/judge.ts';
import { BAD_INPUT_CLAUSES } from './bad-input.ts';

export const clauses = defineArea('conventions', {
  'envelope.test.ts': [
    {
      id: 'CONV-001',
      level: RULES['envelope.success-msg-empty'].level,
      title: 'answer a successful request with result "success" and msg "" (an empty string)',
      section: 'Conventions; Errors',
      endpoint: '*',
    },
    {
      id: 'CONV-002',
      level: RULES['envelope.error-code'].level,
      title: 'answer a failed request with result "error", a string msg and a string code',
      section: 'Errors',
      endpoint: '*',
    },
    {
      id: 'CONV-003',
      level: RULES['envelope.json'].level,
      title: 'send every response body, success or error, as a JSON object',
      section: 'Endpoints; Errors',
      endpoint: '*',
    },
    {
      id: 'CONV-004',
      level: RULES['envelope.content-type'].level,
      title: 'label JSON responses with a JSON content type (application/json)',
      section: 'Endpoints',
      endpoint: '*',
    },
    {
      id: 'VERS-001',
      level: 'MUST',
      title:
        'include an ignored_parameters_unsupported array in a success response to a request that carried unsupported parameters',
      section: 'Versioning; Endpoints',
      endpoint: '*',
      since: 167,
    },
    {
      id: 'ERR-001',
      level: 'SHOULD',
      title:
        'use the code BAD_REQUEST for a missing parameter, as the table of codes says (a more specific code is a refinement)',
      section: 'Errors',
      endpoint: '*',
    },
  ],
  'bad-input.test.ts': BAD_INPUT_CLAUSES,
});
