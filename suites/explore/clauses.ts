/** The exploration area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('explore', {
  'topic-sequences.model.ts': [
    {
      id: 'EXPLORE-001',
      level: 'MUST',
      title:
        'after any sequence of sends, moves, resolves and topic deletions, move exactly the messages the propagate mode names (change_one the message, change_later it and the later ones, change_all the whole topic) from the topic as it is then, messages moved into it included, and leave every other message where it was',
      section: '3. Edit a message (topic, propagate_mode); States and transitions (topic rows)',
      endpoint: 'PATCH /messages/{message_id}',
    },
    {
      id: 'EXPLORE-002',
      level: 'MUST',
      title:
        'after any sequence of sends, moves, resolves and topic deletions, resolve (or unresolve) a topic by renaming every message it holds then, messages moved into it included, to the name with (or without) the resolved prefix',
      section: 'States and transitions (topic unresolved → resolved); 3. Edit a message',
      endpoint: 'PATCH /messages/{message_id}',
    },
    {
      id: 'EXPLORE-003',
      level: 'MUST',
      title:
        'after any sequence of sends, moves, resolves and topic deletions, match a message by a narrow of the topic it is in now, and by no narrow of a topic it has left',
      section: '5. Check messages against a narrow; States and transitions (topic rows)',
      endpoint: 'GET /messages/matches_narrow',
    },
    {
      id: 'EXPLORE-004',
      level: 'MUST',
      title:
        'after any sequence of sends, moves, resolves and topic deletions, delete with a topic exactly the messages it holds then, messages moved into it included, and none that were moved away',
      section: 'States and transitions (topic with messages → deleted); 9. Delete a topic',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
    },
    {
      id: 'EXPLORE-005',
      level: 'MUST',
      title:
        'after any sequence of sends, moves, resolves and topic deletions, mark as read for the caller the messages a topic holds then, messages moved into it included, and leave those that have left it as they were',
      section: '12. Mark messages in a topic as read; States and transitions (topic rows)',
      endpoint: 'POST /mark_topic_as_read',
    },
    {
      id: 'EXPLORE-006',
      level: 'MUST',
      title:
        'after any sequence of sends, moves, resolves and topic deletions, refuse, moving nothing, a move by a user other than an administrator or moderator that takes a message past the move time limit, reckoned from when the message was sent (messages moved into the topic included), and move the rest with change_later from first_message_id_allowed_to_move where it names one',
      section:
        '3. Edit a message (time limits, MOVE_MESSAGES_TIME_LIMIT_EXCEEDED); States and transitions (topic rows)',
      endpoint: 'PATCH /messages/{message_id}',
      since: 172,
    },
    {
      id: 'EXPLORE-007',
      level: 'MUST',
      title:
        "after any sequence of sends, moves, resolves and topic deletions, send a stream update event carrying the channel's new first_message_id when a topic deletion removes the channel's oldest message, whether it was sent to that topic or moved into it",
      section: 'Events (stream, op update); 9. Delete a topic; States and transitions (topic with messages → deleted)',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      since: 256,
    },
  ],
});
