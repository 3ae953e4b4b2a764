/**
 * What a check body receives: the world, lazy personas (a client per role, created only when the check asks), the
 * account of a kind where any will do (actors.ts), unique names, cleanup, and the property options for its seed.
 * Everything it creates is undone when it ends.
 *
 * Set-up and judgement throw differently, so that a check's outcome is honest by construction:
 * - the behaviour under test is judged with raw calls (`ctx.member.post(…)`) and the matchers (`expectSuccess`,
 *   `fail`, `expect`): what they throw is an assertion, and the clause is failed (MUST) or warned;
 * - a set-up step (creating, sending, reading back, restoring what a check needs to judge) throws SetupError
 *   (outcome error: the check could not be carried out, which says nothing of the target's conformance), or
 *   Unsupported where the target lacks the operation (outcome skipped-unsupported): `client.must(…)`,
 *   `client.mustSetup(…)`, `mustSucceed(res, what)` (helpers/http/client.ts).
 * A function named `must…`, here or in a suite, is a set-up step: it never throws an assertion. A set-up helper
 * named otherwise (`readMessage`, `ownChannel`) keeps to the same rule.
 */
import type fc from 'fast-check';
import { inject } from 'vitest';
import type { Clause } from '../clauses/types.ts';
import { Disabled, HarnessError, Unsupported } from '../errors.ts';
import { ApiClient, type ApiResponse, type Identity } from '../http/client.ts';
import type { Recorder } from '../http/recorder.ts';
import type { Role } from '../roles.ts';
import type { UndoKind } from '../world/ledger.ts';
import { enterRun } from '../world/run-scoped.ts';
import type { World, WorldAccount } from '../world/types.ts';
import { type Among, budgetFor, drawOf, type Kind, rolesOfKind, someoneOf } from './actors.ts';
import { castingOf } from './casting.ts';
import { Cleanups } from './cleanups.ts';
import { deriveSeed, NUM_RUNS } from './seeds.ts';
import { boundedShrink } from './shrink.ts';

let counter = 0;

/**
 * The reserve of a check that goes first (goFirst): it paces only at the last call of an account's budget, where
 * the others pace at theirs (a request a worker), so that where budgets run low the slots as they free are its.
 */
const FIRST_RESERVE = 1;

/**
 * Memoizes a run-wide lookup (built on first use by whichever check needs it) per run: a worker process may serve
 * several runs in a row (the kill matrix reuses one vitest for every fault), each with its own world.
 */
export function oncePerRun<T>(build: (ctx: CheckContext) => Promise<T>): (ctx: CheckContext) => Promise<T> {
  let memo: { runId: string; value: Promise<T> } | undefined;
  return (ctx) => {
    if (memo?.runId !== ctx.world.runId) {
      const value = build(ctx).catch((error: unknown) => {
        memo = undefined;
        throw error;
      });
      memo = { runId: ctx.world.runId, value };
    }
    return memo.value;
  };
}

export class CheckContext {
  readonly world: World = inject('world');
  readonly seed: number;
  /** Observations the contract leaves "not shown": recorded in the report, never judged. */
  readonly notes: string[] = [];
  /** Named figures the check counts (`count('bad-input probes sent')`): on its record, and summed over the run. */
  readonly figures: Record<string, number> = {};
  /** Clients by the account's own role (after casting). */
  private readonly clients = new Map<Role, ApiClient>();
  /** Whether the check's requests go before the others' where an account's budget runs low (goFirst). */
  private first = false;
  /** Undoes as the account that created: the ledger holds the account's own role (after casting). */
  private readonly cleanups = new Cleanups(this.world, (role) => this.clientOf(role));
  /** Which account plays each role the check names (casting.ts): the member's part may go to the second member. */
  private readonly cast: (role: Role) => Role;

  constructor(
    readonly clause: Clause,
    readonly recorder: Recorder,
  ) {
    enterRun(this.world);
    this.seed = deriveSeed(this.world.seed, clause.id);
    this.cast = castingOf(this.world, clause);
  }

  /** Adds `by` to the named figure (reports show each figure the run's checks counted, summed). */
  count(figure: string, by = 1): void {
    this.figures[figure] = (this.figures[figure] ?? 0) + by;
  }

  get owner() {
    return this.as('owner');
  }
  get admin() {
    return this.as('admin');
  }
  get moderator() {
    return this.as('moderator');
  }
  get member() {
    return this.as('member');
  }
  get member2() {
    return this.as('member2');
  }
  get guest() {
    return this.as('guest');
  }
  get bot() {
    return this.as('bot');
  }

  /**
   * An account of the kind (actors.ts) for the whole check: the same for a clause on every run, or the one with the
   * most rate budget left on a target that shows it. Where the clause is about a role, ask for that role instead.
   */
  someone(kind: Kind, among?: Among): Role {
    return someoneOf(this, kind, among);
  }

  /** For properties: an account of the kind drawn with each case (reproducible from the seed and path). */
  draw(kind: Kind, among?: Among): fc.Arbitrary<Role> {
    return drawOf(this, kind, among);
  }

  /** Every account of the kind the run can act through (never none: see Among), e.g. to subscribe them all. */
  everyone(kind: Kind, among?: Among): Role[] {
    return rolesOfKind(this, kind, among);
  }

  /**
   * Waits until each role's rate budget has room for `requests` more, before steps that must all happen inside a
   * time limit (see actors.ts); the wait does not count against the check's own time limit.
   */
  budgetFor(roles: readonly Role[], requests: number): Promise<void> {
    return budgetFor(this, roles, requests);
  }

  /** A client that sends no credentials at all. */
  get anonymous(): ApiClient {
    return this.withIdentity(null);
  }

  /** The role's account; `evenIfRefused` for the one check that judges a key the target refused at start-up. */
  account(role: Role, { evenIfRefused = false } = {}): WorldAccount {
    return this.accountOf(this.cast(role), evenIfRefused);
  }

  /** The account whose own role this is (no casting): disabled without it, an error if its key was refused. */
  private accountOf(own: Role, evenIfRefused = false): WorldAccount {
    const account = this.world.accounts[own];
    if (!account) throw new Disabled(`needs the ${own} account: ${this.world.disabledRoles[own] ?? 'not configured'}`);
    if (account.refused && !evenIfRefused) throw new HarnessError(`needs the ${own} account, but ${account.refused}`);
    return account;
  }

  /** The role's account if the run has one (refused or not), for a check that adapts to the accounts configured. */
  configured(role: Role): WorldAccount | undefined {
    return this.world.accounts[this.cast(role)];
  }

  /** Whether the run can act as the role: configured, and its key accepted. */
  usable(role: Role): boolean {
    const account = this.configured(role);
    return account !== undefined && !account.refused;
  }

  as(role: Role): ApiClient {
    return this.clientOf(this.cast(role));
  }

  /** The client of the account whose own role this is (no casting). */
  private clientOf(own: Role): ApiClient {
    let client = this.clients.get(own);
    if (!client) {
      const { email, apiKey, secretVar } = this.accountOf(own);
      client = this.withIdentity({ email, apiKey, secretVar });
      this.clients.set(own, client);
    }
    return client;
  }

  /**
   * From now on, the check's requests go before the other checks' where an account's budget runs low: it holds a
   * turn on shared state (takeTurn) that other checks may be waiting for, and on a rate-limited target every wait
   * of its own would be theirs too: a chain of checks, each waiting a window for the one whose turn it needs.
   */
  goFirst(): void {
    this.first = true;
  }

  withIdentity(identity: Identity | null): ApiClient {
    const { target, options } = this.world;
    return new ApiClient({
      baseUrl: target.url,
      identity,
      timeoutMs: options.requestTimeoutMs,
      rateLimitMaxWaitSeconds: options.rateLimitMaxWaitSeconds,
      minIntervalMs: options.minIntervalMs,
      rateLimitReserve: () => (this.first ? FIRST_RESERVE : options.rateLimitReserve),
      recorder: this.recorder,
    });
  }

  /** A name no other run and no other check uses: `cf-<runid>-<label>-<n>`. */
  unique(label = 'x'): string {
    counter += 1;
    return `${this.world.prefix}${label}-${process.env.VITEST_POOL_ID ?? 0}-${counter}`;
  }

  /**
   * The run's own channels (two): disabled without the member account that creates them, skipped-unsupported when
   * the target would not let the run create them.
   */
  channels(): { id: number; name: string }[] {
    const channels = this.world.channels;
    if ('unavailable' in channels)
      throw channels.disabled ? new Disabled(channels.unavailable) : new Unsupported(channels.unavailable);
    return channels;
  }

  channel(): { id: number; name: string } {
    return this.channels()[0]!;
  }

  /**
   * Records an object the check created; it is undone when the check ends (and by the runner if the check dies).
   * `ownOnly`: by its own account, never a stand-in (Cleanups.standIn).
   */
  track(role: Role, kind: UndoKind, id: string | number, label: string, options: { ownOnly?: boolean } = {}): void {
    this.cleanups.track(this.cast(role), kind, id, label, options);
  }

  /** Records an object the check created for the run's checks to share: the runner undoes it when the run ends. */
  keepForRun(role: Role, kind: UndoKind, id: string | number, label: string): void {
    this.cleanups.keepForRun(this.cast(role), kind, id, label);
  }

  /**
   * Sends a request that may create the object, tracked first: if the answer is lost (or the run killed) after the
   * server made it, the ledger still holds it, and undoing what was never made counts as done (undo.ts). A refusal
   * drops it again, unless an earlier request of the check made it.
   */
  async creating(
    role: Role,
    kind: UndoKind,
    id: string | number,
    label: string,
    send: () => Promise<ApiResponse>,
  ): Promise<ApiResponse> {
    const earlier = this.cleanups.has(this.cast(role), kind, id);
    if (!earlier) this.track(role, kind, id, label);
    const res = await send();
    if (!earlier && res.body?.result === 'error') this.untrack(role, kind, id);
    return res;
  }

  /**
   * Runs `undo` when the check ends, among its cleanups (newest first): for what the run's ledger need not record,
   * such as a turn on shared state (shared-state.ts), released once the cleanups registered after it have run.
   */
  defer(label: string, undo: () => unknown): void {
    this.cleanups.defer(label, undo);
  }

  /**
   * The check undid a tracked object itself, as the behaviour under test (an unmute, a deactivation, a token
   * removal that succeeded): its cleanup is dropped and the ledger marked.
   */
  untrack(role: Role, kind: UndoKind, id: string | number): void {
    this.cleanups.untrack(this.cast(role), kind, id);
  }

  /**
   * Guards checks that change realm-wide state (custom profile fields, user groups): on an external target they
   * run only with ALLOW_REALM_CHANGES=true, and are otherwise disabled, naming the variable.
   */
  requireRealmChanges(what: string): void {
    if (!this.world.options.allowRealmChanges) {
      throw new Disabled(`${what} changes realm-wide state: set ALLOW_REALM_CHANGES=true to run it on this target`);
    }
  }

  /** Runs the cleanups, newest first; returns what could not be undone (the runner retries those). */
  cleanup(): Promise<string[]> {
    return this.cleanups.run();
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /**
   * fast-check parameters: this check's seed and the profile's number of runs, or the replay asked for (exactly the
   * case asked for: fast-check's endOnFailure, which also stops shrinking). A failure is shrunk, for a bounded time
   * (shrink.ts). `examples`
   * run first and count among the runs, yet at least half the runs are generated: fast-check counts examples among
   * numRuns, so that a profile with fewer runs than examples would leave some of them out and generate nothing. The
   * quick profile (a pull request's run, within one window of a per-user rate limit) generates only the runs its
   * count leaves after the examples: a property's essential cases are its examples.
   */
  property<T = never>(overrides: { numRuns?: number; examples?: T[] } = {}) {
    const replay = this.world.replay;
    const examples = overrides.examples ?? [];
    const runs = overrides.numRuns ?? NUM_RUNS[this.world.profile];
    return {
      seed: replay?.seed ?? this.seed,
      ...(replay ? { path: replay.path } : {}),
      numRuns: Math.max(runs, examples.length + (this.world.profile === 'quick' ? 0 : Math.ceil(runs / 2))),
      ...(examples.length > 0 ? { examples } : {}),
      endOnFailure: replay !== undefined,
      plugins: [boundedShrink()],
    };
  }
}
