// A run's lease on shared state (helpers/world/lease.ts), against a fake target's drafts.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/http/client.ts';
import { Lease, LeaseWaitTimeout } from '../../helpers/world/lease.ts';

/** The lease account's drafts on a fake target, whose clock moves a second a draft made. */
function fakeTarget() {
  const drafts = new Map<number, { id: number; content: string; timestamp: number }>();
  let nextId = 1;
  let second = Math.floor(Date.now() / 1000);
  const client = {
    async mustSetup(method: string, path: string, params?: any) {
      if (method === 'GET') return { drafts: [...drafts.values()] };
      const id = method === 'POST' ? nextId++ : Number(path.split('/').pop());
      const draft = method === 'POST' ? params.drafts[0] : params.draft;
      drafts.set(id, { id, content: draft.content, timestamp: draft.timestamp ?? ++second });
      return { ids: [id] };
    },
    async request(_method: string, path: string) {
      drafts.delete(Number(path.split('/').pop()));
      return { status: 200, body: { result: 'success' } };
    },
  };
  return { drafts, client: client as unknown as ApiClient };
}

const leaseOf = (client: ApiClient, runId: string, what: string, onWait?: () => void, waitLimitMs = 60_000) =>
  new Lease({ client, runId, what, ttlMs: 60_000, pollMs: 50, waitLimitMs, ...(onWait ? { onWait } : {}) });

describe("a run's lease", () => {
  it("waits for another run's earlier request of any kind of state, and goes once that run gives it up", async () => {
    const { drafts, client } = fakeTarget();
    // A run of an earlier version of the suite asked for its lease on one kind of state: it holds this run back.
    drafts.set(100, {
      id: 100,
      content: `cf-otherrun-lease mutes until ${Date.now() + 60_000} w1`,
      timestamp: Math.floor(Date.now() / 1000) - 10,
    });
    let waitedOn = false;
    const lease = leaseOf(client, 'thisrun', 'shared-state', () => {
      waitedOn = true;
      setTimeout(() => drafts.delete(100), 300); // the other run ends
    });
    const waited = await lease.acquire();
    expect(waitedOn).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(drafts.has(100)).toBe(false);
    expect(await lease.release()).toBe(true);
  });

  it('is not held back by its own run or a lapsed request, and holds a later run back', async () => {
    const { drafts, client } = fakeTarget();
    const past = Math.floor(Date.now() / 1000) - 10;
    drafts.set(100, { id: 100, content: `cf-deadrun-lease shared-state until ${Date.now() - 1} w1`, timestamp: past });
    drafts.set(101, {
      id: 101,
      content: `cf-thisrun-lease shared-state until ${Date.now() + 60_000} w2`,
      timestamp: past,
    });
    const lease = leaseOf(client, 'thisrun', 'shared-state', () => expect.unreachable('it waited'));
    expect(await lease.acquire()).toBeLessThan(200);
    // A later run waits for this one.
    let later = false;
    const next = leaseOf(client, 'laterrun', 'shared-state', () => {
      later = true;
      drafts.delete(101);
      void lease.release();
    });
    await next.acquire();
    expect(later).toBe(true);
    await next.release();
  });

  it("gives up on another run's lease after its wait limit, naming that run, and leaves its request to release", async () => {
    const { drafts, client } = fakeTarget();
    drafts.set(100, {
      id: 100,
      content: `cf-longrun-lease shared-state until ${Date.now() + 60_000} w1`,
      timestamp: Math.floor(Date.now() / 1000) - 10,
    });
    const lease = leaseOf(client, 'thisrun', 'shared-state', undefined, 200);
    const error = await lease.acquire().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeaseWaitTimeout);
    expect((error as Error).message).toMatch(/^waited \d+ s for run longrun's lease on shared-state/);
    expect(await lease.release()).toBe(true);
    expect([...drafts.keys()]).toEqual([100]);
  });
});
