/**
 * What the runner learned about the target before any check ran, handed to every worker (vitest `provide`).
 * Plain JSON: it crosses process boundaries.
 */
import type { Profile } from '../config/schema.ts';
import type { KeptNews } from '../http/rate-budget.ts';
import type { Role } from '../roles.ts';

export interface WorldAccount {
  /** The login address: Basic authentication and fetching a key use it. */
  email: string;
  /**
   * The account's API email (its user object's `email`): how recipients, principals and narrow operands name it.
   * It is the login address only where the account's email visibility is "everyone" (and for bots); Zulip shows
   * `user<ID>@<host>` otherwise, and answers the hidden login address as a recipient "Invalid email".
   */
  apiEmail: string;
  apiKey: string;
  /** Where the key came from, for curl reproductions (the key itself never appears). */
  secretVar: string;
  /** The password, when the account was configured with one (FETCHKEY checks need it). */
  password?: string;
  userId: number;
  fullName: string;
  roleValue: number;
  isBot: boolean;
  /**
   * Set when the target refused a bot's key at start-up: AUTH-005 judges that refusal; other checks that need
   * the bot end in error (ids and role are unknown, 0 and -1).
   */
  refused?: string;
}

export interface World {
  runId: string;
  /** `cf-<runId>-`: every object the run creates is named with it. */
  prefix: string;
  seed: number;
  profile: Profile;
  /**
   * `instance`: the realm instance, from the first account's id and date_joined (absent when the target gives no
   * date_joined); a reset or restarted server is a new instance, though its URL and ids are the same.
   */
  target: { url: string; embedded: boolean; instance?: string };
  /** The level checks are judged against (configured override, else what the target reported; null: unknown). */
  featureLevel: number | null;
  realm: {
    maxMessageLength: number | null;
    maxTopicLength: number | null;
    emptyTopicDisplayName: string | null;
    raw: Record<string, unknown>;
  };
  accounts: Partial<Record<Role, WorldAccount>>;
  disabledRoles: Partial<Record<Role, string>>;
  /** Two public channels the run created for itself, the member subscribed, or why there are none. */
  channels: { id: number; name: string }[] | { unavailable: string; disabled?: boolean };
  /** Clause id → why the target is expected to fail it (from the expected-failures file). */
  expectedFailures: Record<string, string>;
  /**
   * Replays one failed property: fast-check's seed and path (with --only naming its clause), and for a sequence of
   * commands which of them ran (fast-check's replayPath: without it the sequence's shrinks differ).
   */
  replay?: { seed: number; path: string; replayPath?: string };
  /**
   * What the runner's own requests (preparing the world, recovering crashed runs) told it of the accounts' rate
   * budgets, made before any worker could hear: each worker learns it with the world (rate-budget.ts, keepNews).
   */
  budgetNews?: KeptNews;
  options: {
    requestTimeoutMs: number;
    rateLimitMaxWaitSeconds: number;
    /** How long a lease request on shared state lives without renewal (LEASE_SECONDS). */
    leaseSeconds: number;
    /** Minutes of further exploration after the profile's sequences (EXPLORE_MINUTES). */
    exploreMinutes: number;
    /** Suite files run at once (CONCURRENCY, or more on a rate-limited target: prepareWorld). */
    workers: number;
    /** Least time between two requests of one worker process (MAX_RPS shared among the workers). */
    minIntervalMs: number;
    /** Each account's rate-limit budget kept for the other worker processes (pacing starts at this many). */
    rateLimitReserve: number;
    allowRealmChanges: boolean;
    ledgerFile: string;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    world: World;
  }
}
