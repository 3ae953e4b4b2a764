/** Custom profile fields: validation of a new field (contract: operation 7 and its resource) and the API dict. */
import type { Faults } from '../faults.ts';
import { badRequest, invalidParam } from './errors.ts';
import type { ProfileField } from './model.ts';
import { isJsonObject, type Params } from './params.ts';
import type { Store } from './store.ts';

export const FIELD_TYPE = {
  shortText: 1,
  paragraph: 2,
  dropdown: 3,
  date: 4,
  link: 5,
  users: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;

/** At most this many fields of an organization have `display_in_profile_summary` true. */
export const MAX_SUMMARY_FIELDS = 2;
const NAME_MAX = 40;
const HINT_MAX = 80;

/** Fields whose values are Markdown and get a `rendered_value`. */
export const isMarkdownField = (fieldType: number): boolean =>
  fieldType === FIELD_TYPE.shortText || fieldType === FIELD_TYPE.paragraph;

export type NewProfileField = Omit<ProfileField, 'id' | 'order'>;

export function readNewField(params: Params, store: Store, faults: Faults): NewProfileField {
  const fieldType = params.int('field_type');
  const name = (params.optStr('name') ?? '').trim();
  const hint = params.optStr('hint') ?? '';
  const fieldData = params.optJsonObject('field_data') ?? {};
  const summary = params.bool('display_in_profile_summary', false);
  const required = params.bool('required', false);
  const editableByUser = params.bool('editable_by_user', true);
  const matching = params.bool('use_for_user_matching', false);

  if (!knownFieldType(fieldType, faults)) throw invalidParam('field_type', 'Invalid field type.');
  // Fault `profile-field-required-refused`: a field marked required is refused.
  if (required && faults.has('profile-field-required-refused')) throw badRequest('Required fields are not supported.');
  if (fieldType !== FIELD_TYPE.externalAccount && name === '') throw badRequest('Label cannot be blank.');
  if ([...name].length > NAME_MAX) throw badRequest(`name is too long (limit: ${NAME_MAX} characters)`);
  if ([...hint].length > HINT_MAX) throw badRequest(`hint is too long (limit: ${HINT_MAX} characters)`);
  if (fieldType === FIELD_TYPE.dropdown) validateChoices(fieldData, faults);
  if (fieldType === FIELD_TYPE.externalAccount && typeof fieldData.subtype !== 'string') {
    throw invalidParam('field_data', 'field_data must give a subtype');
  }
  if (summary) checkProfileSummary(fieldType, store, faults);
  if (matching && !usableForMatching(fieldType, faults)) {
    throw badRequest('Only Short text and External account fields can be used for user matching.');
  }
  const wanted = name.toLowerCase();
  if ([...store.profileFields.values()].some((f) => f.name.toLowerCase() === wanted)) {
    throw badRequest('A field with that label already exists.');
  }
  return {
    name,
    hint,
    fieldType,
    fieldData,
    displayInProfileSummary: summary,
    required,
    editableByUser,
    useForUserMatching: matching,
  };
}

/** `field_type`: one of the eight types. */
function knownFieldType(fieldType: number, faults: Faults): boolean {
  // Fault `profile-field-type-9-accepted`: the upper bound is off by one.
  if (fieldType === 9 && faults.has('profile-field-type-9-accepted')) return true;
  // Fault `profile-field-pronouns-refused`: field_type 8 counts as out of range.
  if (fieldType === FIELD_TYPE.pronouns && faults.has('profile-field-pronouns-refused')) return false;
  return fieldType >= 1 && fieldType <= 8;
}

/**
 * What the sequence faults of profile fields remember, per store: summary slots still taken by deleted fields
 * (fault `sequence-profile-fields-delete-keeps-slot`), and slots freed by deletions that the next field created
 * takes (fault `sequence-profile-fields-slot-to-next-field`).
 */
const memory = new WeakMap<Store, { kept: number; freed: number }>();
export function summarySlots(store: Store): { kept: number; freed: number } {
  if (!memory.has(store)) memory.set(store, { kept: 0, freed: 0 });
  return memory.get(store)!;
}

/** `display_in_profile_summary`: never for a Users field, and for at most MAX_SUMMARY_FIELDS fields. */
function checkProfileSummary(fieldType: number, store: Store, faults: Faults): void {
  // Fault `profile-field-users-summary-accepted`.
  if (fieldType === FIELD_TYPE.users && !faults.has('profile-field-users-summary-accepted')) {
    throw badRequest('Field type not supported for display in profile summary.');
  }
  // Fault `sequence-profile-fields-delete-keeps-slot`: deleted summary fields still count.
  const shown =
    [...store.profileFields.values()].filter((f) => f.displayInProfileSummary).length + summarySlots(store).kept;
  // Fault `profile-field-third-summary-accepted`: the limit is one too high.
  const limit = MAX_SUMMARY_FIELDS + (faults.has('profile-field-third-summary-accepted') ? 1 : 0);
  if (shown >= limit) {
    throw badRequest(`Only ${MAX_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`);
  }
}

/** `use_for_user_matching`: Short text and External account fields only. */
function usableForMatching(fieldType: number, faults: Faults): boolean {
  // Fault `profile-field-matching-on-paragraph`: Paragraph fields may be used for user matching.
  if (fieldType === FIELD_TYPE.paragraph && faults.has('profile-field-matching-on-paragraph')) return true;
  return fieldType === FIELD_TYPE.shortText || fieldType === FIELD_TYPE.externalAccount;
}

/** Dropdown choices: a non-empty dictionary of `{text, order}` objects with string values. */
function validateChoices(fieldData: Record<string, unknown>, faults: Faults): void {
  const choices = Object.values(fieldData);
  if (choices.length === 0) throw invalidParam('field_data', 'Field must have at least one choice.');
  for (const choice of choices) {
    if (!isJsonObject(choice) || typeof choice.text !== 'string' || choice.text.trim() === '') {
      throw invalidParam('field_data', 'Each choice needs a non-empty text.');
    }
    // Fault `profile-field-dropdown-numeric-order`: only numbers are accepted as `order`.
    const orderOk = faults.has('profile-field-dropdown-numeric-order')
      ? typeof choice.order === 'number'
      : typeof choice.order === 'string';
    if (!orderOk) throw invalidParam('field_data', 'Each choice needs an order.');
  }
}

/** A field as `GET /realm/profile_fields` lists it; `field_data` is a JSON string, as in Zulip. */
export function profileFieldDict(field: ProfileField): Record<string, unknown> {
  return {
    id: field.id,
    name: field.name,
    hint: field.hint,
    type: field.fieldType,
    field_data: Object.keys(field.fieldData).length ? JSON.stringify(field.fieldData) : '',
    order: field.order,
    required: field.required,
    editable_by_user: field.editableByUser,
    ...(field.displayInProfileSummary ? { display_in_profile_summary: true } : {}),
    ...(field.useForUserMatching ? { use_for_user_matching: true } : {}),
  };
}

/** A user's values, keyed by field id, for `profile_data`. */
export function profileDataOf(store: Store, userId: number): Map<number, { value: string; markdown: boolean }> {
  const data = new Map<number, { value: string; markdown: boolean }>();
  for (const [fieldId, value] of store.profileValues.get(userId) ?? []) {
    const field = store.profileFields.get(fieldId);
    if (field) data.set(fieldId, { value, markdown: isMarkdownField(field.fieldType) });
  }
  return data;
}
