import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnv } from '../../helpers/config/load.ts';
import { describeConfig } from '../../helpers/config/summary.ts';
import { referenceOptionProblems } from '../../reference/options.ts';

/** What the command line reports: the configuration's own problems and the reference's about its options. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, referenceOptionProblems);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('defaults to the embedded server with every role of the reference realm', () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.profile).toBe('full');
    expect(config.allowRealmChanges).toBe(true);
    expect(Object.keys(config.accounts).sort()).toEqual([
      'admin',
      'bot',
      'guest',
      'member',
      'member2',
      'moderator',
      'owner',
    ]);
    expect(config.accounts.member?.email).toBe('hamlet@zulip.com');
  });

  it('names the variable of every bad value, all at once', () => {
    const found = problems({ PROFILE: 'deep', REQUEST_TIMEOUT_MS: 'soon', TARGET_URL: 'ftp://x', CONCURRENCY: '0' });
    expect(found).toHaveLength(4);
    for (const name of ['PROFILE', 'REQUEST_TIMEOUT_MS', 'TARGET_URL', 'CONCURRENCY']) {
      expect(
        found.some((p) => p.startsWith(`${name}=`)),
        name,
      ).toBe(true);
    }
  });

  it('disables unset roles on an external target, naming their variables', () => {
    const config = loadConfig({
      TARGET_URL: 'https://chat.example.com/api/v1/',
      MEMBER_EMAIL: 'a@example.com',
      MEMBER_API_KEY: 'k'.repeat(32),
    });
    expect(config.targetUrl).toBe('https://chat.example.com');
    expect(config.accounts.member?.apiKey).toBe('k'.repeat(32));
    expect(config.disabledRoles.admin).toMatch(/ADMIN_EMAIL/);
    expect(config.allowRealmChanges).toBe(false);
  });

  it('refuses half-configured accounts', () => {
    expect(problems({ TARGET_URL: 'http://x', ADMIN_EMAIL: 'iago@example.com' })).toEqual([
      expect.stringMatching(/ADMIN_API_KEY nor ADMIN_PASSWORD/),
    ]);
    expect(problems({ TARGET_URL: 'http://x', GUEST_PASSWORD: 'pw' })).toEqual([
      expect.stringMatching(/GUEST_EMAIL is not set/),
    ]);
    expect(problems({ TARGET_URL: 'http://x', GUEST_EMAIL: 'polonius', GUEST_PASSWORD: 'pw' })).toEqual([
      expect.stringMatching(/GUEST_EMAIL=/),
    ]);
  });

  it('keeps faults to the embedded server', () => {
    expect(problems({ TARGET_URL: 'http://x', REFERENCE_FAULTS: 'drafts-oldest-first' })).toEqual([
      expect.stringMatching(/REFERENCE_FAULTS/),
    ]);
  });

  it('takes the reference feature level for the embedded server only, and one the reference can answer as', () => {
    expect(loadConfig({ REFERENCE_FEATURE_LEVEL: '185' }).referenceFeatureLevel).toBe(185);
    expect(problems({ TARGET_URL: 'http://x', REFERENCE_FEATURE_LEVEL: '185' })).toEqual([
      expect.stringMatching(/REFERENCE_FEATURE_LEVEL applies to the embedded server only/),
    ]);
    expect(problems({ REFERENCE_FEATURE_LEVEL: '999' })).toEqual([
      expect.stringMatching(/REFERENCE_FEATURE_LEVEL: a feature level from 1 to 472/),
    ]);
  });

  it("reports the reference's judgement of the options it passes through, under their variables", () => {
    const env = { REFERENCE_FAULTS: 'nope', REFERENCE_VARIANTS: 'never', REFERENCE_FLAVOUR: 'django' };
    expect(problems(env)).toEqual([
      'REFERENCE_FAULTS: unknown fault(s) nope (--list-faults lists them)',
      expect.stringMatching(/^REFERENCE_VARIANTS: unknown variant\(s\): never \(known: /),
      'REFERENCE_FLAVOUR: unknown flavour "django" (known: contract, zulip)',
    ]);
    // Without the reference's check the names go through as given: the server refuses them when it starts.
    expect(loadConfig(env)).toMatchObject({ referenceFaults: ['nope'], referenceFlavour: 'django' });
  });

  it('is frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.accounts.member)).toBe(true);
  });

  it('reads .env under the process environment', () => {
    const file = join(tmpdir(), `cf-env-${process.pid}`);
    writeFileSync(file, 'PROFILE=quick\nSEED=7\n');
    const env = readEnv(file, { SEED: '9' });
    expect(loadConfig(env)).toMatchObject({ profile: 'quick', seed: 9 });
    expect(() => readEnv(`${file}-missing`, {}, true)).toThrow(ConfigError);
  });

  it('prints a summary without secrets', () => {
    const key = 'S3cretKeyS3cretKeyS3cretKeyS3cre';
    const text = describeConfig(
      loadConfig({
        TARGET_URL: 'http://x',
        MEMBER_EMAIL: 'a@example.com',
        MEMBER_API_KEY: key,
        OWNER_EMAIL: 'o@example.com',
        OWNER_PASSWORD: 'hunter22',
      }),
    );
    expect(text).toContain('a@example.com (API key from MEMBER_API_KEY)');
    expect(text).toContain('o@example.com (password from OWNER_PASSWORD)');
    expect(text).not.toContain(key);
    expect(text).not.toContain('hunter22');
  });
});
