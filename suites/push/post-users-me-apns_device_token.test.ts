// POST /users/me/apns_device_token — contract: "17. Add an APNs device token" (deprecated at level 406), Errors.
import { checksIn } from '../../helpers/checks/check.ts';
import { expectError, expectSuccess } from '../../helpers/checks/matchers.ts';
import { APP_ID, addToken, deviceOwner, deviceToken, removeToken } from './push.ts';

const { group, check } = checksIn(import.meta.url);

group('POST /users/me/apns_device_token', () => {
  check(
    'PUSH-ADD-001',
    'MUST register an APNs device token given with its appid, so that it can then be removed',
    { section: '17. Add an APNs device token', deprecatedAt: 406, exercisesOperation: true },
    async (ctx) => {
      const owner = deviceOwner(ctx);
      const token = deviceToken(ctx);
      expectSuccess(await addToken(ctx, owner, { token, appid: APP_ID }), 'adding a 64-digit hexadecimal token');
      // "Registered" is observable only through removal: the token must now be known to the remove operation.
      expectSuccess(await removeToken(ctx, owner, token), 'removing the token just added');
    },
  );

  check(
    'PUSH-ADD-002',
    'MUST refuse an empty APNs token with BAD_REQUEST',
    { section: '17. Add an APNs device token; Errors', deprecatedAt: 406 },
    async (ctx) => {
      expectError(
        await addToken(ctx, deviceOwner(ctx), { token: '', appid: APP_ID }),
        'BAD_REQUEST',
        'adding an empty token',
      );
    },
  );

  check(
    'PUSH-ADD-003',
    'SHOULD refuse an APNs token of 64 KiB (an invalid length for any device token) with BAD_REQUEST',
    { section: '17. Add an APNs device token; Limits', deprecatedAt: 406 },
    async (ctx) => {
      // The contract leaves the bounds "not shown"; 64 KiB is far beyond any real device token (APNs: 32 bytes).
      const token = deviceToken(ctx).repeat(1024);
      expectError(
        await addToken(ctx, deviceOwner(ctx), { token, appid: APP_ID }),
        'BAD_REQUEST',
        'adding a 64 KiB token',
      );
    },
  );

  check(
    'PUSH-ADD-004',
    'MUST refuse an APNs token given without the required appid',
    { section: '17. Add an APNs device token', since: 223, deprecatedAt: 406 },
    async (ctx) => {
      expectError(
        await addToken(ctx, deviceOwner(ctx), { token: deviceToken(ctx) }),
        undefined,
        'adding a token without appid',
      );
    },
  );
});
