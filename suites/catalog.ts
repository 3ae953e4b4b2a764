/**
 * Every clause the suite checks, read from the checks themselves: each suite file (a *.test.ts or *.model.ts file
 * anywhere in an area's folder, as vitest.conformance.config.ts includes them) declares its clauses with their checks,
 * and the catalogue imports them to gather the declarations (helpers/clauses/declare.ts), kept between processes for
 * the same sources (helpers/clauses/catalogue-cache.ts). The report is per clause; ids are pinned in
 * fixtures/clause-ids.json. Importing this module runs no check: `--list` and `--only` read it without a run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedDeclarations, sourcesHash } from '../helpers/clauses/catalogue-cache.ts';
import { declaredIn } from '../helpers/clauses/declare.ts';
import type { Clause } from '../helpers/clauses/types.ts';
import { responseClauses } from './conventions/responses.ts';

/** The areas in report order (from the envelope out to the exploration); a folder not named here comes last. */
const AREA_ORDER = [
  'conventions',
  'auth',
  'drafts',
  'events',
  'users',
  'realm',
  'user_groups',
  'push',
  'messages',
  'typing',
  'channels',
  'explore',
];

const SUITES = fileURLToPath(new URL('.', import.meta.url));
/** What a declaration can depend on: the suites, the harness they call, the fixtures it reads. */
const SOURCES = ['.', '../helpers', '../fixtures'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

/** The suite files, area by area, each area's in name order. */
function suiteFiles(): string[] {
  const files = readdirSync(SUITES, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /^[^/]+\/.+\.(test|model)\.ts$/.test(f));
  const rank = (f: string) => {
    const i = AREA_ORDER.indexOf(f.split('/')[0]!);
    return i < 0 ? AREA_ORDER.length : i;
  };
  return files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((f) => join(SUITES, f));
}

const CHECKED: readonly Clause[] = await cachedDeclarations(sourcesHash(SOURCES), () => declaredIn(suiteFiles()));

/** The clauses with a check of their own, then those judged over every response of an operation (RESP-*). */
export const CLAUSES: readonly Clause[] = [...CHECKED, ...responseClauses(CHECKED)];
