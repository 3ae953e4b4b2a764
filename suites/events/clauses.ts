/** The events area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('events', {
  'delete-events.test.ts': [
    {
      id: 'QUEUE-DELETE-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'delete a registered event queue with a success response',
      section: '20. Delete an event queue',
      endpoint: 'DELETE /events',
    },
    {
      id: 'QUEUE-DELETE-002',
      level: 'MUST',
      title: 'answer a second delete of the same queue with BAD_EVENT_QUEUE_ID and queue_id equal to the value given',
      section: '20. Delete an event queue; Errors',
      endpoint: 'DELETE /events',
    },
    {
      id: 'QUEUE-DELETE-003',
      level: 'MUST',
      title: 'answer an unknown queue id with BAD_EVENT_QUEUE_ID and queue_id equal to the value given',
      section: '20. Delete an event queue; Errors',
      endpoint: 'DELETE /events',
    },
    {
      id: 'QUEUE-DELETE-004',
      level: 'MUST',
      title: 'refuse a delete without the required queue_id with the error envelope',
      section: '20. Delete an event queue; Errors',
      endpoint: 'DELETE /events',
    },
  ],
});
