/**
 * Generated custom profile field definitions and the contract's verdict on each (operation 7 and the Custom
 * profile field resource). Left out: display_in_profile_summary (its limit is realm state, checked on its own),
 * External account (its field_data shape is "not shown") and Paragraph in the summary (Zulip refuses it; the
 * contract is silent).
 */
import fc from 'fast-check';
import type { CheckContext } from '../../helpers/checks/context.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { FIELD_TYPE, fieldOf } from './profile-fields.ts';

export interface FieldCase {
  definition: Params;
  valid: boolean;
  why: string;
}

const VALID_TYPES = [1, 2, 3, 4, 5, 6, 8];
const INVALID_TYPES = [0, 9, 10, -1, 99];
const MATCHABLE: readonly number[] = [FIELD_TYPE.shortText, FIELD_TYPE.externalAccount];

/**
 * Every valid type once, on every run (a quick run's few generated cases may leave one out), with each flag given
 * both ways across them (a server may refuse a flag rather than a type); and a type out of range, to be refused.
 */
export function essentialFieldCases(ctx: CheckContext): [FieldCase][] {
  const valid = VALID_TYPES.map((fieldType, i) =>
    caseOf(ctx, fieldType, {
      required: i % 2 === 0,
      editable_by_user: i % 3 !== 0,
      ...(i % 2 === 1 ? { hint: `hint ${i}` } : {}),
      ...(MATCHABLE.includes(fieldType) ? { use_for_user_matching: true } : {}),
    }),
  );
  return [...valid, caseOf(ctx, INVALID_TYPES[0]!, {})].map((c) => [c]);
}

export function fieldCases(ctx: CheckContext): fc.Arbitrary<FieldCase> {
  return fc
    .record({
      fieldType: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VALID_TYPES) }, fc.constantFrom(...INVALID_TYPES)),
      hint: fc.option(fc.stringMatching(/^[A-Za-z0-9 .,-]{0,30}$/), { nil: undefined }),
      required: fc.option(fc.boolean(), { nil: undefined }),
      editable: fc.option(fc.boolean(), { nil: undefined }),
      matching: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ fieldType, hint, required, editable, matching }) => {
      const extra: Record<string, string | boolean> = {};
      if (hint !== undefined) extra.hint = hint;
      if (required !== undefined) extra.required = required;
      if (editable !== undefined) extra.editable_by_user = editable;
      if (matching !== undefined) extra.use_for_user_matching = matching;
      return caseOf(ctx, fieldType, extra);
    });
}

/** A definition of the type with the optional parameters given, and the contract's verdict on it. */
function caseOf(ctx: CheckContext, fieldType: number, extra: Record<string, string | boolean>): FieldCase {
  const definition = fieldOf(ctx, fieldType, extra);
  const flags = Object.entries(extra)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  const why = `field_type ${fieldType}${flags ? ` with ${flags}` : ''}`;
  if (!VALID_TYPES.includes(fieldType)) return { definition, valid: false, why };
  if (extra.use_for_user_matching === true && !MATCHABLE.includes(fieldType)) return { definition, valid: false, why };
  return { definition, valid: true, why };
}
