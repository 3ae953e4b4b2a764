/**
 * An area's clauses, declared beside its checks (`suites/<area>/clauses.ts`) and grouped by the suite file that
 * checks them: the file is part of the clause's data, so `--only` and the kill matrix know which file to load
 * without reading sources, and `check()` refuses a clause checked anywhere else.
 */
import { OPERATIONS } from '../contract/model.ts';
import { keyOf } from '../contract/operation.ts';
import type { Clause } from './types.ts';

/** Operation ("POST /drafts") → the feature level it exists from, for the operations Zulip's changelog dates. */
const OPERATION_SINCE = new Map(OPERATIONS.flatMap((op) => (op.since === undefined ? [] : [[keyOf(op), op.since]])));

/** A clause holds from its own level, and never before its operation exists (the model dates the operation). */
export function sinceOf(spec: Pick<ClauseSpec, 'since' | 'endpoint'>): number | undefined {
  const levels = [spec.since, OPERATION_SINCE.get(spec.endpoint)].filter((s): s is number => s !== undefined);
  return levels.length ? Math.max(...levels) : undefined;
}

/** A clause as an area declares it; the area and file are filled in from where it is declared. */
export type ClauseSpec = Omit<Clause, 'area' | 'file'>;

export interface Area<Id extends string = string> {
  readonly name: string;
  /** In declaration order, each with its area and file. */
  readonly clauses: readonly Clause[];
  readonly byId: ReadonlyMap<Id, Clause>;
}

export function defineArea<const Files extends Record<string, readonly ClauseSpec[]>>(
  name: string,
  files: Files,
): Area<Files[keyof Files][number]['id']> {
  const clauses = Object.entries(files).flatMap(([file, specs]) =>
    specs.map((spec): Clause => {
      const since = sinceOf(spec);
      return { ...spec, ...(since !== undefined ? { since } : {}), area: name, file: `suites/${name}/${file}` };
    }),
  );
  return { name, clauses, byId: new Map(clauses.map((c) => [c.id as Files[keyof Files][number]['id'], c])) };
}
