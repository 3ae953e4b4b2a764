/**
 * Suite files whose checks change state another run could change too through the same accounts (realm edit settings,
 * mutes, email visibility, profile fields) declare it at their top: `sharesState('mutes')`, or several kinds at
 * once: `sharesState(['mutes', 'realm-edit-settings'])`. On an external target, the first check of the run's files
 * that declare any takes the run's lease on shared state (helpers/world/lease.ts: one lease for every kind, so that
 * no two runs each wait for the other), held until the run ends; another run's checks of shared state wait their
 * turn, saying so, for LEASE_WAIT_LIMIT_MS at most: then every check of shared state ends in error, naming the run
 * waited for. With `from`, the first check it accepts takes it (a file of checks over every operation, of which one
 * mutes). The embedded reference server is the run's own, and takes no lease.
 *
 * Within a run, checks of different files that change the same thing take turns (turns.ts), whatever the target.
 */
import { beforeEach, inject } from 'vitest';
import { declaringOnly } from '../clauses/declare.ts';
import { HarnessError } from '../errors.ts';
import { ApiClient } from '../http/client.ts';
import { addPendingNote, announce, clockOf } from '../progress.ts';
import type { Role } from '../roles.ts';
import { Lease, LeaseWaitTimeout } from '../world/lease.ts';
import { type LedgerEntry, recordCreated } from '../world/ledger.ts';
import { claimOnce, settleOnce } from '../world/run-files.ts';
import type { World } from '../world/types.ts';

// Defined here once: the exploration's sequences import it from here still.
export { turnFree } from './turns.ts';

/** The account whose drafts hold the leases: one every run that shares the server acts through. */
const LEASE_ACCOUNTS: readonly Role[] = ['member', 'member2', 'moderator', 'admin', 'owner'];
/** What the run's lease covers, in its request's text and the progress lines. */
const SHARED_STATE = 'shared-state';
/**
 * How long a run waits for another run's lease before its checks of shared state end in error. The other run holds
 * it until it ends: a whole run against a target limiting each user to 200 requests a minute takes about three
 * minutes (docs/performance.md), so eight minutes lets a run wait out another's, a slow one too, and still ends
 * well inside a CI job's time limit. A nightly run exploring for longer (EXPLORE_MINUTES) holds it longer: the error
 * names it.
 */
export const LEASE_WAIT_LIMIT_MS = 8 * 60_000;
/**
 * How long the run's other workers wait for word of the asking: the lease's wait, and the asking's own requests
 * around it (a request, a listing, each with its time limit), after which the asker is taken to have died.
 */
const WORD_WAIT_LIMIT_MS = LEASE_WAIT_LIMIT_MS + 60_000;
/** What the asker's word starts with where the lease was not had: the checks of shared state end in error. */
const REFUSED = 'refused: ';

const leaseEntry = (role: Role, id: number): LedgerEntry => ({
  key: `draft:${role}:${id}`,
  kind: 'draft',
  role,
  id,
  label: "the run's lease request on shared state",
});

export function sharesState(
  kinds: string | readonly string[],
  { from }: { from?: (clauseId: string) => boolean } = {},
): void {
  if (declaringOnly()) return; // the catalogue reading the file's clauses: no run, no lease
  /** The kinds the file changes, for the notes and progress lines (the lease covers them all). */
  const what = typeof kinds === 'string' ? kinds : kinds.join(', ');
  /**
   * The run whose lease this file has seen to (a worker may serve several runs in a row), and why its checks of
   * shared state end in error where the run has no lease for them.
   */
  let seen: { runId: string; refused?: string } | undefined;
  const refuse = (why: string): never => {
    seen!.refused = why;
    throw new HarnessError(`no lease on shared state (${what}): ${why}`);
  };

  beforeEach(async ({ task }) => {
    const world: World = inject('world');
    if (world.target.embedded) return;
    if (from && !from(task.name.split(' ')[0]!)) return;
    if (seen?.runId === world.runId) {
      if (seen.refused !== undefined) refuse(seen.refused);
      return;
    }
    const role = LEASE_ACCOUNTS.find((r) => world.accounts[r] && !world.accounts[r]!.refused);
    if (!role) return;
    seen = { runId: world.runId };
    const clause = task.name.split(' ')[0];
    // A run's lease is asked for once, by the first of its workers to need it, and held until the run ends (its
    // ledger deletes the request then): the others wait for word of how the asking went (`held`, `unguarded <why>`
    // where the target could hold no lease, `refused: <why>` where another run held it too long) instead of each
    // asking again (a request, two listings and a second's settle each, on the one account every run shares).
    const asked = Date.now();
    const claim = await claimOnce(world.runId, 'lease', SHARED_STATE, WORD_WAIT_LIMIT_MS);
    if (!claim.asker) {
      const waited = Date.now() - asked;
      const state = claim.state;
      if (state === 'timeout')
        refuse(`waited ${(waited / 1000).toFixed(0)} s for word from the run's worker asking for the lease`);
      if (state.startsWith(REFUSED)) refuse(state.slice(REFUSED.length));
      if (state.startsWith('unguarded')) addPendingNote(`ran without a lease on shared state (${what}): ${state}`);
      // The asking itself takes a second or two (the lease's settle): only a longer wait, on another run, is news.
      else if (waited >= 5000)
        addPendingNote(
          `waited ${(waited / 1000).toFixed(0)} s for the run's lease on shared state (${what}) before starting`,
        );
      return;
    }
    const account = world.accounts[role]!;
    const client = new ApiClient({
      baseUrl: world.target.url,
      identity: { email: account.email, apiKey: account.apiKey, secretVar: account.secretVar },
      timeoutMs: world.options.requestTimeoutMs,
      rateLimitMaxWaitSeconds: world.options.rateLimitMaxWaitSeconds,
      // No reserve: the lease goes before the checks' own requests of its account, which pace down to the reserve
      // and leave that much to it. Every check of the state waits for the lease, and the lease account (the member)
      // is the one whose window the checks spend first.
      rateLimitReserve: 0,
    });
    const lease = new Lease({
      client,
      runId: world.runId,
      what: SHARED_STATE,
      ttlMs: world.options.leaseSeconds * 1000,
      waitLimitMs: LEASE_WAIT_LIMIT_MS,
      onWait: (other, until) =>
        announce(
          `waiting for run ${other}'s lease on shared state, for ${what} (it ends when that run does, at the latest at ${clockOf(until)} unless renewed)`,
          clause,
        ),
    });
    try {
      // Recorded like any draft of the run: the run's end (or, should it die, the next run's recovery) deletes it,
      // which gives the lease up; other runs need not wait for it to lapse.
      const waited = await lease.acquire((draftId) =>
        recordCreated(world.options.ledgerFile, leaseEntry(role, draftId)),
      );
      settleOnce(world.runId, 'lease', SHARED_STATE, 'held');
      if (waited >= 1000)
        addPendingNote(
          `waited ${(waited / 1000).toFixed(0)} s for another run's lease on shared state (${what}) before starting`,
        );
    } catch (error) {
      await lease.release().catch(() => {});
      const why = (error as Error).message.split('\n')[0]!;
      // Another run held the lease too long: running unguarded would change state under that run's checks.
      if (error instanceof LeaseWaitTimeout) {
        settleOnce(world.runId, 'lease', SHARED_STATE, `${REFUSED}${why}`);
        refuse(why);
      }
      // A target without drafts (or refusing them) cannot hold leases: the checks run unguarded, and say so.
      settleOnce(world.runId, 'lease', SHARED_STATE, `unguarded: ${why}`);
      addPendingNote(`ran without a lease on shared state (${what}): ${why}`);
    }
    // The hook's own limit only backs the waits' own: they end first, each in error naming what it waited for.
  }, WORD_WAIT_LIMIT_MS + 60_000);
}
