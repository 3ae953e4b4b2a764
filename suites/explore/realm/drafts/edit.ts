/**
 * edit(oldest): PATCH /drafts/{id} (a set-up operation, TARGET.md) rewrites the draft written longest ago with new
 * content and a timestamp after every other: the same id must then name it as rewritten.
 */
import type fc from 'fast-check';
import { type DraftsModel, type DraftsReal, draftParam, later, oldest } from './model.ts';

export class EditDraft implements fc.AsyncCommand<DraftsModel, DraftsReal> {
  readonly kind = 'edit:oldest';

  check = (model: Readonly<DraftsModel>) => model.live.size > 0;

  async run(model: DraftsModel, real: DraftsReal): Promise<void> {
    const draft = oldest(model)!;
    const rewritten = {
      ...draft,
      content: `${real.prefix} draft ${model.written++} (edited)`,
      timestamp: later(model),
    };
    await real.ctx.as(real.keeper).mustSetup('PATCH', `/drafts/${draft.id}`, { draft: draftParam(rewritten) });
    model.live.set(draft.id, rewritten);
  }

  simulate(model: DraftsModel): void {
    const draft = oldest(model)!;
    model.live.set(draft.id, { ...draft, timestamp: later(model) });
  }

  toString = () => 'edit the draft written longest ago';
}
