/**
 * Loads the configuration once: `.env` (if present) under the process environment, validated, frozen.
 * A bad value fails fast with one line per bad variable, naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { REFERENCE_ACCOUNTS, type SeedUser } from '../../fixtures/realm.ts';
import { ROLE_ENV_PREFIX, ROLES, type Role } from '../roles.ts';
import { type Profile, SETTINGS } from './schema.ts';

export interface AccountConfig {
  readonly email: string;
  /** Exactly one of password and apiKey is used: the key when both are given. */
  readonly password?: string;
  readonly apiKey?: string;
  /** The variable that holds the secret, for messages and curl reproductions. */
  readonly secretVar: string;
  /** True for the reference realm's built-in accounts (embedded server, role not configured). */
  readonly fromDefault?: boolean;
}

export interface Config {
  readonly targetUrl: string;
  readonly embedded: boolean;
  readonly seed: number | undefined;
  readonly profile: Profile;
  readonly requestTimeoutMs: number;
  readonly concurrency: number;
  /** CONCURRENCY was not set: a target that shows a per-user rate limit gets more files at once (prepareWorld). */
  readonly concurrencyAuto: boolean;
  readonly reportDir: string;
  readonly allowRealmChanges: boolean;
  readonly featureLevel: number | undefined;
  readonly sweepAfterMinutes: number;
  readonly rateLimitMaxWaitSeconds: number;
  readonly leaseSeconds: number;
  /** Minutes of further exploration after the profile's sequences (EXPLORE_MINUTES). */
  readonly exploreMinutes: number;
  readonly referenceFaults: readonly string[];
  /** Embedded server only: grace added to its edit and move time limits. */
  /** Unset: the flavour's. */
  readonly referenceEditGraceSeconds: number | undefined;
  readonly referenceFeatureLevel: number | undefined;
  /** A name the reference judges (ReferenceOptionsCheck), as the faults and variants are. */
  readonly referenceFlavour: string;
  readonly referenceVariants: readonly string[];
  /** Path of the expected-failures file, or undefined. */
  readonly expectedFailures: string | undefined;
  readonly maxRps: number | undefined;
  readonly accounts: Readonly<Partial<Record<Role, AccountConfig>>>;
  /** Roles left unset, with the variables that would enable them. */
  readonly disabledRoles: Readonly<Partial<Record<Role, string>>>;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    // One mistake, one line; several, a line each.
    super(
      problems.length === 1
        ? `configuration error: ${problems[0]}`
        : `configuration errors:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** The reference realm's account of every role: typed here, so that a role without one fails to compile. */
const DEFAULT_ACCOUNTS: Readonly<Record<Role, SeedUser>> = REFERENCE_ACCOUNTS;

/** The REFERENCE_* options as the embedded server takes them: names the suite passes through without reading. */
export interface EmbeddedOptions {
  readonly faults: readonly string[];
  readonly variants: readonly string[];
  readonly flavour: string;
  readonly featureLevel?: number;
}

/**
 * The reference's own judgement of those options, one line per bad option (reference/options.ts): the entry that
 * starts the embedded server passes it in, so that the configuration names every mistake at once. Without it the
 * options go through unjudged, and the server refuses a bad one when it starts.
 */
export type ReferenceOptionsCheck = (options: EmbeddedOptions) => Partial<Record<keyof EmbeddedOptions, string>>;

const OPTION_VARIABLES: Record<keyof EmbeddedOptions, string> = {
  faults: 'REFERENCE_FAULTS',
  variants: 'REFERENCE_VARIANTS',
  flavour: 'REFERENCE_FLAVOUR',
  featureLevel: 'REFERENCE_FEATURE_LEVEL',
};

/** The process environment wins over the `.env` file; the file is optional unless named explicitly. */
export function readEnv(envFile = '.env', env: Env = process.env, required = false): Env {
  if (!existsSync(envFile)) {
    if (required) throw new ConfigError([`env file ${envFile} does not exist`]);
    return env;
  }
  return { ...parseDotenv(readFileSync(envFile)), ...env };
}

export function loadConfig(env: Env, checkReference?: ReferenceOptionsCheck): Config {
  const problems: string[] = [];
  const value = <K extends keyof typeof SETTINGS>(name: K) => {
    const setting = SETTINGS[name];
    const raw = nonEmpty(env[name]) ?? setting.fallback;
    if (raw === undefined) return undefined;
    const parsed = setting.schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`${name}=${JSON.stringify(raw)}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    return undefined;
  };

  const targetUrl = (value('TARGET_URL') as string | undefined) ?? '';
  const embedded = targetUrl === '';
  const { accounts, disabledRoles } = readAccounts(env, embedded, problems);
  const config: Config = {
    targetUrl,
    embedded,
    seed: value('SEED') as number | undefined,
    profile: (value('PROFILE') as Profile | undefined) ?? 'full',
    requestTimeoutMs: (value('REQUEST_TIMEOUT_MS') as number | undefined) ?? 15_000,
    concurrency: (value('CONCURRENCY') as number | undefined) ?? 4,
    concurrencyAuto: nonEmpty(env.CONCURRENCY) === undefined,
    reportDir: (value('REPORT_DIR') as string | undefined) ?? 'reports',
    allowRealmChanges: embedded || ((value('ALLOW_REALM_CHANGES') as boolean | undefined) ?? false),
    featureLevel: value('FEATURE_LEVEL') as number | undefined,
    sweepAfterMinutes: (value('SWEEP_AFTER_MINUTES') as number | undefined) ?? 120,
    rateLimitMaxWaitSeconds: (value('RATE_LIMIT_MAX_WAIT_SECONDS') as number | undefined) ?? 60,
    leaseSeconds: (value('LEASE_SECONDS') as number | undefined) ?? 120,
    exploreMinutes: (value('EXPLORE_MINUTES') as number | undefined) ?? 0,
    referenceFaults: splitList((value('REFERENCE_FAULTS') as string | undefined) ?? ''),
    referenceEditGraceSeconds: value('REFERENCE_EDIT_GRACE_SECONDS') as number | undefined,
    referenceFeatureLevel: value('REFERENCE_FEATURE_LEVEL') as number | undefined,
    referenceFlavour: (value('REFERENCE_FLAVOUR') as string | undefined) ?? 'contract',
    referenceVariants: splitList((value('REFERENCE_VARIANTS') as string | undefined) ?? ''),
    expectedFailures: (value('EXPECTED_FAILURES') as string | undefined) || undefined,
    maxRps: value('MAX_RPS') as number | undefined,
    accounts,
    disabledRoles,
  };
  if (!embedded && config.referenceFaults.length > 0) {
    problems.push('REFERENCE_FAULTS applies to the embedded server only: unset it or unset TARGET_URL');
  }
  if (!embedded && config.referenceVariants.length > 0) {
    problems.push('REFERENCE_VARIANTS applies to the embedded server only: unset it or unset TARGET_URL');
  }
  if (!embedded && config.referenceFeatureLevel !== undefined) {
    problems.push('REFERENCE_FEATURE_LEVEL applies to the embedded server only: unset it or unset TARGET_URL');
  }
  problems.push(...referenceProblems(config, checkReference));
  if (!embedded && config.referenceFlavour !== 'contract') {
    problems.push('REFERENCE_FLAVOUR applies to the embedded server only: unset it or unset TARGET_URL');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

function referenceProblems(config: Config, check: ReferenceOptionsCheck | undefined): string[] {
  const found =
    check?.({
      faults: config.referenceFaults,
      variants: config.referenceVariants,
      flavour: config.referenceFlavour,
      ...(config.referenceFeatureLevel !== undefined ? { featureLevel: config.referenceFeatureLevel } : {}),
    }) ?? {};
  return Object.entries(OPTION_VARIABLES).flatMap(([option, variable]) => {
    const problem = found[option as keyof EmbeddedOptions];
    if (!problem) return [];
    // The fault catalogue is too long to list in the line: --list-faults prints it, with the clause each breaks.
    return [`${variable}: ${problem}${option === 'faults' ? ' (--list-faults lists them)' : ''}`];
  });
}

function readAccounts(env: Env, embedded: boolean, problems: string[]) {
  const accounts: Partial<Record<Role, AccountConfig>> = {};
  const disabledRoles: Partial<Record<Role, string>> = {};
  for (const role of ROLES) {
    const p = ROLE_ENV_PREFIX[role];
    const email = nonEmpty(env[`${p}_EMAIL`]);
    const password = role === 'bot' ? undefined : nonEmpty(env[`${p}_PASSWORD`]);
    const apiKey = nonEmpty(env[`${p}_API_KEY`]);
    if (!email && !password && !apiKey) {
      if (embedded) {
        const seed = DEFAULT_ACCOUNTS[role];
        // The reference realm's credentials are public (.env.example); the password lets FETCHKEY checks run.
        accounts[role] = {
          email: seed.email,
          apiKey: seed.apiKey,
          ...(seed.password ? { password: seed.password } : {}),
          secretVar: `${p}_API_KEY`,
          fromDefault: true,
        };
      } else {
        disabledRoles[role] = `${p}_EMAIL with ${p}_API_KEY${role === 'bot' ? '' : ` or ${p}_PASSWORD`} is not set`;
      }
      continue;
    }
    if (!email) {
      problems.push(`${p}_EMAIL is not set, but ${password ? `${p}_PASSWORD` : `${p}_API_KEY`} is: set both`);
    } else if (!email.includes('@')) {
      problems.push(`${p}_EMAIL=${JSON.stringify(email)}: expected the account's API email address`);
    } else if (apiKey) {
      accounts[role] = { email, apiKey, ...(password ? { password } : {}), secretVar: `${p}_API_KEY` };
    } else if (password) {
      accounts[role] = { email, password, secretVar: `${p}_PASSWORD` };
    } else {
      problems.push(`${p}_EMAIL is set but neither ${p}_API_KEY nor ${p}_PASSWORD is`);
    }
  }
  return { accounts, disabledRoles };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function splitList(v: string): string[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
