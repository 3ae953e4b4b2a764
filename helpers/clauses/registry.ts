/** Every clause the suite checks. The report is per clause; ids are pinned in fixtures/clause-ids.json. */
import { authClauses } from './catalog/auth.ts';
import { channelClauses } from './catalog/channels.ts';
import { conventionsClauses } from './catalog/conventions.ts';
import { draftsClauses } from './catalog/drafts.ts';
import { editClauses } from './catalog/edit.ts';
import { groupClauses } from './catalog/groups.ts';
import { messageClauses } from './catalog/messages.ts';
import { profileFieldClauses } from './catalog/profile-fields.ts';
import { pushClauses } from './catalog/push.ts';
import { queueClauses } from './catalog/queues.ts';
import { topicClauses } from './catalog/topics.ts';
import { typingClauses } from './catalog/typing.ts';
import { usersClauses } from './catalog/users.ts';
import type { Clause } from './types.ts';

export const CLAUSES: readonly Clause[] = [
  ...conventionsClauses,
  ...authClauses,
  ...draftsClauses,
  ...queueClauses,
  ...usersClauses,
  ...profileFieldClauses,
  ...groupClauses,
  ...pushClauses,
  ...messageClauses,
  ...editClauses,
  ...topicClauses,
  ...typingClauses,
  ...channelClauses,
];

const byId = new Map(CLAUSES.map((c) => [c.id, c]));

export function getClause(id: string): Clause {
  const clause = byId.get(id);
  if (!clause) throw new Error(`unknown clause ${id}: add it to helpers/clauses/catalog/ first`);
  return clause;
}
