// Every operation — contract: "Authentication" (Basic credentials: the API email and the API key).
import { describe, expect } from 'vitest';
import { checksOf } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectErrorEnvelope, expectSuccess, summary } from '../../helpers/checks/matchers.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import { draftOf, listDrafts } from '../drafts/drafts.ts';
import { clauses } from './clauses.ts';
import { AUTHENTICATED_OPERATIONS } from './operations.ts';

const check = checksOf(clauses);

/** Sends every operation's probe as `client`; returns the ones that were not refused with the error envelope. */
async function unrefused(ctx: CheckContext, client: ApiClient): Promise<string[]> {
  const problems: string[] = [];
  for (const op of AUTHENTICATED_OPERATIONS) {
    const res = await client.request(op.method, op.path(ctx), op.params(ctx));
    try {
      expectErrorEnvelope(res);
    } catch {
      problems.push(`operation ${op.n}: ${summary(res)}`);
    }
  }
  return problems;
}

const wrongKey = (key: string) => (key.startsWith('Z') ? 'Y' : 'Z') + key.slice(1);

describe('Authentication', () => {
  check('AUTH-001', async (ctx) => {
    expect(await unrefused(ctx, ctx.anonymous), 'operations not refused without credentials').toEqual([]);
  });

  check('AUTH-002', async (ctx) => {
    // Whose email goes with the wrong key does not matter: anyone's.
    const { email, apiKey } = ctx.account(ctx.someone('anyone'));
    expect(
      await unrefused(ctx, ctx.withIdentity({ email, apiKey: wrongKey(apiKey) })),
      'operations not refused with a wrong key',
    ).toEqual([]);
  });

  check('AUTH-003', async (ctx) => {
    const identity = { email: `${ctx.unique('nobody')}@example.invalid`, apiKey: ctx.account('member').apiKey };
    expect(await unrefused(ctx, ctx.withIdentity(identity)), 'operations not refused for an unknown email').toEqual([]);
  });

  check('AUTH-004', async (ctx) => {
    const { email, apiKey } = ctx.account('member');
    const draft = draftOf.unaddressed(ctx);
    const refused = await ctx.withIdentity({ email, apiKey: wrongKey(apiKey) }).post('/drafts', { drafts: [draft] });
    expectErrorEnvelope(refused, 'creating a draft with a wrong key');
    const { drafts } = await listDrafts(ctx.member);
    const created = drafts.filter((d) => d.content === draft.content);
    for (const d of created) ctx.track('member', 'draft', d.id, `draft ${d.id}`);
    expect(created, 'drafts created by the refused request').toEqual([]);
  });

  check('AUTH-005', async (ctx) => {
    const { email, apiKey, secretVar } = ctx.account('bot', { evenIfRefused: true });
    const res = await ctx.withIdentity({ email, apiKey, secretVar }).get('/users/me/subscriptions');
    expectSuccess(res, "the bot's request with its API key");
  });
});
