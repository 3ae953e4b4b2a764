/**
 * `--only`: which clauses to run. A selector is a clause id or glob (`DRAFTS-*`), an endpoint (`GET /drafts`),
 * or an area (the suite folder, `drafts`). The run then loads only the suite files that check those clauses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Clause } from '../clauses/types.ts';

export interface Selection {
  ids: Set<string>;
  files: string[];
  unmatched: string[];
}

/** Every `check('ID', …)` of the suite files (`*.test.ts`, `*.model.ts`), with its file (relative, `/`-separated). */
export function checkEntries(root: string): { id: string; file: string }[] {
  const entries: { id: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(test|model)\.ts$/.test(entry.name)) {
        const file = relative(root, path).split(sep).join('/');
        for (const m of readFileSync(path, 'utf8').matchAll(/\bcheck\(\s*'([^']+)'/g))
          entries.push({ id: m[1]!, file });
      }
    }
  };
  walk(join(root, 'suites'));
  return entries;
}

/** Clause id → the suite file that checks it. */
export function checkIndex(root: string): Map<string, string> {
  return new Map(checkEntries(root).map((e) => [e.id, e.file]));
}

export function select(
  selectors: readonly string[],
  clauses: readonly Clause[],
  index: Map<string, string>,
): Selection {
  const ids = new Set<string>();
  const unmatched: string[] = [];
  for (const selector of selectors) {
    const matching = clauses.filter((c) => matches(selector, c, index.get(c.id)));
    if (matching.length === 0) unmatched.push(selector);
    for (const c of matching) ids.add(c.id);
  }
  const files = [...new Set([...ids].map((id) => index.get(id)).filter((f): f is string => f !== undefined))].sort();
  return { ids, files, unmatched };
}

function matches(selector: string, clause: Clause, file: string | undefined): boolean {
  if (/^[A-Z0-9*?-]+$/.test(selector)) return globToRegExp(selector).test(clause.id);
  if (/^(GET|POST|PATCH|DELETE)\s/i.test(selector))
    return clause.endpoint.toUpperCase() === selector.replace(/\s+/, ' ').toUpperCase();
  return file !== undefined && file.split('/')[1] === selector;
}

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}
