// Configurations a user tries first: a URL that is not the API, no accounts, one account at a time. None of them may
// end in a harness error: a wrong target stops the run with one line, and a check that lacks an account is disabled,
// naming the variable that would enable it.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { ROLE_ENV_PREFIX, ROLES, type Role } from '../../helpers/roles.ts';
import { RunPool } from '../support/run-pool.ts';
import { runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

/** What a reason for a disabled check must name: an account's variables, or the realm-changes switch. */
const NAMES_A_VARIABLE = /\b[A-Z0-9]+_(EMAIL|API_KEY|PASSWORD)\b|ALLOW_REALM_CHANGES/;

describe('a target that is not a Team Chat API server (a plain web server)', () => {
  let site: Server;
  let url: string;
  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body><h1>Not Found</h1></body></html>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const address = site.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => site.close(() => r())));

  it('stops before any check with one line saying what was asked and what came back, exit 2', async () => {
    const run = await runConformance({ env: { TARGET_URL: url } });
    expect(run.code).toBe(2);
    expect(run.results).toBeUndefined();
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^teamchat-conformance: GET ${url}/api/v1/users/me answered HTTP 404 \\(text/html\\): <!DOCTYPE`),
    );
    expect(lines[1]).toMatch(/does not answer like a Team Chat API server/);
    expect(lines.length).toBe(2);
  }, 60_000);
});

// Eight whole runs: run in two long-lived workers (one vitest instance each) rather than eight processes, which
// would spend most of their CPU starting up. What a run starts from (a TARGET_URL and the accounts' variables) is as
// the command line has it; the command line itself is tested above and in external.test.ts.
describe('any subset of roles against a production-like reference (no POST /dev_fetch_api_key)', () => {
  const pool = new RunPool();
  beforeAll(() => pool.start(2, { concurrency: 2 }), 60_000);
  afterAll(() => pool.stop(), 30_000);

  const only = (role: Role | undefined) =>
    role
      ? {
          [`${ROLE_ENV_PREFIX[role]}_EMAIL`]: REFERENCE_ACCOUNTS[role].email,
          [`${ROLE_ENV_PREFIX[role]}_API_KEY`]: REFERENCE_ACCOUNTS[role].apiKey,
        }
      : {};

  const cases: [string, Role | undefined][] = [
    ['no account', undefined],
    ...ROLES.map((r) => [`the ${r} alone`, r] as [string, Role]),
  ];
  it.concurrent.each(cases)(
    'with %s: no error, no failure; every check it cannot run is disabled, naming a variable',
    async (_label, role) => {
      const run = await pool.run({
        external: true,
        server: { developmentLogin: false },
        env: only(role),
        profile: 'quick',
      });
      expect(run.error).toBeUndefined();
      const clauses = run.results!.clauses;
      const wrong = clauses
        .filter((c) => !['passed', 'disabled'].includes(c.outcome) && !SKIPPED_BY_DESIGN.includes(c.id))
        .map((c) => `${c.id}: ${c.outcome} ${c.reason}`);
      expect(wrong).toEqual([]);
      expect(run.exitCode).toBe(0);
      const unnamed = clauses
        .filter((c) => c.outcome === 'disabled' && !NAMES_A_VARIABLE.test(c.reason ?? ''))
        .map((c) => `${c.id}: ${c.reason}`);
      expect(unnamed).toEqual([]);
    },
    120_000,
  );
});
