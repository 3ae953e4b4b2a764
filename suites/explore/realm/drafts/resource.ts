/**
 * Drafts as a resource of the realm's model: its steps and the frame that reads every draft of the
 * sequence back after each step (GET /drafts, operation 11) and compares it with the model, in the server's own
 * order: the listing's order is DRAFTS-LIST-002's to judge, and is not judged here.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { fail, isInt } from '../../../../helpers/checks/matchers.ts';
import { listDrafts, notRecipient, recipientOf, sameContent, sortedIds } from '../../../drafts/drafts.ts';
import { ONEROUS, type Resource } from '../resource.ts';
import { CreateDrafts } from './create.ts';
import { DeleteDraft } from './delete.ts';
import { EditDraft } from './edit.ts';
import type { DraftRecord, DraftsModel, DraftsReal } from './model.ts';

export function draftsResource(ctx: CheckContext): Resource<DraftsModel, DraftsReal> {
  return {
    name: 'drafts',
    steps: [
      new CreateDrafts(1),
      new CreateDrafts(2),
      new EditDraft(),
      new DeleteDraft('newest'),
      new DeleteDraft('gone'),
    ],
    start: async () => ({
      model: { live: new Map(), deleted: [], clock: Math.floor(Date.now() / 1000) - 1_000_000, written: 0 },
      real: {
        ctx,
        keeper: ctx.someone('person', { besides: [...ONEROUS, ...notRecipient(ctx).besides] }),
        prefix: ctx.unique('drafts-seq'),
        channelId: ctx.channel().id,
        recipientId: recipientOf(ctx),
      },
    }),
    frame: judgeDrafts,
    end: async (model, real) => {
      // Set-up, never judged: a draft the server will not delete here is left to the check's own clean-up.
      for (const id of model.live.keys()) {
        const res = await ctx.as(real.keeper).delete(`/drafts/${id}`);
        if (res.body?.result === 'success') ctx.untrack(real.keeper, 'draft', id);
      }
    },
  };
}

/** Every draft the model holds listed, as last written, and no other of the sequence's (deleted ones included). */
async function judgeDrafts(model: DraftsModel, real: DraftsReal): Promise<void> {
  const { res, drafts } = await listDrafts(real.ctx.as(real.keeper));
  const ours = drafts.filter((d) => typeof d?.content === 'string' && d.content.startsWith(real.prefix));
  for (const listed of ours) {
    const kept = model.live.get(listed.id);
    // The listed draft itself leads the evidence: the listing holds the user's other drafts too.
    const shown = `listed ${JSON.stringify(listed)}`;
    if (!kept)
      fail(
        res,
        model.deleted.includes(listed.id)
          ? `wanted draft ${listed.id} gone: it was deleted; ${shown}`
          : `wanted only the sequence's drafts that exist (${[...model.live.keys()].join(', ') || 'none'}); ${shown}`,
      );
    const mismatch = mismatchOf(kept, listed);
    if (mismatch) fail(res, `wanted draft ${kept.id} as last written: ${mismatch}; ${shown}`);
    // The server's timestamp of a draft written without one: from now on it must stay as it is.
    kept.timestamp ??= listed.timestamp;
  }
  const listedIds = new Set(ours.map((d) => d.id));
  const missing = [...model.live.keys()].filter((id) => !listedIds.has(id));
  if (missing.length)
    fail(res, `wanted draft${missing.length > 1 ? 's' : ''} ${missing.join(', ')} listed: never deleted`);
}

/** Why a listed draft is not the model's as last written (content as the server may normalize it, see drafts.ts). */
function mismatchOf(kept: DraftRecord, listed: any): string | undefined {
  if (listed.type !== kept.type) return `type ${JSON.stringify(listed.type)}, written ${JSON.stringify(kept.type)}`;
  if (!sameContent(kept.content, listed.content))
    return `content ${JSON.stringify(listed.content)}, written ${JSON.stringify(kept.content)}`;
  // An unaddressed draft's `to` is ignored; a direct draft's recipients are a set.
  if (kept.type !== '' && JSON.stringify(sortedIds(listed.to)) !== JSON.stringify(sortedIds(kept.to)))
    return `to ${JSON.stringify(listed.to)}, written ${JSON.stringify(kept.to)}`;
  // The topic of a non-channel draft is ignored: "" or the value written.
  if (listed.topic !== kept.topic && (kept.type === 'stream' || listed.topic !== ''))
    return `topic ${JSON.stringify(listed.topic)}, written ${JSON.stringify(kept.topic)}`;
  if (!isInt(listed.timestamp)) return `timestamp ${JSON.stringify(listed.timestamp)}, not an integer`;
  if (kept.timestamp !== undefined && listed.timestamp !== kept.timestamp)
    return `timestamp ${listed.timestamp}, written ${kept.timestamp}`;
  return undefined;
}
