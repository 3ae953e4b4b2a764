/** GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}. */
import type { Context, Fields, Route } from '../core/context.ts';
import { type DraftFields, draftDict, newestFirst, validateDraft } from '../core/drafts.ts';
import { notFound } from '../core/errors.ts';
import type { Draft } from '../core/model.ts';

function listDrafts({ store, user, faults }: Context): Fields {
  // Fault `drafts-visible-to-others`: everyone's drafts.
  const mine = [...store.drafts.values()].filter((d) => d.userId === user.id || faults.has('drafts-visible-to-others'));
  mine.sort(newestFirst);
  // Fault `drafts-oldest-first` (what real Zulip does).
  if (faults.has('drafts-oldest-first')) mine.reverse();
  const drafts = mine.map((d) =>
    // Fault `drafts-timestamp-as-string`.
    faults.has('drafts-timestamp-as-string') ? { ...draftDict(d), timestamp: String(d.timestamp) } : draftDict(d),
  );
  // Fault `drafts-count-off-by-one`.
  return { count: drafts.length + (faults.has('drafts-count-off-by-one') ? 1 : 0), drafts };
}

function createDrafts(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  const inputs = params.optJsonList('drafts') ?? [];
  const keep = (fields: DraftFields): Draft => {
    const draft = { ...fields, id: store.nextId('draft'), userId: user.id };
    store.drafts.set(draft.id, draft);
    return draft;
  };
  // Fault `bad-input-drafts-partial-write`: each draft is stored as it is read, so a refusal keeps those before it.
  const created: Draft[] = faults.has('bad-input-drafts-partial-write')
    ? inputs.map((raw, i) => keep(validateDraft(raw, `drafts[${i}]`, ctx)))
    : inputs.map((raw, i) => validateDraft(raw, `drafts[${i}]`, ctx)).map(keep);
  // Fault `drafts-no-event`.
  if (!faults.has('drafts-no-event')) {
    store.events.push([user.id], { type: 'drafts', op: 'add', drafts: created.map(draftDict) });
  }
  const ids = created.map((d) => d.id);
  for (const id of ids) remembered(store).batchOf.set(id, ids);
  // Fault `drafts-ids-reversed`: stored right, reported in the wrong order.
  return { ids: faults.has('drafts-ids-reversed') ? ids.reverse() : ids };
}

/**
 * What the sequence faults of drafts remember, per store: the drafts created together (fault
 * `sequence-drafts-delete-takes-batch`) and the ids of drafts edited (fault `sequence-drafts-edited-undeletable`).
 */
const memory = new WeakMap<Context['store'], { batchOf: Map<number, number[]>; edited: Set<number> }>();
function remembered(store: Context['store']) {
  if (!memory.has(store)) memory.set(store, { batchOf: new Map(), edited: new Set() });
  return memory.get(store)!;
}

function ownDraft({ store, user, path }: Context): Draft {
  const draft = store.drafts.get(path.draft_id!);
  if (!draft || draft.userId !== user.id) throw notFound('Draft does not exist');
  return draft;
}

function editDraft(ctx: Context): Fields {
  const { params, store, user } = ctx;
  const fields = validateDraft(params.jsonObject('draft'), 'draft', ctx);
  const draft = ownDraft(ctx);
  Object.assign(draft, fields);
  remembered(store).edited.add(draft.id);
  // Fault `sequence-drafts-edit-moves-to-new-id`: the edited draft is stored anew under a new id.
  if (ctx.faults.has('sequence-drafts-edit-moves-to-new-id')) {
    store.drafts.delete(draft.id);
    const moved = { ...draft, id: store.nextId('draft') };
    store.drafts.set(moved.id, moved);
  }
  store.events.push([user.id], { type: 'drafts', op: 'update', draft: draftDict(draft) });
  return {};
}

function deleteDraft(ctx: Context): Fields {
  const { store, user, faults } = ctx;
  const draft = ownDraft(ctx);
  // Fault `sequence-drafts-edited-undeletable`: an edited draft stays.
  if (faults.has('sequence-drafts-edited-undeletable') && remembered(store).edited.has(draft.id)) return {};
  // Fault `sequence-drafts-delete-takes-batch`: the drafts created with it go too.
  if (faults.has('sequence-drafts-delete-takes-batch'))
    for (const id of remembered(store).batchOf.get(draft.id) ?? []) store.drafts.delete(id);
  store.drafts.delete(draft.id);
  store.events.push([user.id], { type: 'drafts', op: 'remove', draft_id: draft.id });
  return {};
}

export const draftRoutes: readonly Route[] = [
  { method: 'GET', path: '/drafts', handler: listDrafts },
  { method: 'POST', path: '/drafts', handler: createDrafts },
  { method: 'PATCH', path: '/drafts/{draft_id}', handler: editDraft },
  { method: 'DELETE', path: '/drafts/{draft_id}', handler: deleteDraft },
];
