/**
 * delete(newest) and delete(gone): DELETE /drafts/{id} (a set-up operation, TARGET.md) of the draft written most
 * recently, which must then be gone and nothing else with it; or of one already deleted, whose answer the contract
 * does not give (any answer is accepted), but which must change nothing.
 */
import type fc from 'fast-check';
import { type DraftsModel, type DraftsReal, newest } from './model.ts';

export class DeleteDraft implements fc.AsyncCommand<DraftsModel, DraftsReal> {
  readonly kind: string;
  constructor(readonly which: 'newest' | 'gone') {
    this.kind = `delete:${which}`;
  }

  check = (model: Readonly<DraftsModel>) => (this.which === 'newest' ? model.live.size > 0 : model.deleted.length > 0);

  async run(model: DraftsModel, real: DraftsReal): Promise<void> {
    const client = real.ctx.as(real.keeper);
    if (this.which === 'gone') {
      await client.delete(`/drafts/${model.deleted.at(-1)!}`);
      return;
    }
    const { id } = newest(model)!;
    await client.must('DELETE', `/drafts/${id}`);
    real.ctx.untrack(real.keeper, 'draft', id);
    this.simulate(model);
  }

  /** Deleting a deleted draft changes nothing; deleting the newest moves it to the deleted. */
  simulate(model: DraftsModel): void {
    if (this.which === 'gone') return;
    const { id } = newest(model)!;
    model.live.delete(id);
    model.deleted.push(id);
  }

  toString = () =>
    this.which === 'newest' ? 'delete the draft written most recently' : 'delete a deleted draft again';
}
