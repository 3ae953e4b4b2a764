/** The exploration area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('explore', {
  'topic-sequences.model.ts': [
    {
      id: 'EXPLORE-001',
      level: 'MUST',
      title:
        'after any sequence of sends, moves (each propagate mode), resolves, unresolves and topic deletions, keep every message in the topic the sequence left it in: read back there, matched by a narrow of that topic and of no topic it left, and deleted with that topic only',
      section:
        'States and transitions (topic rows); 3. Edit a message; 5. Check messages against a narrow; 9. Delete a topic',
      endpoint: 'PATCH /messages/{message_id}',
    },
  ],
});
