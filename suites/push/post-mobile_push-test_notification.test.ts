// POST /mobile_push/test_notification — contract: "19. Send a test notification to mobile devices" (deprecated at
// level 420), Errors. The suite always names a token: without one the test would reach the account's real devices.
import { checksIn } from '../../helpers/checks/check.ts';
import { expectError } from '../../helpers/checks/matchers.ts';
import { deviceOwner, deviceToken, mustAddToken } from './push.ts';

const { group, check } = checksIn(import.meta.url);

group('POST /mobile_push/test_notification', () => {
  check(
    'PUSH-TEST-001',
    'MUST answer a test notification to a token the server does not know with INVALID_PUSH_DEVICE_TOKEN',
    { section: '19. Send a test notification to mobile devices; Errors', deprecatedAt: 420, exercisesOperation: true },
    async (ctx) => {
      const res = await ctx.as(deviceOwner(ctx)).post('/mobile_push/test_notification', { token: deviceToken(ctx) });
      expectError(res, 'INVALID_PUSH_DEVICE_TOKEN', 'a test notification to a token never registered');
    },
  );

  check(
    'PUSH-TEST-002',
    'MUST recognize a registered token in a test notification: success, or INVALID_REMOTE_PUSH_DEVICE_TOKEN when the push service does not know it',
    { section: '19. Send a test notification to mobile devices; Errors', deprecatedAt: 420 },
    async (ctx) => {
      const owner = deviceOwner(ctx);
      const token = deviceToken(ctx);
      await mustAddToken(ctx, owner, token);
      const res = await ctx.as(owner).post('/mobile_push/test_notification', { token });
      // The server knows the token; whether a push service (bouncer) does depends on the deployment: both readings.
      if (res.body?.result === 'success') return;
      expectError(res, 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', 'a test notification to a token the server registered');
      ctx.note('the push notification service does not know the device (INVALID_REMOTE_PUSH_DEVICE_TOKEN)');
    },
  );
});
