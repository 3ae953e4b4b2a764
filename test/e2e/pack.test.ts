// The published shape: `npm pack`, install the tarball in an empty folder, run the bin against the embedded server.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAUSES } from '../../suites/catalog.ts';
import { ROOT } from './run-conformance.ts';

const dir = mkdtempSync(join(tmpdir(), 'cf-pack-'));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  const tarball = npm(['pack', '--pack-destination', dir, '--silent'], ROOT).trim().split('\n').at(-1)!;
  writeFileSync(join(dir, 'package.json'), '{"name":"adopter","private":true}');
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)], dir);
}, 180_000);

const bin = (args: string[]) =>
  spawnSync(join(dir, 'node_modules/.bin/teamchat-conformance'), args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, SEED: '11' },
  });

describe('the packed command', () => {
  it('lists every clause', () => {
    const out = bin(['--list']);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain(`${CLAUSES.length} clauses`);
    for (const c of CLAUSES) expect(out.stdout).toContain(c.id);
  });

  it('runs checks against the embedded reference server and writes reports in the working folder', () => {
    const out = bin(['--only', 'drafts,AUTH-005', '--report-dir', 'out']);
    expect(out.status, out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toMatch(/clauses 19: 19 passed/);
    expect(out.stdout).toContain(join(dir, 'out', 'conformance.html'));
  }, 60_000);

  it('explains a bad flag with exit status 2', () => {
    const out = bin(['--shard', '3/2']);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/--shard takes I\/N/);
  });
});
