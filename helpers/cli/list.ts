/** `--list` and `--list-faults`: the clauses, grouped by endpoint as the report groups them; the reference's faults. */
import type { Clause } from '../clauses/types.ts';

export function formatClauseList(clauses: readonly Clause[]): string {
  const width = Math.max(...clauses.map((c) => c.id.length));
  const lines = [...clauses]
    .sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.id.localeCompare(b.id))
    .map((c) => {
      const dated = c.since !== undefined ? ` [level ${c.since}+]` : '';
      const deprecated = c.deprecatedAt !== undefined ? ` [deprecated at ${c.deprecatedAt}]` : '';
      return `${c.id.padEnd(width)}  ${c.level.padEnd(6)}  ${c.endpoint.padEnd(24)}  ${c.title} (${c.section})${dated}${deprecated}`;
    });
  return `${lines.join('\n')}\n${clauses.length} clauses`;
}

/** What the list shows of a fault of the reference's catalogue (reference/faults.ts FaultInfo, passed in). */
export interface ListedFault {
  readonly clause: string;
  readonly description: string;
  readonly alsoBreaks?: readonly string[];
}

/** Each fault with the clause it breaks (and the rules over every operation it breaks too), in catalogue order. */
export function formatFaultList(faults: Readonly<Record<string, ListedFault>>): string {
  const entries = Object.entries(faults);
  const width = Math.max(...entries.map(([id]) => id.length));
  const clauseWidth = Math.max(...entries.map(([, f]) => f.clause.length));
  const lines = entries.map(([id, f]) => {
    const also = f.alsoBreaks?.length ? ` (also breaks ${f.alsoBreaks.join(', ')})` : '';
    return `${id.padEnd(width)}  ${f.clause.padEnd(clauseWidth)}  ${f.description}${also}`;
  });
  return `${lines.join('\n')}\n${entries.length} faults: REFERENCE_FAULTS=a,b npm run conformance (or npm run reference -- --faults a,b)`;
}
