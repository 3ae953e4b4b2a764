/**
 * Custom profile fields the run creates (contract: operation 7 and its resource; setup: GET and DELETE
 * /realm/profile_fields, TARGET.md). Fields are realm-wide: named with the run prefix, deleted when the check ends.
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import { takeTurn } from '../../helpers/checks/turns.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import type { Role } from '../../helpers/roles.ts';

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

/** Valid Dropdown data: choice key → {text, order}, both strings. */
export const DROPDOWN_DATA = { red: { text: 'Red', order: '1' }, blue: { text: 'Blue', order: '2' } };

/** At most this many fields of an organization show in the profile summary (contract: 7 and Limits). */
export const SUMMARY_LIMIT = 2;

/**
 * The summary's slots are realm-wide: a check that fills or frees them (or counts on how many are taken) holds the
 * run's turn on them, taken before it reads the count (turns.ts), so that no other check of the run moves them
 * meanwhile (other runs wait for the run's lease: sharesState('profile-fields')).
 */
export const takeSummaryTurn = (ctx: CheckContext) => takeTurn(ctx, 'the profile summary slots');

/** A definition of the given type with a fresh run-prefixed name (Dropdown with valid choices). */
export function fieldOf(ctx: CheckContext, fieldType: number, extra: Params = {}): Params {
  return {
    name: ctx.unique('pf'),
    field_type: fieldType,
    ...(fieldType === FIELD_TYPE.dropdown ? { field_data: DROPDOWN_DATA } : {}),
    ...extra,
  };
}

/** POST /realm/profile_fields as the behaviour under test; a created field is deleted when the check ends. */
export async function createField(ctx: CheckContext, role: Role, definition: Params): Promise<ApiResponse> {
  ctx.requireRealmChanges('creating custom profile fields');
  const res = await ctx.as(role).post('/realm/profile_fields', definition);
  if (res.body?.result === 'success' && isInt(res.body.id)) {
    // Deleted by an administrator, whoever created it (a field a non-administrator managed to create included).
    ctx.track(fieldAdmin(ctx), 'profile-field', res.body.id, `profile field ${String(definition.name)}`);
  }
  return res;
}

/** The realm's fields (GET /realm/profile_fields, a setup operation), as an administrator sees them. */
export async function listFields(ctx: CheckContext, admin: Role = fieldAdmin(ctx)): Promise<any[]> {
  const body = await ctx.as(admin).mustSetup('GET', '/realm/profile_fields');
  return Array.isArray(body.custom_fields) ? body.custom_fields : [];
}

/** How many fields already show in the profile summary: the realm is not fresh. */
export async function summaryCount(ctx: CheckContext): Promise<number> {
  return (await listFields(ctx)).filter((f) => f?.display_in_profile_summary === true).length;
}

/** The administrator (or, unset, the owner) creates the fields of checks that are not about roles. */
export function fieldAdmin(ctx: CheckContext): Role {
  return ctx.world.accounts.admin ? 'admin' : 'owner';
}
