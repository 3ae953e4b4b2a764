/**
 * An area's clauses, declared beside its checks (`suites/<area>/clauses.ts`) and grouped by the suite file that
 * checks them: the file is part of the clause's data, so `--only` and the kill matrix know which file to load
 * without reading sources, and `check()` refuses a clause checked anywhere else.
 */
import type { Clause } from './types.ts';

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
    specs.map((spec): Clause => ({ ...spec, area: name, file: `suites/${name}/${file}` })),
  );
  return { name, clauses, byId: new Map(clauses.map((c) => [c.id as Files[keyof Files][number]['id'], c])) };
}
