/** GET/POST /realm/profile_fields, DELETE /realm/profile_fields/{field_id}, PATCH /users/me/profile_data. */
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, invalidParam } from '../core/errors.ts';
import { isAdmin, isGuest, type User } from '../core/model.ts';
import { isJsonObject } from '../core/params.ts';
import { profileFieldDict, readNewField, summarySlots } from '../core/profile-fields.ts';
import type { Faults } from '../faults.ts';

const adminRequired = () => new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');

function requireAdmin(user: User, faults: Faults): void {
  // Fault `profile-field-member-creates`: any non-guest human passes.
  const loophole = faults.has('profile-field-member-creates') && !isGuest(user) && !user.bot;
  if (!isAdmin(user) && !loophole) throw adminRequired();
}

function listFields({ store, faults }: Context): Fields {
  const fields = [...store.profileFields.values()].sort((a, b) => a.order - b.order);
  // Fault `profile-field-not-listed`: the newest field is left out of the list.
  const newest = Math.max(...fields.map((f) => f.id));
  const shown = faults.has('profile-field-not-listed') ? fields.filter((f) => f.id !== newest) : fields;
  return { custom_fields: shown.map(profileFieldDict) };
}

function createField({ params, store, user, faults }: Context): Fields {
  requireAdmin(user, faults);
  const spec = readNewField(params, store, faults);
  // Fault `sequence-profile-fields-slot-to-next-field`: a slot a deletion freed goes to this field, whatever it asked.
  const slots = summarySlots(store);
  if (faults.has('sequence-profile-fields-slot-to-next-field') && slots.freed > 0) {
    slots.freed--;
    spec.displayInProfileSummary = true;
  }
  const id = store.nextId('profileField');
  const order = Math.max(0, ...[...store.profileFields.values()].map((f) => f.order)) + 1;
  store.profileFields.set(id, { ...spec, id, order });
  return { id };
}

function deleteField({ path, store, user, faults }: Context): Fields {
  if (!isAdmin(user)) throw adminRequired();
  const id = path.field_id!;
  const field = store.profileFields.get(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  store.profileFields.delete(id);
  if (field.displayInProfileSummary) {
    const slots = summarySlots(store);
    // Fault `sequence-profile-fields-delete-keeps-slot`: the field's summary slot stays taken.
    if (faults.has('sequence-profile-fields-delete-keeps-slot')) slots.kept++;
    // Fault `sequence-profile-fields-slot-to-next-field`: the next field created takes the slot.
    if (faults.has('sequence-profile-fields-slot-to-next-field')) slots.freed++;
  }
  for (const values of store.profileValues.values()) values.delete(id);
  return {};
}

function updateProfileData({ params, store, user }: Context): Fields {
  if (user.bot) throw badRequest('This endpoint does not accept bot requests.');
  const items = params.jsonList('data');
  const updates: [number, string][] = [];
  for (const item of items) {
    if (!isJsonObject(item) || !Number.isInteger(item.id)) throw invalidParam('data', 'data[] needs an integer id');
    const field = store.profileFields.get(item.id as number);
    if (!field) throw badRequest(`Field id ${item.id} not found.`);
    if (!field.editableByUser && !isAdmin(user)) throw badRequest('You are not allowed to change this field.');
    const value = typeof item.value === 'string' ? item.value : JSON.stringify(item.value ?? '');
    updates.push([field.id, value]);
  }
  const values = store.profileValues.get(user.id) ?? new Map<number, string>();
  store.profileValues.set(user.id, values);
  for (const [id, value] of updates) {
    if (value === '') values.delete(id);
    else values.set(id, value);
  }
  return {};
}

export const profileFieldRoutes: readonly Route[] = [
  { method: 'GET', path: '/realm/profile_fields', handler: listFields },
  { method: 'POST', path: '/realm/profile_fields', handler: createField },
  { method: 'DELETE', path: '/realm/profile_fields/{field_id}', handler: deleteField },
  { method: 'PATCH', path: '/users/me/profile_data', handler: updateProfileData },
];
