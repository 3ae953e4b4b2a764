/**
 * delete: DELETE /realm/profile_fields/{id} (a set-up operation, TARGET.md) of the sequence's field created longest
 * ago, shown in the summary or not: it must then be gone, nothing else with it, and a summary field's slot free
 * again. One kind for both flags: every pair of kinds stays reachable however many slots others' fields take.
 */
import type fc from 'fast-check';
import type { FieldsModel, FieldsReal } from './model.ts';

export class DeleteField implements fc.AsyncCommand<FieldsModel, FieldsReal> {
  readonly kind = 'delete';

  check = (model: Readonly<FieldsModel>) => model.live.length > 0;

  async run(model: FieldsModel, real: FieldsReal): Promise<void> {
    const { id } = model.live[0]!;
    await real.ctx.as(real.admin).must('DELETE', `/realm/profile_fields/${id}`);
    real.ctx.untrack(real.admin, 'profile-field', id);
    this.simulate(model);
  }

  simulate(model: FieldsModel): void {
    model.deleted.push(model.live.shift()!);
  }

  toString = () => 'delete the field created longest ago';
}
