/**
 * Expected-failure files: a target's known departures, kept outside the test code (one file per target, e.g.
 * fixtures/expected-failures/zulip.json). Listed clauses still run; a failure is reported as known-failure (not
 * counted against the target), a pass as an unexpected pass, and an entry naming no clause as stale.
 *
 * An entry may name the releases it applies to: `since` (the feature level from which the departure exists) and
 * `until` (the level at which it was fixed, exclusive), with `releases` saying the same in words. An entry applies
 * to a target only when the target's feature level is within [since, until), or when the level is unknown; one
 * that does not apply is neither expected nor stale, and its clause is judged normally (applicableAt).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../config/load.ts';

const LEVEL = z.number().int('expected a whole feature level').nonnegative('expected a feature level of 0 or more');

const ENTRY = z
  .object({
    id: z.string().regex(/^[A-Z][A-Z0-9-]*-\d{3}$/, 'expected a clause id such as DRAFTS-LIST-002'),
    reason: z.string().min(1, 'say why the target fails this clause'),
    link: z.string().url().optional(),
    since: LEVEL.optional(),
    until: LEVEL.optional(),
    releases: z.string().min(1, 'say which releases the departure applies to').optional(),
  })
  .refine((e) => e.since === undefined || e.until === undefined || e.since < e.until, {
    message: 'since must be below until (until is the first level without the departure)',
    path: ['until'],
  });

const FILE = z.object({
  target: z.string().optional(),
  failures: z.array(ENTRY),
});

/** One entry of an expected-failures file, as written. */
export type ExpectedFailure = z.infer<typeof ENTRY>;

export interface ExpectedFailures {
  file: string;
  /** Clause id → why it is expected to fail (with the link, when given). */
  byId: Record<string, string>;
  /** Entries that name no registered clause. */
  stale: string[];
  /** The entries that name a registered clause, with the releases they apply to. */
  entries: ExpectedFailure[];
}

const reasonOf = (entry: ExpectedFailure) => (entry.link ? `${entry.reason} (${entry.link})` : entry.reason);

export function loadExpectedFailures(file: string, knownIds: ReadonlySet<string>): ExpectedFailures {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([`EXPECTED_FAILURES=${file}: ${(error as Error).message}`]);
  }
  const parsed = FILE.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `EXPECTED_FAILURES=${file}: ${i.path.join('.')}: ${i.message}`),
    );
  }
  const byId: Record<string, string> = {};
  const stale: string[] = [];
  const entries: ExpectedFailure[] = [];
  for (const entry of parsed.data.failures) {
    if (!knownIds.has(entry.id)) stale.push(entry.id);
    else {
      byId[entry.id] = reasonOf(entry);
      entries.push(entry);
    }
  }
  return { file, byId, stale, entries };
}

/** Whether an entry applies at a feature level: within [since, until), or always when the level is unknown. */
export function appliesAt(
  entry: Pick<ExpectedFailure, 'since' | 'until'>,
  featureLevel: number | null | undefined,
): boolean {
  if (featureLevel === null || featureLevel === undefined) return true;
  if (entry.since !== undefined && featureLevel < entry.since) return false;
  if (entry.until !== undefined && featureLevel >= entry.until) return false;
  return true;
}

/**
 * The expectations that apply to a target at `featureLevel` (null or undefined: unknown, and every entry applies):
 * the same file and stale entries, with `entries` and `byId` narrowed to the entries whose releases include it.
 */
export function applicableAt(expected: ExpectedFailures, featureLevel: number | null | undefined): ExpectedFailures {
  const entries = expected.entries.filter((entry) => appliesAt(entry, featureLevel));
  const byId: Record<string, string> = {};
  for (const entry of entries) byId[entry.id] = reasonOf(entry);
  return { ...expected, entries, byId };
}
