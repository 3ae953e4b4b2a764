// POST /drafts — contract: "10. Create drafts", the Draft resource, and the drafts row of Events.
import fc from 'fast-check';
import { expect } from 'vitest';
import { checksIn } from '../../helpers/checks/check.ts';
import { registerQueue, waitForEvents } from '../../helpers/checks/events.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import { draftCases } from './draft-arbitraries.ts';
import {
  type Draft,
  draftOf,
  mustCreateDrafts,
  mustListDrafts,
  notRecipient,
  nowSeconds,
  postDrafts,
  recipientOf,
  storedMismatch,
} from './drafts.ts';

const { group, check } = checksIn(import.meta.url);

group('POST /drafts', () => {
  check(
    'DRAFTS-CREATE-001',
    'MUST return one distinct integer id per submitted draft, in submission order',
    { section: '10. Create drafts', exercisesOperation: true },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      const drafts = [draftOf.channel(ctx), draftOf.direct(ctx), draftOf.unaddressed(ctx)];
      const res = await postDrafts(ctx, drafter, drafts);
      const { ids } = expectSuccess(res, 'creating three drafts');
      if (!Array.isArray(ids) || ids.length !== 3 || !ids.every(isInt))
        fail(res, 'wanted ids to be a list of 3 integers');
      if (new Set(ids).size !== 3) fail(res, 'wanted 3 distinct ids');
      const { drafts: listed } = await mustListDrafts(ctx.as(drafter));
      // ids[i] must be the draft submitted i-th: its listed content is the i-th content sent.
      const contentOf = (id: number) => listed.find((d) => d.id === id)?.content;
      expect(ids.map(contentOf), 'the listed content of ids[0], ids[1], ids[2]').toEqual(drafts.map((d) => d.content));
    },
  );

  check(
    'DRAFTS-CREATE-002',
    "MUST store each draft's type, recipients, channel topic, content and given timestamp",
    { section: '10. Create drafts; Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      const timestamp = nowSeconds() - 3600;
      const drafts = [
        draftOf.channel(ctx, { timestamp }),
        draftOf.direct(ctx, { timestamp }),
        draftOf.unaddressed(ctx, { timestamp }),
      ];
      const ids = await mustCreateDrafts(ctx, drafter, drafts);
      const { res, drafts: listed } = await mustListDrafts(ctx.as(drafter));
      drafts.forEach((sent, i) => {
        const stored = listed.find((d) => d.id === ids[i]);
        if (!stored) fail(res, `wanted draft ${ids[i]} in the list`);
        const mismatch = storedMismatch(sent, stored);
        if (mismatch) fail(res, `wanted the ${sent.type || 'unaddressed'} draft stored as sent; it has ${mismatch}`);
      });
    },
  );

  check(
    'DRAFTS-CREATE-003',
    'MUST fill in an integer timestamp (the time of creation) when a draft is created without one',
    { section: 'Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      const before = nowSeconds();
      const [id] = await mustCreateDrafts(ctx, drafter, [draftOf.channel(ctx)]);
      const { res, drafts } = await mustListDrafts(ctx.as(drafter));
      const stored = drafts.find((d) => d.id === id);
      if (!stored) fail(res, `wanted draft ${id} in the list`);
      // Server and suite clocks may differ; a day either way still tells "filled in" from "left empty".
      const day = 86400;
      if (!isInt(stored.timestamp) || stored.timestamp < before - day || stored.timestamp > nowSeconds() + day) {
        fail(
          res,
          `wanted an integer timestamp near ${before} for a draft created without one, got ${JSON.stringify(stored.timestamp)}`,
        );
      }
    },
  );

  check(
    'DRAFTS-CREATE-004',
    'MUST reject with BAD_REQUEST a channel draft that does not give exactly one channel ID',
    { section: '10. Create drafts; Errors' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      const channels = ctx.channels();
      for (const to of [[], channels.map((c) => c.id)]) {
        const res = await postDrafts(ctx, drafter, [draftOf.channel(ctx, { to })]);
        expectError(res, 'BAD_REQUEST', `a channel draft with ${to.length} channel IDs`);
      }
    },
  );

  check(
    'DRAFTS-CREATE-005',
    'MUST reject a channel draft whose topic contains a null byte',
    { section: 'Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      const res = await postDrafts(ctx, drafter, [draftOf.channel(ctx, { topic: `${ctx.unique('t')}\0end` })]);
      expectError(res, undefined, 'a channel draft whose topic has a null byte');
    },
  );

  check(
    'DRAFTS-CREATE-006',
    'MUST reject a draft whose content contains a null byte',
    { section: 'Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      for (const make of [draftOf.channel, draftOf.direct, draftOf.unaddressed]) {
        const draft = make(ctx);
        const res = await postDrafts(ctx, drafter, [{ ...draft, content: `${draft.content}\0end` }]);
        expectError(res, undefined, `a ${draft.type || 'unaddressed'} draft whose content has a null byte`);
      }
    },
  );

  check(
    'DRAFTS-CREATE-007',
    'MUST ignore the recipients of an unaddressed draft (type "") rather than reject them',
    { section: 'Resources › Draft' },
    async (ctx) => {
      // The Draft resource's `to`: "unaddressed: send an empty list, it is ignored" — the server ignores the list,
      // so recipients given anyway are no reason to refuse the draft.
      const drafter = ctx.someone('person', notRecipient(ctx));
      const draft = draftOf.unaddressed(ctx, { to: [recipientOf(ctx)] });
      const res = await postDrafts(ctx, drafter, [draft]);
      const { ids } = expectSuccess(res, 'an unaddressed draft that names recipients');
      const { res: list, drafts } = await mustListDrafts(ctx.as(drafter));
      const stored = drafts.find((d) => d.id === ids?.[0]);
      if (stored?.type !== '') fail(list, `wanted draft ${ids?.[0]} listed with type ""`);
      // "Ignored" allows both: recipients dropped (real Zulip lists to: []) or kept without effect.
      if (JSON.stringify(stored.to) !== '[]')
        ctx.note(`the unaddressed draft was listed with to ${JSON.stringify(stored.to)}`);
    },
  );

  check(
    'DRAFTS-CREATE-008',
    'MUST reject a draft whose type is not "", "stream" or "private"',
    { section: 'Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      for (const type of ['group', 'STREAM', 'dm']) {
        const res = await postDrafts(ctx, drafter, [{ ...draftOf.unaddressed(ctx), type }]);
        expectError(res, undefined, `a draft of type ${JSON.stringify(type)}`);
      }
    },
  );

  check(
    'DRAFTS-CREATE-009',
    'MUST reject a draft that lacks any of the required fields type, to, topic and content',
    { section: 'Resources › Draft' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      for (const field of ['type', 'to', 'topic', 'content'] as const) {
        const { [field]: _dropped, ...draft } = draftOf.channel(ctx);
        const res = await postDrafts(ctx, drafter, [draft]);
        // A refusal is the error envelope, code included: a crash reported as an error is no refusal.
        expectErrorEnvelope(res, `a draft without ${field}`);
      }
    },
  );

  check(
    'DRAFTS-CREATE-010',
    'MUST accept exactly the drafts the Draft resource allows, and list what was stored',
    { section: '10. Create drafts; Resources › Draft' },
    async (ctx) => {
      // Drafts are per user, and no role changes what a draft may hold: each case's owner is drawn from the people.
      await fc.assert(
        fc.asyncProperty(
          draftCases(ctx),
          ctx.draw('person', notRecipient(ctx)),
          async ({ draft, valid, why }, owner) => {
            const res = await postDrafts(ctx, owner, [draft]);
            if (!valid) {
              expectError(res, undefined, `a draft with ${why}`);
              return;
            }
            const { ids } = expectSuccess(res, `a ${why}`);
            const { res: list, drafts } = await mustListDrafts(ctx.as(owner));
            const stored = drafts.find((d) => d.id === ids?.[0]);
            if (!stored) fail(list, `wanted the new draft ${ids?.[0]} in the list`);
            const mismatch = storedMismatch(draft as unknown as Draft, stored);
            if (mismatch) fail(list, `wanted the ${why} stored as sent; it has ${mismatch}`);
          },
        ),
        ctx.property(),
      );
    },
  );

  check(
    'DRAFTS-EVENT-001',
    "MUST send a drafts event to the owner's other clients when drafts are created",
    { section: '10. Create drafts; Events' },
    async (ctx) => {
      const drafter = ctx.someone('person', notRecipient(ctx));
      // The owner's "other client": an event queue of its own, registered for drafts events.
      const queue = await registerQueue(ctx, drafter, { event_types: ['drafts'] });
      const draft = draftOf.unaddressed(ctx);
      const [id] = await mustCreateDrafts(ctx, drafter, [draft]);
      // The event this creation caused, not another check's on the same account (a clean-up's removal, say): the
      // payload's shape is not shown, but an event that synchronizes the new draft carries it, so it names the draft's
      // run-unique content or its id somewhere.
      const ours = (e: any) => e?.type === 'drafts' && (JSON.stringify(e).includes(draft.content) || namesId(e, id!));
      const events = await waitForEvents(ctx, queue, ours);
      expect(events.some(ours), `a drafts event on the other queue carrying the new draft ${id}`).toBe(true);
      // The rest of the payload is "not shown": recorded, not judged.
      ctx.note(`drafts event: ${JSON.stringify(events.find(ours)).slice(0, 200)}`);
    },
  );
});

/** Whether `value` holds the number `id` anywhere (a draft's id in an event whose shape the contract leaves open). */
function namesId(value: unknown, id: number): boolean {
  if (value === id) return true;
  if (value && typeof value === 'object') return Object.values(value).some((v) => namesId(v, id));
  return false;
}
