/**
 * Clauses are declared where they are checked: `check(id, sentence, options, body)` in a suite file is one clause and
 * its check (helpers/checks/check.ts). The catalogue (suites/catalog.ts) imports the suite files while declaring:
 * each `check()` then hands over its clause and makes no test, so the catalogue is read from the checks themselves
 * and cannot disagree with them.
 */
import { pathToFileURL } from 'node:url';
import { OPERATIONS } from '../../contract/model.ts';
import { keyOf } from '../../contract/operation.ts';
import type { Clause } from './types.ts';

/** Operation ("POST /drafts") → the feature level it exists from, for the operations Zulip's changelog dates. */
const OPERATION_SINCE = new Map(OPERATIONS.flatMap((op) => (op.since === undefined ? [] : [[keyOf(op), op.since]])));

/** A clause holds from its own level, and never before its operation exists (the model dates the operation). */
export function sinceOf(spec: { since?: number; endpoint: string }): number | undefined {
  const levels = [spec.since, OPERATION_SINCE.get(spec.endpoint)].filter((s): s is number => s !== undefined);
  return levels.length ? Math.max(...levels) : undefined;
}

let declaring: Clause[] | undefined;

/** True while the catalogue reads the suite files: a check then declares its clause and makes no vitest test. */
export const declaringOnly = (): boolean => declaring !== undefined;

export function declare(clause: Clause): void {
  if (!declaring) throw new Error(`${clause.id} declared outside the catalogue's reading of the suite files`);
  const other = declaring.find((c) => c.id === clause.id);
  if (other) throw new Error(`${clause.id} is checked twice: in ${other.file} and in ${clause.file}`);
  declaring.push(clause);
}

/**
 * The clauses the suite files (absolute paths) declare, in file order and, within a file, in the order of its
 * checks. Each file must be imported here first: one already loaded would not declare again.
 */
export async function declaredIn(files: readonly string[]): Promise<Clause[]> {
  if (declaring) throw new Error('the suite files are already being read');
  const clauses: Clause[] = [];
  declaring = clauses;
  try {
    for (const file of files) {
      const before = clauses.length;
      await import(pathToFileURL(file).href);
      if (clauses.length === before) throw new Error(`${file} declared no clause: a suite file holds checks`);
    }
  } finally {
    declaring = undefined;
  }
  return clauses;
}
