/**
 * A lease on the target's shared state, so that runs sharing a server (two pull requests' CI, a nightly job, a
 * manual run, through the same accounts) do not change realm settings, mutes or email visibility under each
 * other's checks. It is kept on the target itself, through an operation the suite already uses: a draft of the
 * lease account (the member), which every run acting through that account sees.
 *
 * A draft `cf-<runid>-lease <what> until <ms> <holder>` asks for the lease; the requests are ordered by the server's
 * timestamp (and their text, for ties). A holder may go ahead once no other run's live request comes before its own,
 * whatever its `what`: first come, first served, and no run overtakes another. One lease covers all the state a run
 * shares: a run holding one kind of state while it waited for another's could wait for a run that waited for it
 * (each asks as its checks come to the state, and two runs starting within a second can ask in crossed orders), each
 * until the other ended. A request of any `what` holds the others back, so that runs of earlier versions of the
 * suite, which asked a lease for each kind of state, still hold this one back (not the other way round: they look at
 * their own kind's requests only). The requests of one run's workers do not exclude each other (a run's checks are
 * written to run side by side). A request is renewed while it is held or waited for; a run killed while holding one
 * leaves a request that lapses at its `until` and is then ignored.
 *
 * Ordering by the server's timestamp needs a settle: a request made after ours gets a later second, once a second
 * has passed since ours was made. So a request is read back only after that second.
 */
import { HarnessError } from '../errors.ts';
import type { ApiClient } from '../http/client.ts';

export interface LeaseOptions {
  client: ApiClient;
  runId: string;
  /** What the lease guards, for the request's text and the progress lines. */
  what: string;
  /** A request lapses this long after its last renewal. */
  ttlMs: number;
  /** Called while waiting on another run, with that run's id and when its request lapses at the latest. */
  onWait?: (holder: string, untilMs: number) => void;
  /** How often a waiting request looks again. */
  pollMs?: number;
  /** How long `acquire` waits on other runs before it gives up (LeaseWaitTimeout). */
  waitLimitMs: number;
}

/** The lease's wait on another run outlasted its limit: the run's checks of shared state cannot go ahead. */
export class LeaseWaitTimeout extends HarnessError {
  override name = 'LeaseWaitTimeout';
}

interface Request {
  id: number;
  timestamp: number;
  runId: string;
  until: number;
  holder: string;
}

const REQUEST = /^cf-([0-9a-z]+)-lease (\S+) until (\d+) (\S+)$/;
/** How long after our request a request made later surely carries a later server second. */
const SETTLE_MS = 1100;

let holders = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parse(draft: any): Request | undefined {
  const match = typeof draft?.content === 'string' ? REQUEST.exec(draft.content.trim()) : null;
  if (!match || !Number.isInteger(draft.id) || typeof draft.timestamp !== 'number') return undefined;
  return {
    id: draft.id,
    timestamp: draft.timestamp,
    runId: match[1]!,
    until: Number(match[3]),
    holder: match[4]!,
  };
}

const before = (a: Request, b: Request) =>
  a.timestamp !== b.timestamp ? a.timestamp < b.timestamp : `${a.runId} ${a.holder}` < `${b.runId} ${b.holder}`;

/** A lease held (or being waited for) by this worker; `release()` gives it up. */
export class Lease {
  private request: Request | undefined;
  private renewal: NodeJS.Timeout | undefined;
  private readonly holder = `w${process.pid}.${++holders}.${Math.random().toString(36).slice(2, 8)}`;

  constructor(private readonly options: LeaseOptions) {}

  private content(until: number): string {
    return `cf-${this.options.runId}-lease ${this.options.what} until ${until} ${this.holder}`;
  }

  private draft(until: number, timestamp?: number) {
    return {
      type: '',
      to: [],
      topic: '',
      content: this.content(until),
      ...(timestamp !== undefined ? { timestamp } : {}),
    };
  }

  private async requests(): Promise<Request[]> {
    const body = await this.options.client.mustSetup('GET', '/drafts');
    return (Array.isArray(body.drafts) ? body.drafts : []).map(parse).filter((r: Request | undefined) => r);
  }

  /**
   * Asks for the lease and waits until this run may go ahead, at most `waitLimitMs` (then LeaseWaitTimeout, the
   * request still to release). Returns the milliseconds spent waiting on others.
   * `onRequest` hears the request's draft id as soon as it exists (to record it for undoing, should the run die).
   */
  async acquire(onRequest?: (draftId: number) => void): Promise<number> {
    const { client, ttlMs, what, runId } = this.options;
    const until = Date.now() + ttlMs;
    const { ids } = await client.mustSetup('POST', '/drafts', { drafts: [this.draft(until)] });
    if (Number.isInteger(ids?.[0])) onRequest?.(ids[0]);
    // The request is read back (for its server timestamp) by the first look, after the settle: one listing fewer
    // per lease, on an account every run shares.
    await sleep(SETTLE_MS);
    const started = Date.now();
    let told = '';
    for (;;) {
      const all = await this.requests();
      if (!this.request) {
        const mine = all.find((r) => r.id === ids?.[0]);
        if (!mine) throw new Error(`the lease request on ${what} was not listed back`);
        this.request = mine;
        // A refused renewal means the request is gone (the run's end deleted it): nothing left to renew.
        this.renewal = setInterval(
          () => void this.renew().catch(() => clearInterval(this.renewal)),
          Math.max(1000, ttlMs / 3),
        );
        this.renewal.unref();
      }
      const now = Date.now();
      const ahead = all.filter((r) => r.runId !== runId && r.until > now && before(r, this.request!));
      if (ahead.length === 0) return Date.now() - started;
      const first = ahead.reduce((a, b) => (before(a, b) ? a : b));
      const lapse = Math.max(...ahead.map((r) => r.until));
      if (now - started > this.options.waitLimitMs)
        throw new LeaseWaitTimeout(
          `waited ${((now - started) / 1000).toFixed(0)} s for run ${first.runId}'s lease on ${what}, longer than a run waits for another's (${this.options.waitLimitMs / 1000} s): that run holds it until it ends`,
        );
      // Said once per holder and lapse time (a renewal pushes it on), not at every look.
      if (`${first.runId} ${lapse}` !== told) this.options.onWait?.(first.runId, lapse);
      told = `${first.runId} ${lapse}`;
      await sleep(this.options.pollMs ?? 2000);
    }
  }

  /** Pushes the request's lapse time forward (keeping its place: the same server timestamp). */
  private async renew(): Promise<void> {
    const request = this.request;
    if (!request) return;
    const until = Date.now() + this.options.ttlMs;
    await this.options.client.mustSetup('PATCH', `/drafts/${request.id}`, {
      draft: this.draft(until, request.timestamp),
    });
  }

  /** Gives the lease up. True once the request is gone (deleted now, or never made). */
  async release(): Promise<boolean> {
    clearInterval(this.renewal);
    const request = this.request;
    this.request = undefined;
    if (!request) return true;
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await this.options.client.request('DELETE', `/drafts/${request.id}`).catch(() => undefined);
      if (res && (res.body?.result === 'success' || res.status === 404)) return true;
    }
    return false;
  }
}
