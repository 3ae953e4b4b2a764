/** The User object's fields (contract: Resources › User object), against the model of the contract (contract/). */
import { shapeProblems, User } from '../../contract/index.ts';

/** What is wrong with the fields of a user object (empty when nothing is). */
export function fieldProblems(user: Record<string, unknown>, featureLevel: number | null): string[] {
  // Where the target tells no level, every field the model dates is due (a server that says nothing is current).
  const problems = shapeProblems(user, User, '', { featureLevel: featureLevel ?? Number.MAX_SAFE_INTEGER })
    // bot_type's presence on humans is USER-GET-012's subject; here only its type, where it is given.
    .filter((p) => !(p.path === 'bot_type' && p.rule === 'shape.field-missing'))
    .map((p) => p.message);
  // avatar_url may be left out only for clients declaring user_avatar_url_field_optional, which the suite never does.
  if (!('avatar_url' in user)) problems.push('avatar_url missing');
  return problems;
}

/** What is wrong with the role flags: role against is_owner/is_admin/is_guest, an owner being an admin too. */
export function roleProblems(user: Record<string, unknown>): string[] {
  const role = user.role as number;
  const problems: string[] = [];
  if (user.is_owner !== (role === 100)) problems.push(`is_owner ${user.is_owner} with role ${role}`);
  if (user.is_admin !== role <= 200) problems.push(`is_admin ${user.is_admin} with role ${role}`);
  if (user.is_guest !== (role === 600)) problems.push(`is_guest ${user.is_guest} with role ${role}`);
  if (user.is_owner === true && user.is_admin !== true) problems.push('an owner that is not an administrator');
  return problems;
}
