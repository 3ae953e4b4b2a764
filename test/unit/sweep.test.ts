// The start-up sweep: stale leftovers of other runs are removed, wherever they are listed; what it cannot remove
// is named, and live runs' objects are spared.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/http/client.ts';
import { sweep } from '../../helpers/world/sweep.ts';

const SUCCESS = { status: 200, body: { result: 'success', msg: '' } };
const OLD = `cf-${Math.floor((Date.now() - 3_600_000) / 1000).toString(36)}abcd-`;
const LIVE = `cf-${Math.floor(Date.now() / 1000).toString(36)}wxyz-`;

/** A client answering GETs from `lists` (path → body) and every other request with `answer`; records its calls. */
function client(calls: string[], who: string, lists: Record<string, object>, answer: object = SUCCESS) {
  const request = (method: string) => async (path: string) => {
    calls.push(`${who} ${method} ${path}`);
    if (method === 'GET') return { status: 200, body: { result: 'success', ...(lists[path] ?? {}) } };
    return answer;
  };
  return { get: request('GET'), delete: request('DELETE'), post: request('POST') } as unknown as ApiClient;
}

describe('sweep', () => {
  it("archives a stale channel only the administrator lists (no subscriber the run's member)", async () => {
    const calls: string[] = [];
    const streams = [
      { stream_id: 5, name: `${OLD}not-mine-1-3`, is_archived: false },
      { stream_id: 6, name: `${LIVE}channel-1`, is_archived: false },
      { stream_id: 7, name: 'general', is_archived: false },
    ];
    const admin = client(calls, 'admin', { '/streams': { streams } });
    const member = client(calls, 'member', { '/users/me/subscriptions': { subscriptions: [] } });
    const lines = await sweep({ runId: 'ownrun0000', minutes: 30, clients: { admin, member } });
    expect(lines).toEqual([`channel ${OLD}not-mine-1-3`]);
    expect(calls).toContain('admin DELETE /streams/5');
    expect(calls.filter((c) => c.includes('DELETE /streams'))).toHaveLength(1);
  });

  it('names a leftover it could not remove', async () => {
    const calls: string[] = [];
    const refused = { status: 400, body: { result: 'error', msg: 'Nope', code: 'BAD_REQUEST' } };
    const drafts = [{ id: 3, content: `${OLD}draft`, topic: '' }];
    const member = client(calls, 'member', { '/drafts': { drafts } }, refused);
    const lines = await sweep({ runId: 'ownrun0000', minutes: 30, clients: { member } });
    expect(lines).toEqual([expect.stringMatching(/^draft 3 of member NOT removed: HTTP 400/)]);
  });
});
