// The command line's small promises, as a user meets them: --list honours --only, --list-faults names each fault's
// clause, and a configuration mistake is one line and exit status 2, never a stack trace. None of these runs a check.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './run-conformance.ts';

const BIN = join(ROOT, 'bin/teamchat-conformance.mjs');

/** The command as npx runs it: the file itself, through its shebang. */
function command(args: string[], env: Record<string, string> = {}) {
  const out = spawnSync(BIN, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe('the command line', () => {
  it('lists the clauses --only selects, an area with its operations’ RESP-* and BAD-* clauses', () => {
    const out = command(['--list', '--only', 'drafts']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^RESP-DRAFTS-CREATE-001 /m);
    expect(out.stdout).toMatch(/^BAD-DRAFTS-CREATE-001 /m);
    expect(out.stdout).not.toMatch(/^(AUTH|EXPLORE|MSG)-/m);
    expect(command(['--list', '--only', 'NOPE-*']).code).toBe(2);
  }, 30_000);

  it('lists every fault with the clause it breaks', () => {
    const out = command(['--list-faults']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^drafts-oldest-first +DRAFTS-LIST-002 +GET \/drafts lists drafts oldest first\./m);
  }, 30_000);

  for (const [what, args, env, message] of [
    ['an unknown fault', [], { REFERENCE_FAULTS: 'nope' }, /REFERENCE_FAULTS: unknown fault\(s\) nope/],
    ['an unknown variant', [], { REFERENCE_VARIANTS: 'nope' }, /REFERENCE_VARIANTS: unknown variant\(s\): nope/],
    ['a missing --env-file', ['--env-file', '/nonexistent/x.env'], {}, /env file \/nonexistent\/x\.env does not exist/],
    [
      'a report directory it cannot write',
      ['--report-dir', '/etc/hostname/reports'],
      {},
      /REPORT_DIR \/etc\/hostname\/reports cannot be written/,
    ],
    [
      'a baseline that is no report',
      ['--baseline', '/etc/hostname'],
      {},
      /--baseline \/etc\/hostname is not a conformance\.json/,
    ],
  ] as const) {
    it(`stops on ${what} with one line, exit 2`, () => {
      const out = command([...args], { ...env, ENV_FILE: '/dev/null' });
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(message);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
    }, 30_000);
  }
});
