/**
 * Every clause the suite checks, assembled from the areas (`suites/<area>/clauses.ts`, each beside its checks).
 * The report is per clause; ids are pinned in fixtures/clause-ids.json. Data only: the command line's `--list`
 * and `--only` read it without loading a check.
 */
import type { Clause } from '../helpers/clauses/types.ts';
import { clauses as auth } from './auth/clauses.ts';
import { clauses as channels } from './channels/clauses.ts';
import { clauses as conventions } from './conventions/clauses.ts';
import { responseClauses } from './conventions/responses.ts';
import { clauses as drafts } from './drafts/clauses.ts';
import { clauses as events } from './events/clauses.ts';
import { clauses as explore } from './explore/clauses.ts';
import { clauses as messages } from './messages/clauses.ts';
import { clauses as push } from './push/clauses.ts';
import { clauses as realm } from './realm/clauses.ts';
import { clauses as typing } from './typing/clauses.ts';
import { clauses as userGroups } from './user_groups/clauses.ts';
import { clauses as users } from './users/clauses.ts';

export const AREAS = [
  conventions,
  auth,
  drafts,
  events,
  users,
  realm,
  userGroups,
  push,
  messages,
  typing,
  channels,
  explore,
];

const CHECKED: readonly Clause[] = AREAS.flatMap((area) => area.clauses);

/** The clauses with a check of their own, then those judged over every response of an operation (RESP-*). */
export const CLAUSES: readonly Clause[] = [...CHECKED, ...responseClauses(CHECKED)];
