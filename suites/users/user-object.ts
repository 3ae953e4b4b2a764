/** The User object's fields and their types (contract: Resources › User object). */
const ROLE_VALUES = [100, 200, 300, 400, 600];

const isIsoDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';
const isBool = (v: unknown) => typeof v === 'boolean';

/** Each field the table lists, with the rule its value must follow. */
const FIELD_RULES: readonly [field: string, want: string, ok: (v: unknown) => boolean][] = [
  ['user_id', 'an integer', Number.isInteger],
  ['delivery_email', 'a string or null', isStringOrNull],
  ['email', 'a string', (v) => typeof v === 'string'],
  ['full_name', 'a string', (v) => typeof v === 'string'],
  ['date_joined', 'an ISO 8601 time string', isIsoDate],
  ['is_active', 'a boolean', isBool],
  ['is_owner', 'a boolean', isBool],
  ['is_admin', 'a boolean', isBool],
  ['is_guest', 'a boolean', isBool],
  ['is_bot', 'a boolean', isBool],
  ['role', 'one of 100, 200, 300, 400, 600', (v) => ROLE_VALUES.includes(v as number)],
  ['timezone', 'a string', (v) => typeof v === 'string'],
  ['avatar_url', 'a string or null', isStringOrNull],
  ['avatar_version', 'an integer', Number.isInteger],
];

/** Fields added later, judged only on targets at or above their level (older ones answer without them). */
const LATER_FIELD_RULES: readonly [since: number, field: string, want: string, ok: (v: unknown) => boolean][] = [
  [433, 'is_imported_stub', 'a boolean', isBool],
];

/** What is wrong with the fields of a user object (empty when nothing is). */
export function fieldProblems(user: Record<string, unknown>, featureLevel: number | null): string[] {
  const rules = [
    ...FIELD_RULES,
    ...LATER_FIELD_RULES.filter(([since]) => featureLevel === null || featureLevel >= since).map(([, ...rule]) => rule),
  ];
  const problems = rules
    .filter(([field, , ok]) => !ok(user[field]))
    .map(([field, want]) => `${field} should be ${want}, got ${JSON.stringify(user[field])}`);
  // bot_type's presence on humans is USER-GET-012's subject; here only its type, where it is given.
  if ('bot_type' in user && !(user.bot_type === null || Number.isInteger(user.bot_type)))
    problems.push(`bot_type should be an integer or null, got ${JSON.stringify(user.bot_type)}`);
  // Present only when true (a permanently deleted user).
  if ('is_deleted' in user && user.is_deleted !== true) problems.push('is_deleted, when present, should be true');
  if ('profile_data' in user && (typeof user.profile_data !== 'object' || user.profile_data === null))
    problems.push('profile_data, when present, should be an object');
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
