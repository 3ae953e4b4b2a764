/** A stand-in CheckContext for unit tests of the actor choice: just the clause id and the accounts configured. */
import type { CheckContext } from '../../helpers/checks/context.ts';
import type { Role } from '../../helpers/roles.ts';

export function fakeCtx(clauseId: string, configured: readonly Role[], refused: readonly Role[] = []): CheckContext {
  const accounts: Partial<Record<Role, { userId: number; email: string; refused?: string }>> = Object.fromEntries(
    configured.map((role, i) => [
      role,
      { userId: i + 1, email: `${role}@fake.test`, refused: refused.includes(role) ? 'bad key' : undefined },
    ]),
  );
  return {
    clause: { id: clauseId },
    world: { accounts },
    configured: (role: Role) => accounts[role],
    usable: (role: Role) => accounts[role] !== undefined && !accounts[role]!.refused,
  } as unknown as CheckContext;
}
