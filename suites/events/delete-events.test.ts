// DELETE /events — contract: "20. Delete an event queue" and BAD_EVENT_QUEUE_ID in Errors.
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { registerQueue } from '../../helpers/checks/events.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';

const { group, check } = checksIn(import.meta.url);

function expectBadQueue(res: ApiResponse, given: string, what: string): void {
  const body = expectError(res, 'BAD_EVENT_QUEUE_ID', what);
  if (body.queue_id !== given) fail(res, `wanted queue_id ${JSON.stringify(given)} (the value given) in the error`);
}

/** DELETE /events as the behaviour under test; a queue it deleted needs no clean-up. */
async function deleteQueue(ctx: CheckContext, queueId: string, caller: Role): Promise<ApiResponse> {
  const res = await ctx.as(caller).delete('/events', { queue_id: queueId });
  if (res.body?.result === 'success') ctx.untrack(caller, 'queue', queueId);
  return res;
}

group('DELETE /events', () => {
  check(
    'QUEUE-DELETE-001',
    'MUST delete a registered event queue with a success response',
    { section: '20. Delete an event queue', exercisesOperation: true },
    async (ctx) => {
      // Any human holds event queues alike (a server may keep drafts for humans only): whoever has budget.
      const caller = ctx.someone('human');
      const queue = await registerQueue(ctx, caller, { event_types: ['drafts'] });
      expectSuccess(await deleteQueue(ctx, queue.id, caller), 'deleting a registered queue');
    },
  );

  check(
    'QUEUE-DELETE-002',
    'MUST answer a second delete of the same queue with BAD_EVENT_QUEUE_ID and queue_id equal to the value given',
    { section: '20. Delete an event queue; Errors' },
    async (ctx) => {
      const caller = ctx.someone('human');
      const queue = await registerQueue(ctx, caller, { event_types: ['drafts'] });
      await ctx.as(caller).must('DELETE', '/events', { queue_id: queue.id });
      ctx.untrack(caller, 'queue', queue.id);
      expectBadQueue(await deleteQueue(ctx, queue.id, caller), queue.id, 'deleting the queue a second time');
    },
  );

  check(
    'QUEUE-DELETE-003',
    'MUST answer an unknown queue id with BAD_EVENT_QUEUE_ID and queue_id equal to the value given',
    { section: '20. Delete an event queue; Errors' },
    async (ctx) => {
      // Ids no server hands out: the run prefix and then anything, spaces and Unicode included.
      const unknownId = fc
        .oneof(
          fc.string({ maxLength: 20 }),
          fc.string({ unit: 'grapheme', maxLength: 8 }),
          fc.constantFrom(' padded ', 'UPPER', '1:2', '%41', '+'),
        )
        .filter((s) => !s.includes('\0'))
        .map((s) => `${ctx.world.prefix}${s}`);
      // An id nobody was given is unknown to every caller alike: each case's caller is drawn from every account.
      await fc.assert(
        fc.asyncProperty(unknownId, ctx.draw('anyone'), async (id, by) => {
          expectBadQueue(await deleteQueue(ctx, id, by), id, `deleting an unknown queue as the ${by}`);
        }),
        // Padding and capitals every run: an echo trimmed or folded to lower case shows only on those.
        ctx.property({ examples: [[`${ctx.world.prefix} Padded UPPER `, ctx.someone('anyone')]] }),
      );
    },
  );

  check(
    'QUEUE-DELETE-004',
    'MUST refuse a delete without the required queue_id with the error envelope',
    { section: '20. Delete an event queue; Errors' },
    async (ctx) => {
      expectErrorEnvelope(await ctx.member.delete('/events', {}), 'a delete without queue_id');
    },
  );
});
