/** `--list`: every clause, one per line, grouped by endpoint as the report groups them. */
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
