/**
 * The model of the realm's custom profile fields as far as a sequence sees them (contract: operation 7 and Limits;
 * set-up: GET and DELETE /realm/profile_fields, TARGET.md): which of the sequence's fields exist, each with the
 * summary flag it was created with, and how many of the profile summary's slots are taken. At most SUMMARY_LIMIT
 * fields of the organization show in the summary: fields of others count (read when the sequence starts), and a
 * deleted summary field frees its slot.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import type { Role } from '../../../../helpers/roles.ts';

export interface FieldRecord {
  readonly id: number;
  readonly name: string;
  /** display_in_profile_summary, as created. */
  readonly summary: boolean;
}

export interface FieldsModel {
  /** The sequence's fields that exist, in the order created. */
  readonly live: FieldRecord[];
  /** The sequence's fields it deleted: none may be listed again. */
  readonly deleted: FieldRecord[];
  /** Summary slots taken by fields not the sequence's (other checks', other runs', the realm's own). */
  readonly others: number;
  /** Every field of the sequence is named `<prefix>-<n>`. */
  readonly prefix: string;
  /** Fields created so far: numbers the next name. */
  created: number;
}

export interface FieldsReal {
  readonly ctx: CheckContext;
  /** Who creates and deletes the fields (operation 7 is for administrators; fieldAdmin, who cleans them up too). */
  readonly admin: Role;
}

/** Fields of the sequence that exist at most: enough to fill the summary and keep plain ones beside. */
export const MAX_LIVE = 4;

/** The summary's slots taken now. */
export const inUse = (model: Readonly<FieldsModel>) => model.others + model.live.filter((f) => f.summary).length;

export const nextName = (model: FieldsModel) => `${model.prefix}-${model.created++}`;
