/**
 * Every configuration variable, in the order docs/command-line.md and .env.example list them.
 * Each entry parses one raw string; a bad value throws with a message that names the variable.
 */
import { z } from 'zod';
import { ROLE_ENV_PREFIX, ROLES } from '../roles.ts';

export const PROFILES = ['quick', 'full', 'nightly'] as const;
export type Profile = (typeof PROFILES)[number];

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', ''].includes(v), 'expected true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `expected a number from 1 to ${max}`);

const targetUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), 'expected an http:// or https:// URL, or empty')
  // Accept the base URL with or without the API prefix; the client adds /api/v1 itself.
  .transform((v) => v.replace(/\/+$/, '').replace(/\/api\/v1$/, ''));

export const SETTINGS = {
  TARGET_URL: {
    schema: targetUrl,
    fallback: '',
    doc: 'Base URL of the server under test; empty = start the embedded reference server',
  },
  SEED: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'expected a whole number (up to 10 digits)')
      .transform(Number),
    fallback: undefined,
    doc: 'Seed for every generated value and property run; printed first in every run (random when unset)',
  },
  PROFILE: {
    schema: z.enum(PROFILES, { message: 'expected quick, full or nightly' }),
    fallback: 'full',
    doc: 'Depth of property runs: quick (CI), full, nightly',
  },
  REQUEST_TIMEOUT_MS: {
    schema: positiveInt(600_000),
    fallback: '15000',
    doc: 'Time limit of one HTTP request, in milliseconds',
  },
  CONCURRENCY: {
    schema: positiveInt(32),
    // Checks mostly wait on the target (and the edit slice on time limits): 4 files at once suit 2 cores.
    fallback: '4',
    doc: 'Suite files run at once (each with its own connections); unset: 4, or 12 on a target that shows a per-user rate limit',
  },
  REPORT_DIR: {
    schema: z.string().trim().min(1, 'must not be empty'),
    fallback: 'reports',
    doc: 'Where the reports are written',
  },
  ALLOW_REALM_CHANGES: {
    schema: bool,
    fallback: 'false',
    doc: 'Let checks change realm-wide settings on an external target (always on for the embedded server)',
  },
  FEATURE_LEVEL: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'expected a whole number')
      .transform(Number),
    fallback: undefined,
    doc: 'Judge the target as this feature level instead of the one it reports',
  },
  SWEEP_AFTER_MINUTES: {
    schema: z
      .string()
      .trim()
      .regex(/^\d+$/, 'expected a whole number of minutes (0 or more)')
      .transform(Number)
      .refine((n) => n <= 100_000, 'expected at most 100000'),
    fallback: '120',
    doc: 'Leftovers of earlier runs older than this are removed at start (0: all of them; only when no other run is live)',
  },
  EXPLORE_MINUTES: {
    schema: z
      .string()
      .trim()
      .regex(/^\d+$/, 'expected a whole number of minutes (0 or more)')
      .transform(Number)
      .refine((n) => n <= 10_000, 'expected at most 10000'),
    fallback: '0',
    doc: "After the profile's own, keep exploring sequences (EXPLORE-*) with fresh seeds for this many minutes (nightly jobs); each distinct failure is reported once",
  },
  LEASE_SECONDS: {
    schema: positiveInt(3600),
    fallback: '120',
    doc: "How long a run's lease on shared state (realm edit settings, mutes, …) outlives its holder: a killed run's lease lapses after this",
  },
  RATE_LIMIT_MAX_WAIT_SECONDS: {
    schema: positiveInt(3600),
    fallback: '60',
    doc: 'Longest Retry-After the client waits out on a 429 before giving up',
  },
  EXPECTED_FAILURES: {
    schema: z.string().trim(),
    fallback: '',
    doc: "A file of the target's known failures: they still run and are reported as known-failure",
  },
  MAX_RPS: {
    schema: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'expected a number of requests per second')
      .transform(Number)
      .refine((n) => n > 0, 'expected more than 0'),
    fallback: undefined,
    doc: 'At most this many requests per second to the target, all accounts together (unlimited when unset)',
  },
  REFERENCE_FAULTS: {
    schema: z.string().trim(),
    fallback: '',
    doc: "Embedded server only: comma-separated faults to start it with (the suite's own sensitivity tests)",
  },
  REFERENCE_VARIANTS: {
    schema: z.string().trim(),
    fallback: '',
    doc: 'Embedded server only: comma-separated conforming variants to start it with (choices the contract leaves open, made otherwise; see docs/variants.md)',
  },
  REFERENCE_FLAVOUR: {
    // A name the reference judges (helpers/config/load.ts, ReferenceOptionsCheck).
    schema: z.string().trim(),
    fallback: 'contract',
    doc: "Embedded server only: contract (the contract's reading) or zulip (real Zulip's known departures and choices)",
  },
  REFERENCE_EDIT_GRACE_SECONDS: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'expected a whole number of seconds')
      .transform(Number),
    fallback: undefined,
    doc: "Embedded server only: seconds of grace added to every edit and move time limit (default: the flavour's, 0 or Zulip's 20)",
  },
  REFERENCE_FEATURE_LEVEL: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'expected a whole number')
      .transform(Number),
    fallback: undefined,
    doc: 'Embedded server only: answer as a server of this feature level (e.g. 185 for Zulip 7.0): later fields, parameters and operations absent',
  },
} as const;

/** The account variables, role by role: `OWNER_EMAIL`, `OWNER_PASSWORD`, `OWNER_API_KEY`, … (bots have no password). */
export const ACCOUNT_VARS: readonly string[] = ROLES.flatMap((role) => {
  const p = ROLE_ENV_PREFIX[role];
  return role === 'bot' ? [`${p}_EMAIL`, `${p}_API_KEY`] : [`${p}_EMAIL`, `${p}_PASSWORD`, `${p}_API_KEY`];
});
