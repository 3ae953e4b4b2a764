// Who undoes what a check created (helpers/checks/cleanups.ts): the account that made it, but a member's message,
// which an administrator may delete in its place where the load leads there, and a channel, which either
// administrator archives; should the stand-in be refused, the usual undoer does it after all.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Cleanups } from '../../helpers/checks/cleanups.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import { noteAnswered, noteBudget, resetBudgets } from '../../helpers/http/rate-budget.ts';
import type { Role } from '../../helpers/roles.ts';
import { pendingEntries } from '../../helpers/world/ledger.ts';
import type { World } from '../../helpers/world/types.ts';

const EMAIL: Partial<Record<Role, string>> = {
  member: 'hamlet@example.test',
  owner: 'desdemona@example.test',
  admin: 'iago@example.test',
  guest: 'polonius@example.test',
};
const SUCCESS = { status: 200, body: { result: 'success', msg: '' } };
const REFUSED = { status: 400, body: { result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' } };

/** Cleanups over a world of EMAIL's accounts, whose clients answer each DELETE with `answer(role)`; records calls. */
function cleanupsOf(answer: (role: Role) => typeof SUCCESS | typeof REFUSED = () => SUCCESS) {
  const ledgerFile = join(mkdtempSync(join(tmpdir(), 'cleanups-')), 'ledger.jsonl');
  const accounts = Object.fromEntries(Object.entries(EMAIL).map(([role, email]) => [role, { email }]));
  const world = { accounts, options: { ledgerFile } } as unknown as World;
  const calls: string[] = [];
  const clientOf = (role: Role) =>
    ({
      patch: async (path: string, params: unknown) => {
        calls.push(`${role} PATCH ${path} ${JSON.stringify(params)}`);
        return answer(role);
      },
      delete: async (path: string) => {
        calls.push(`${role} DELETE ${path}`);
        return answer(role);
      },
      get: async (path: string) => {
        calls.push(`${role} GET ${path}`);
        return REFUSED; // the message is gone
      },
    }) as unknown as ApiClient;
  return { cleanups: new Cleanups(world, clientOf), calls, ledgerFile };
}

const askOf = (role: Role, times: number) => {
  for (let i = 0; i < times; i++) noteAnswered(EMAIL[role]!);
};

beforeEach(() => resetBudgets());

describe("undoing a check's objects", () => {
  it("has an administrator delete a member's message where the member has been asked more", async () => {
    askOf('member', 5);
    askOf('owner', 3);
    askOf('admin', 1);
    const { cleanups, calls, ledgerFile } = cleanupsOf();
    cleanups.track('member', 'message', 41, 'message 41');
    expect(await cleanups.run()).toEqual([]);
    expect(calls).toEqual(['admin DELETE /messages/41']);
    expect(pendingEntries(ledgerFile)).toEqual([]);
  });

  it('leaves the message to its sender where the target shows the administrators with less budget left', async () => {
    askOf('member', 5);
    noteBudget(EMAIL.member!, { 'x-ratelimit-remaining': '150', 'x-ratelimit-reset': '30' });
    noteBudget(EMAIL.owner!, { 'x-ratelimit-remaining': '20', 'x-ratelimit-reset': '30' });
    noteBudget(EMAIL.admin!, { 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': '30' });
    const { cleanups, calls } = cleanupsOf();
    cleanups.track('member', 'message', 41, 'message 41');
    await cleanups.run();
    expect(calls).toEqual(['member DELETE /messages/41']);
  });

  it('drops a message seen deleted whoever sent it, and leaves other kinds to the role named', async () => {
    const { cleanups, calls, ledgerFile } = cleanupsOf();
    cleanups.track('guest', 'message', 41, 'message 41');
    cleanups.track('guest', 'mute', 7, 'mute 7');
    cleanups.untrack('member', 'message', 41);
    cleanups.untrack('member', 'mute', 7);
    expect(pendingEntries(ledgerFile).map((e) => e.key)).toEqual(['mute:guest:7']);
    await cleanups.run();
    expect(calls).toEqual(['guest DELETE /users/me/muted_users/7']);
  });

  it('leaves a direct message to its sender, whom no administrator stands in for (it may not see it)', async () => {
    askOf('member', 5);
    const { cleanups, calls, ledgerFile } = cleanupsOf();
    cleanups.track('member', 'message', 41, 'message 41', { ownOnly: true });
    expect(await cleanups.run()).toEqual([]);
    expect(calls).toEqual(['member DELETE /messages/41']);
    expect(pendingEntries(ledgerFile)).toEqual([]);
  });

  it("has the sender delete its message after all when the administrator's deletion is refused", async () => {
    askOf('member', 5);
    const { cleanups, calls, ledgerFile } = cleanupsOf((role) => (role === 'member' ? SUCCESS : REFUSED));
    cleanups.track('member', 'message', 41, 'message 41');
    expect(await cleanups.run()).toEqual([]);
    expect(calls).toEqual(['owner DELETE /messages/41', 'member DELETE /messages/41']);
    expect(pendingEntries(ledgerFile)).toEqual([]);
  });

  it('has the administrator with more budget left archive a channel, the admin where alike', async () => {
    const { cleanups, calls } = cleanupsOf();
    cleanups.track('member', 'channel', 9, 'channel 9');
    await cleanups.run();
    expect(calls).toEqual(['admin DELETE /streams/9']);
    askOf('admin', 4);
    askOf('owner', 1);
    const other = cleanupsOf();
    other.cleanups.track('member', 'channel', 10, 'channel 10');
    await other.cleanups.run();
    expect(other.calls).toEqual(['owner DELETE /streams/10']);
  });

  it("leaves other accounts' messages and every other kind to the account that made them", async () => {
    askOf('member', 5);
    askOf('guest', 5);
    const { cleanups, calls } = cleanupsOf();
    cleanups.track('guest', 'message', 7, 'message 7');
    cleanups.track('member', 'draft', 8, 'draft 8');
    await cleanups.run();
    expect(calls).toEqual(['member DELETE /drafts/8', 'guest DELETE /messages/7']);
  });

  it('puts back realm settings changed together in one request, the oldest value of a setting winning', async () => {
    const { cleanups, calls, ledgerFile } = cleanupsOf();
    cleanups.track('admin', 'realm-setting', JSON.stringify({ a: 1 }), 'realm setting a');
    cleanups.track('admin', 'realm-setting', JSON.stringify({ b: 2 }), 'realm setting b');
    cleanups.defer('a turn', () => calls.push('turn released'));
    cleanups.track('admin', 'realm-setting', JSON.stringify({ a: 3 }), 'realm setting a');
    cleanups.track('admin', 'realm-setting', JSON.stringify({ c: 4 }), 'realm setting c');
    expect(await cleanups.run()).toEqual([]);
    expect(calls).toEqual(['admin PATCH /realm {"c":4,"a":3}', 'turn released', 'admin PATCH /realm {"b":2,"a":1}']);
    expect(pendingEntries(ledgerFile)).toEqual([]);
  });

  it('puts each realm setting back alone where the request for them all is refused', async () => {
    let first = true;
    const { cleanups, calls, ledgerFile } = cleanupsOf(() => {
      const answer = first ? REFUSED : SUCCESS;
      first = false;
      return answer;
    });
    cleanups.track('admin', 'realm-setting', JSON.stringify({ a: 1 }), 'realm setting a');
    cleanups.track('admin', 'realm-setting', JSON.stringify({ b: 2 }), 'realm setting b');
    expect(await cleanups.run()).toEqual([]);
    expect(calls).toEqual([
      'admin PATCH /realm {"b":2,"a":1}',
      'admin PATCH /realm {"b":2}',
      'admin PATCH /realm {"a":1}',
    ]);
    expect(pendingEntries(ledgerFile)).toEqual([]);
  });
});
