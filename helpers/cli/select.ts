/**
 * `--only`: which clauses to run. A selector is a clause id or glob (`DRAFTS-*`), an endpoint (`GET /drafts`),
 * or an area (the suite folder, `drafts`). The run then loads only the suite files that check those clauses,
 * which each clause names (its check declares it: helpers/clauses/declare.ts).
 */
import type { Clause } from '../clauses/types.ts';

export interface Selection {
  ids: Set<string>;
  files: string[];
  unmatched: string[];
}

export function select(selectors: readonly string[], clauses: readonly Clause[]): Selection {
  const ids = new Set<string>();
  const unmatched: string[] = [];
  const areaOf = operationAreas(clauses);
  for (const selector of selectors) {
    const matching = clauses.filter((c) => matches(selector, c, areaOf));
    if (matching.length === 0) unmatched.push(selector);
    for (const c of matching) ids.add(c.id);
  }
  const files = [...new Set(clauses.filter((c) => ids.has(c.id)).map((c) => c.file))].sort();
  return { ids, files, unmatched };
}

function matches(selector: string, clause: Clause, areaOf: ReadonlyMap<string, string>): boolean {
  if (/^[A-Z0-9*?-]+$/.test(selector)) return globToRegExp(selector).test(clause.id);
  if (/^(GET|POST|PATCH|DELETE)\s/i.test(selector))
    return clause.endpoint.toUpperCase() === selector.replace(/\s+/, ' ').toUpperCase();
  // An operation's RESP-* and BAD-* clauses are checked in suites/conventions, yet they are the operation's: an
  // area selects those of its operations too.
  return clause.area === selector || (/^(RESP|BAD)-/.test(clause.id) && areaOf.get(clause.endpoint) === selector);
}

/**
 * The area each operation belongs to: that of the check that exercises it for its RESP-* clause (one per operation,
 * in the operation's own suite file), so that an operation other areas also call (AUTH-004 on POST /drafts) stays
 * with its own.
 */
function operationAreas(clauses: readonly Clause[]): Map<string, string> {
  return new Map(clauses.filter((c) => c.exercisesOperation).map((c) => [c.endpoint, c.area]));
}

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}
