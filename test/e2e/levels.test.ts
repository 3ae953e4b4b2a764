// The whole suite against the reference answering as the releases operators still run (REFERENCE_FEATURE_LEVEL):
// Zulip 7.0 (feature level 185), 8.0 (237) and 9.0 (277), the level each shipped with by Zulip's API changelog. An
// older server is judged by what it has: no failure and no error, and exactly the clauses dated later are reported
// not-applicable, naming their level. The Zulip flavour at the oldest: its departures of that release only.
// The two older releases run with realm-older-defaults on, the defaults a realm made before Zulip 9.0 keeps (members
// may not move messages to another channel or topic nor delete their own, resolves limited, the empty topic
// disabled): no check may rely on a later default, and the same runs cost nothing more. The realm's group settings came after all three
// releases: a check that needs one ends skipped-unsupported, naming it. The 7.0 run also undoes what it created, as
// a run against a lasting target does, and must leave the target as it found it (its clean-up then falls back on the
// older delete_own_message_policy).
// The runs go to two long-lived workers (one vitest instance each), not a process each: whole runs are the
// costliest thing `npm test` does, and the command line is tested elsewhere.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliesAt } from '../../helpers/expectations/expected-failures.ts';
import { RunPool } from '../support/run-pool.ts';
import { failedOrErrored, SKIPPED_BY_DESIGN } from './run-conformance.ts';

const OLDER_DEFAULTS = ['realm-older-defaults'];
const RELEASES = [
  { release: 'Zulip 7.0', level: 185, variants: OLDER_DEFAULTS, residue: true as const },
  { release: 'Zulip 8.0', level: 237, variants: OLDER_DEFAULTS },
  { release: 'Zulip 9.0', level: 277, variants: [] },
];

/**
 * The realm settings a check widens for the accounts it needs (suites/messages/permitted.ts), by the feature level
 * that brought each (Zulip's api_docs/changelog.md): a server older than one reports no such setting, and the check
 * says so rather than guess who may act.
 */
const LATER_REALM_SETTINGS: Readonly<Record<string, number>> = {
  can_move_messages_between_channels_group: 310,
  can_move_messages_between_topics_group: 316,
  can_resolve_topics_group: 367,
};
/** A skip explained by the realm setting it names being later than `level`. */
const laterSetting = (reason: string | undefined, level: number): boolean => {
  const name = /POST \/register reports no realm_(\w+)/.exec(reason ?? '')?.[1];
  return name !== undefined && (LATER_REALM_SETTINGS[name] ?? 0) > level;
};

const FILE = 'fixtures/expected-failures/zulip.json';
const listed: { id: string; since?: number; until?: number }[] = JSON.parse(readFileSync(FILE, 'utf8')).failures;

const pool = new RunPool();
beforeAll(() => pool.start(2, { concurrency: 2 }), 60_000);
afterAll(() => pool.stop(), 30_000);

describe.concurrent.each(RELEASES)(
  'the suite against the reference answering as $release (level $level)',
  ({ level, variants, residue }) => {
    it('fails nothing, ends nothing in error, and reports exactly the later clauses not-applicable', async () => {
      const run = await pool.run({ server: { featureLevel: level, variants }, profile: 'quick', seed: 5, residue });
      expect(run.error).toBeUndefined();
      const clauses = run.results!.clauses;
      expect(failedOrErrored(run)).toEqual([]);
      expect(run.exitCode).toBe(0);
      expect(run.results!.run.featureLevel).toBe(level);

      const later = clauses.filter((c) => c.since !== undefined && c.since > level);
      const notApplicable = clauses.filter((c) => c.outcome === 'not-applicable');
      expect(notApplicable.map((c) => c.id).sort()).toEqual(later.map((c) => c.id).sort());
      // A RESP-* clause with no answer of its operation to judge gives its driving check's reason (and level).
      for (const c of later)
        expect(c.reason, c.id).toMatch(
          c.id.startsWith('RESP-') ? /needs feature level \d+/ : new RegExp(`needs feature level ${c.since}\\b`),
        );
      const judged = clauses.filter((c) => c.outcome === 'passed' || c.outcome === 'warned').length;
      const skipped = clauses.filter((c) => c.outcome === 'skipped-unsupported').map((c) => c.id);
      console.log(`level ${level}: ${judged} judged, ${later.length} not-applicable, skipped ${skipped.join(', ')}`);
      // EDIT-TOPIC-004 reads the channel's topics policy, which the reference at these levels does not report (its
      // realm_topics_policy came later, at 392): it says so rather than guess. The checks that need a realm group
      // setting (moves between channels and topics, resolving) name the setting the server does not report.
      const unexplained = clauses.filter(
        (c) =>
          c.outcome === 'skipped-unsupported' &&
          !SKIPPED_BY_DESIGN.includes(c.id) &&
          !(c.id === 'EDIT-TOPIC-004' && /topics_policy/.test(c.reason ?? '')) &&
          !laterSetting(c.reason, level),
      );
      expect(unexplained.map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
      // The path is taken at every one of these levels (all older than every such setting).
      expect(clauses.filter((c) => c.outcome === 'skipped-unsupported' && laterSetting(c.reason, level))).not.toEqual(
        [],
      );
      if (residue) {
        // The run's clean-up could undo everything: nothing it names left, and the target as it was.
        expect(run.residue?.leftovers).toEqual([]);
        expect(run.residue?.changed).toEqual({});
      }
    }, 180_000);
  },
);

describe.concurrent('the Zulip flavour answering as Zulip 7.0 (level 185), with Zulip’s expected failures', () => {
  it("fails nothing, and reports as known failures exactly the file's departures of that release", async () => {
    const level = 185;
    const run = await pool.run({
      server: { featureLevel: level, flavour: 'zulip' },
      profile: 'quick',
      seed: 5,
      expectedFailures: FILE,
    });
    expect(run.error).toBeUndefined();
    const clauses = run.results!.clauses;
    expect(failedOrErrored(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const known = clauses.filter((c) => c.outcome === 'known-failure').map((c) => c.id);
    const due = listed.filter((e) => appliesAt(e, level)).map((e) => e.id);
    const judged = new Set(clauses.filter((c) => c.outcome !== 'not-applicable').map((c) => c.id));
    expect(known.sort()).toEqual(due.filter((id) => judged.has(id)).sort());
  }, 180_000);
});
