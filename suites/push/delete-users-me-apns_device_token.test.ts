// DELETE /users/me/apns_device_token — contract: "18. Remove an APNs device token" (deprecated at level 406), Errors.
import { checksIn } from '../../helpers/checks/check.ts';
import { expectError, expectSuccess } from '../../helpers/checks/matchers.ts';
import { deviceOwner, deviceToken, mustAddToken, removeToken } from './push.ts';

const { group, check } = checksIn(import.meta.url);

group('DELETE /users/me/apns_device_token', () => {
  check(
    'PUSH-REMOVE-001',
    'MUST remove a registered APNs token, so that removing it again is refused with BAD_REQUEST',
    { section: '18. Remove an APNs device token; Errors', deprecatedAt: 406, exercisesOperation: true },
    async (ctx) => {
      const owner = deviceOwner(ctx);
      const token = deviceToken(ctx);
      await mustAddToken(ctx, owner, token);
      expectSuccess(await removeToken(ctx, owner, token), 'removing the registered token');
      expectError(await removeToken(ctx, owner, token), 'BAD_REQUEST', 'removing the same token a second time');
    },
  );

  check(
    'PUSH-REMOVE-002',
    'MUST refuse removing an APNs token that was never registered with BAD_REQUEST',
    { section: '18. Remove an APNs device token; Errors', deprecatedAt: 406 },
    async (ctx) => {
      expectError(
        await removeToken(ctx, deviceOwner(ctx), deviceToken(ctx)),
        'BAD_REQUEST',
        'removing a token never registered',
      );
    },
  );

  check(
    'PUSH-REMOVE-003',
    'MUST refuse removing an empty APNs token with BAD_REQUEST',
    { section: '18. Remove an APNs device token; Errors', deprecatedAt: 406 },
    async (ctx) => {
      expectError(await removeToken(ctx, deviceOwner(ctx), ''), 'BAD_REQUEST', 'removing an empty token');
    },
  );
});
