/** The typing area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('typing', {
  'post-typing.test.ts': [
    {
      id: 'TOPIC-RULE-004',
      level: 'MUST',
      title: 'read the empty-topic display name and "(no topic)" as the empty topic in channel typing notifications',
      section: 'Conventions; 4. Set typing status',
      endpoint: 'POST /typing',
      since: 372,
    },
    {
      id: 'TYPING-001',
      level: 'MUST',
      title: 'refuse a typing notification without op, or with an op other than start or stop',
      section: '4. Set typing status',
      endpoint: 'POST /typing',
    },
    {
      id: 'TYPING-002',
      exercisesOperation: true,
      level: 'MUST',
      title: 'treat a typing notification without type as direct, to the JSON list of user IDs in to',
      section: '4. Set typing status',
      endpoint: 'POST /typing',
    },
    {
      id: 'TYPING-003',
      level: 'MUST',
      title: 'refuse channel typing without stream_id with BAD_REQUEST',
      section: '4. Set typing status; Errors',
      endpoint: 'POST /typing',
      since: 215,
    },
    {
      id: 'TYPING-004',
      level: 'MUST',
      title: 'refuse type "private"',
      section: '4. Set typing status; Versioning',
      endpoint: 'POST /typing',
      since: 215,
    },
    {
      id: 'TYPING-005',
      level: 'MUST',
      title: 'deliver typing start and stop events to the recipients of a direct typing notification',
      section: '4. Set typing status; Events',
      endpoint: 'POST /typing',
    },
    {
      id: 'TYPING-006',
      level: 'MUST',
      title: 'deliver channel typing events to subscribers whose queues declared stream_typing_notifications',
      section: '4. Set typing status; Events',
      endpoint: 'POST /typing',
      since: 215,
    },
  ],
});
