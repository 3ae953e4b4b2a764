// DELETE /users/me/apns_device_token — contract: "18. Remove an APNs device token" (deprecated at level 406), Errors.
import { describe } from 'vitest';
import { checksOf } from '../../helpers/checks/check.ts';
import { expectError, expectSuccess } from '../../helpers/checks/matchers.ts';
import { clauses } from './clauses.ts';
import { deviceToken, mustAddToken, removeToken } from './push.ts';

const check = checksOf(clauses);

describe('DELETE /users/me/apns_device_token', () => {
  check('PUSH-REMOVE-001', async (ctx) => {
    const token = deviceToken(ctx);
    await mustAddToken(ctx, token);
    expectSuccess(await removeToken(ctx, token), 'removing the registered token');
    expectError(await removeToken(ctx, token), 'BAD_REQUEST', 'removing the same token a second time');
  });

  check('PUSH-REMOVE-002', async (ctx) => {
    expectError(await removeToken(ctx, deviceToken(ctx)), 'BAD_REQUEST', 'removing a token never registered');
  });

  check('PUSH-REMOVE-003', async (ctx) => {
    expectError(await removeToken(ctx, ''), 'BAD_REQUEST', 'removing an empty token');
  });
});
