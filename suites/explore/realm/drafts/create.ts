/** create(n): POST /drafts with one draft or a batch of two; the ids answered name them, in submission order. */
import type fc from 'fast-check';
import { expectSuccess, fail, isIntList } from '../../../../helpers/checks/matchers.ts';
import { postDrafts } from '../../../drafts/drafts.ts';
import { type DraftRecord, type DraftsModel, type DraftsReal, draftParam, nextDraft } from './model.ts';

export class CreateDrafts implements fc.AsyncCommand<DraftsModel, DraftsReal> {
  readonly kind: string;
  constructor(readonly count: 1 | 2) {
    this.kind = count === 1 ? 'create:one' : 'create:batch';
  }

  check = () => true;

  async run(model: DraftsModel, real: DraftsReal): Promise<void> {
    const drafts = Array.from({ length: this.count }, () => nextDraft(model, real));
    const res = await postDrafts(real.ctx, real.keeper, drafts.map(draftParam));
    const { ids } = expectSuccess(res, String(this));
    if (!isIntList(ids) || ids.length !== drafts.length) fail(res, `wanted ${drafts.length} draft ids`);
    for (const [i, d] of drafts.entries()) model.live.set(ids[i]!, { ...d, id: ids[i]! } satisfies DraftRecord);
  }

  /** Made-up ids no server gives (negative) stand for the drafts the server would create. */
  simulate(model: DraftsModel): void {
    for (let i = 0; i < this.count; i++) {
      const id = -1 - model.written;
      model.live.set(id, { ...nextDraft(model), id });
    }
  }

  toString = () => (this.count === 1 ? 'create one draft' : 'create a batch of two drafts');
}
