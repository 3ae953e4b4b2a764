// Undoing what a run tracked: an object already gone counts as undone. A mute is tracked before its answer comes
// (the answer may be lost): a refused unmute counts as undone only when the caller's mute list no longer holds it.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/http/client.ts';
import type { LedgerEntry } from '../../helpers/world/ledger.ts';
import { undo } from '../../helpers/world/undo.ts';

const NOT_MUTED = { status: 400, body: { result: 'error', msg: 'User is not muted', code: 'BAD_REQUEST' } };
const SUCCESS = { status: 200, body: { result: 'success', msg: '' } };

/** A target whose unmute answers `unmute` and whose mute list (POST /register) is `muted`; records its calls. */
function target(unmute: typeof NOT_MUTED | typeof SUCCESS, muted: unknown) {
  const calls: string[] = [];
  const client = {
    delete: async (path: string) => {
      calls.push(`DELETE ${path}`);
      return path === '/events' ? SUCCESS : unmute;
    },
    request: async (method: string, path: string) => {
      calls.push(`${method} ${path}`);
      return { status: 200, body: { result: 'success', queue_id: 'q1', muted_users: muted } };
    },
  };
  return { client: client as unknown as ApiClient, calls };
}

const mute: LedgerEntry = { key: 'k', kind: 'mute', role: 'member', id: 12, label: 'mute of user 12' };

describe('undo of a mute', () => {
  it('is done when the unmute succeeds, without reading the mute list', async () => {
    const { client, calls } = target(SUCCESS, []);
    expect(await undo(client, mute)).toBeNull();
    expect(calls).toEqual(['DELETE /users/me/muted_users/12']);
  });

  it('is done when the unmute is refused and the mute list does not hold the user (the mute never was)', async () => {
    const { client, calls } = target(NOT_MUTED, [{ id: 7, timestamp: 1 }]);
    expect(await undo(client, mute)).toBeNull();
    // The registration's queue is deleted at once.
    expect(calls).toEqual(['DELETE /users/me/muted_users/12', 'POST /register', 'DELETE /events']);
  });

  it('says what is left when the unmute is refused and the mute list still holds the user', async () => {
    const { client } = target(NOT_MUTED, [{ id: 12, timestamp: 1 }]);
    expect(await undo(client, mute)).toMatch(/^could not undo mute mute of user 12 \(12\): HTTP 400/);
  });

  it('says what is left when the mute list cannot be read', async () => {
    const { client } = target(NOT_MUTED, undefined);
    expect(await undo(client, mute)).toMatch(/^could not undo mute/);
  });
});
