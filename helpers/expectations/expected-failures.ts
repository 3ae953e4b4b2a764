/**
 * Expected-failure files: a target's known departures, kept outside the test code (one file per target, e.g.
 * fixtures/expected-failures/zulip.json). Listed clauses still run; a failure is reported as known-failure (not
 * counted against the target), a pass as an unexpected pass, and an entry naming no clause as stale.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../config/load.ts';

const FILE = z.object({
  target: z.string().optional(),
  failures: z.array(
    z.object({
      id: z.string().regex(/^[A-Z][A-Z0-9-]*-\d{3}$/, 'expected a clause id such as DRAFTS-LIST-002'),
      reason: z.string().min(1, 'say why the target fails this clause'),
      link: z.string().url().optional(),
    }),
  ),
});

export interface ExpectedFailures {
  file: string;
  /** Clause id → why it is expected to fail (with the link, when given). */
  byId: Record<string, string>;
  /** Entries that name no registered clause. */
  stale: string[];
}

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
  for (const entry of parsed.data.failures) {
    if (!knownIds.has(entry.id)) stale.push(entry.id);
    else byId[entry.id] = entry.link ? `${entry.reason} (${entry.link})` : entry.reason;
  }
  return { file, byId, stale };
}
