// GET /drafts — contract: "11. Get drafts" and the Draft resource.
import { expect } from 'vitest';
import { Draft, shapeProblems } from '../../contract/index.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import { draftOf, listDrafts, mustCreateDrafts, notRecipient, nowSeconds } from './drafts.ts';

const { group, check } = checksIn(import.meta.url);

group('GET /drafts', () => {
  check(
    'DRAFTS-LIST-001',
    'MUST return a count equal to the length of drafts',
    { section: '11. Get drafts', exercisesOperation: true },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      await mustCreateDrafts(ctx, drafter, [draftOf.unaddressed(ctx), draftOf.unaddressed(ctx)]);
      const { res, drafts } = await listDrafts(ctx.as(drafter));
      if (res.body.count !== drafts.length)
        fail(res, `wanted count ${drafts.length} (the length of drafts), got ${JSON.stringify(res.body.count)}`);
    },
  );

  check(
    'DRAFTS-LIST-002',
    'MUST order drafts by last edit time, most recent first',
    { section: '11. Get drafts' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      // Edit times given explicitly, out of order, in one request: the list must not follow submission order.
      const now = nowSeconds();
      const times = [now - 300, now - 100, now - 200];
      const ids = await mustCreateDrafts(
        ctx,
        drafter,
        times.map((timestamp) => draftOf.unaddressed(ctx, { timestamp })),
      );
      const { res, drafts } = await listDrafts(ctx.as(drafter));
      const ours = drafts.filter((d) => ids.includes(d.id)).map((d) => d.id);
      const newestFirst = [ids[1], ids[2], ids[0]];
      if (JSON.stringify(ours) !== JSON.stringify(newestFirst))
        fail(res, `wanted our drafts in the order ${newestFirst} (newest edit first), got ${ours}`);
      // And the whole list, whoever else's drafts it holds, never goes from older to newer.
      const stamps = drafts.map((d) => d.timestamp);
      const rise = stamps.findIndex((t, i) => i > 0 && t > stamps[i - 1]);
      if (rise > 0)
        fail(
          res,
          `wanted timestamps never to rise down the list; draft ${drafts[rise].id} is newer than the one before it`,
        );
    },
  );

  check(
    'DRAFTS-LIST-003',
    'MUST give every listed draft an integer id, a string type, an integer list to, string topic and content, and an integer timestamp',
    { section: '11. Get drafts; Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      await mustCreateDrafts(ctx, drafter, [draftOf.channel(ctx), draftOf.direct(ctx), draftOf.unaddressed(ctx)]);
      const { res, drafts } = await listDrafts(ctx.as(drafter));
      // The Draft resource as the model of the contract holds it (contract/): every field, with its type.
      const problems = drafts.flatMap((draft, i) => shapeProblems(draft, Draft, `drafts[${i}]`).map((p) => p.message));
      if (problems.length) fail(res, `wanted every draft to have the Draft resource's fields: ${problems.join('; ')}`);
    },
  );

  check(
    'DRAFTS-LIST-004',
    "MUST keep drafts private: never list one user's drafts to another",
    { section: '10. Create drafts; 11. Get drafts' },
    async (ctx) => {
      const draft = draftOf.channel(ctx);
      const [id] = await mustCreateDrafts(ctx, 'member', [draft]);
      const { drafts } = await listDrafts(ctx.member2);
      const leaked = drafts.filter((d) => d.id === id || d.content === draft.content);
      expect(leaked, "the member's draft in another user's list").toEqual([]);
    },
  );
});
