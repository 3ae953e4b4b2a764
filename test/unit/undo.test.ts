// Undoing what a run tracked: an object already gone counts as undone. Mutes and tokens are tracked before their
// answer comes (the answer may be lost), and a crashed run's channels and profile fields may be swept before its
// ledger is replayed: a refused undo counts as done only when the target shows nothing is left (the mute list, the
// channel list, the realm's profile fields, a removal refused as for a token that does not exist). An undo whose
// request is lost on the way is sent once more.
import { describe, expect, it } from 'vitest';
import { TargetError } from '../../helpers/errors.ts';
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

/** A target refusing every undo with `refusal`, whose GET /streams lists `streams`; records its calls. */
function refusing(refusal: { status: number; body: object }, streams?: unknown) {
  const calls: string[] = [];
  const answer = async (method: string, path: string) => {
    calls.push(`${method} ${path}`);
    return method === 'GET' && path === '/streams' ? { status: 200, body: { result: 'success', streams } } : refusal;
  };
  const client = {
    delete: (path: string) => answer('DELETE', path),
    get: (path: string) => answer('GET', path),
  };
  return { client: client as unknown as ApiClient, calls };
}

const ALREADY_ARCHIVED = {
  status: 400,
  body: { result: 'error', msg: 'Channel is already deactivated', code: 'BAD_REQUEST' },
};
const channel: LedgerEntry = { key: 'c', kind: 'channel', role: 'member', id: 8, label: 'cf-x-channel-1' };

describe('undo of a channel', () => {
  it('is done when the archiving is refused and the channel is listed archived (the sweep got there first)', async () => {
    const { client, calls } = refusing(ALREADY_ARCHIVED, [{ stream_id: 8, name: 'cf-x-channel-1', is_archived: true }]);
    expect(await undo(client, channel)).toBeNull();
    expect(calls).toEqual(['DELETE /streams/8', 'GET /streams']);
  });

  it('is done when the channel is not listed at all (a server that leaves archived channels out)', async () => {
    const { client } = refusing(ALREADY_ARCHIVED, [{ stream_id: 9, name: 'other', is_archived: false }]);
    expect(await undo(client, channel)).toBeNull();
  });

  it('says what is left when the channel is listed open, or the list cannot be read', async () => {
    const open = refusing(ALREADY_ARCHIVED, [{ stream_id: 8, name: 'cf-x-channel-1', is_archived: false }]);
    expect(await undo(open.client, channel)).toMatch(/^could not undo channel cf-x-channel-1 \(8\)/);
    expect(await undo(refusing(ALREADY_ARCHIVED).client, channel)).toMatch(/^could not undo channel/);
  });
});

describe('undo of an APNs device token', () => {
  const token: LedgerEntry = { key: 't', kind: 'push-token', role: 'member', id: 'ab'.repeat(32), label: 'token' };

  it('is done when the removal is refused BAD_REQUEST: a well-formed token that does not exist was never added', async () => {
    const missing = { status: 400, body: { result: 'error', msg: 'Token does not exist', code: 'BAD_REQUEST' } };
    expect(await undo(refusing(missing).client, token)).toBeNull();
  });

  it('says what is left on any other refusal', async () => {
    const limited = {
      status: 429,
      body: { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT' },
    };
    expect(await undo(refusing(limited).client, token)).toMatch(/^could not undo push-token/);
  });
});

describe('an undo whose request is lost on the way', () => {
  const channel: LedgerEntry = { key: 'c', kind: 'channel', role: 'member', id: 8, label: 'cf-x-channel-1' };

  it('is sent once more, and done when the second arrives', async () => {
    let calls = 0;
    const client = {
      delete: async () => {
        calls += 1;
        if (calls === 1) throw new TargetError('DELETE /streams/8: ECONNRESET socket hang up');
        return SUCCESS;
      },
    } as unknown as ApiClient;
    expect(await undo(client, channel)).toBeNull();
    expect(calls).toBe(2);
  });

  it('is not sent a third time', async () => {
    const client = {
      delete: async () => {
        throw new TargetError('DELETE /streams/8: ECONNRESET socket hang up');
      },
    } as unknown as ApiClient;
    await expect(undo(client, channel)).rejects.toThrow(/ECONNRESET/);
  });
});

describe('undo of a custom profile field', () => {
  const field: LedgerEntry = { key: 'f', kind: 'profile-field', role: 'admin', id: 12, label: 'cf-x-pf' };
  const NOT_FOUND = { status: 400, body: { result: 'error', msg: 'Field id 12 not found.', code: 'BAD_REQUEST' } };
  const listing = (custom_fields: unknown) =>
    ({
      delete: async () => NOT_FOUND,
      get: async () => ({ status: 200, body: { result: 'success', custom_fields } }),
    }) as unknown as ApiClient;

  it('is done when the refusal comes for a field the realm no longer lists (the sweep got there first)', async () => {
    expect(await undo(listing([{ id: 3 }]), field)).toBeNull();
  });

  it('says what is left when the realm still lists it', async () => {
    expect(await undo(listing([{ id: 12 }]), field)).toMatch(/^could not undo profile-field/);
  });
});
