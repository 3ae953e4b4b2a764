/**
 * create(plain) and create(summary): POST /realm/profile_fields (operation 7) of a Short text field, with
 * display_in_profile_summary false or true. A plain field is accepted; a summary field is accepted exactly while
 * fewer than SUMMARY_LIMIT fields of the organization show in the summary, else refused (the code is not shown:
 * any error is accepted).
 */
import type fc from 'fast-check';
import { expectError, expectSuccess, fail, isInt } from '../../../../helpers/checks/matchers.ts';
import { createField, FIELD_TYPE, fieldOf, SUMMARY_LIMIT } from '../../../realm/profile-fields.ts';
import { type FieldsModel, type FieldsReal, inUse, MAX_LIVE, nextName } from './model.ts';

export class CreateField implements fc.AsyncCommand<FieldsModel, FieldsReal> {
  readonly kind: string;
  constructor(readonly summary: boolean) {
    this.kind = summary ? 'create:summary' : 'create:plain';
  }

  check = (model: Readonly<FieldsModel>) => model.live.length < MAX_LIVE;

  async run(model: FieldsModel, real: FieldsReal): Promise<void> {
    const taken = inUse(model);
    const name = nextName(model);
    // The flag is always sent: the contract gives it no default.
    const definition = fieldOf(real.ctx, FIELD_TYPE.shortText, { name, display_in_profile_summary: this.summary });
    const res = await createField(real.ctx, real.admin, definition);
    // Contract, 7 and Limits: "at most 2 fields in an organization may be true".
    if (this.summary && taken >= SUMMARY_LIMIT) {
      expectError(res, undefined, `a summary field while ${taken} of the organization's fields show in the summary`);
      return;
    }
    const { id } = expectSuccess(res, `${this} (${taken} of ${SUMMARY_LIMIT} summary slots taken)`);
    if (!isInt(id)) fail(res, 'wanted the new field id, an integer');
    model.live.push({ id, name, summary: this.summary });
  }

  /** A made-up id (negative: no server gives one) for the field the server would create. */
  simulate(model: FieldsModel): void {
    if (this.summary && inUse(model) >= SUMMARY_LIMIT) return;
    model.live.push({ id: -1 - model.created, name: nextName(model), summary: this.summary });
  }

  toString = () => (this.summary ? 'create a field shown in the profile summary' : 'create a field not in the summary');
}
