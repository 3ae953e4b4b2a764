/** The probe set-ups of the push operations (17–19): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { aPerson, type ProbeSetupEntry, probeSetup } from '../conventions/probe-setup-kit.ts';
import { APP_ID, deviceToken } from './push.ts';

/** An APNs device token registered for the role (a setup step), removed when the check ends. */
async function registeredToken(ctx: CheckContext, role: Role): Promise<string> {
  const token = deviceToken(ctx);
  // Tracked first: the server may register it even if its answer is lost.
  ctx.track(role, 'push-token', token, 'APNs device token');
  await ctx.as(role).mustSetup('POST', '/users/me/apns_device_token', { token, appid: APP_ID });
  return token;
}

const addToken = probeSetup({
  caller: aPerson,
  prepare: async (ctx, { caller }) => {
    const token = deviceToken(ctx);
    // The control registers a twin token: the read-back asks whether the base's token is registered.
    const twin = deviceToken(ctx);
    // Tracked before the control is sent: the server may register it even if its answer is lost.
    ctx.track(caller, 'push-token', twin, 'APNs device token');
    let added = false;
    return {
      on: { token },
      twin: { token: twin },
      accepted: () => {
        added = true;
        ctx.track(caller, 'push-token', token, 'APNs device token');
      },
      // A refused probe left the token registered if removing it succeeds (the removal is the cleanup too).
      readBack: async () => {
        if (added) return [];
        const res = await ctx.as(caller).delete('/users/me/apns_device_token', { token });
        return res.body?.result === 'success' ? ['a refused probe registered the APNs device token'] : [];
      },
    };
  },
  valid: (on) => [{ params: { token: on.token, appid: APP_ID } }],
});

const removeToken = probeSetup({
  caller: aPerson,
  prepare: async (ctx, { caller }) => {
    // A token goes once: the control removes a twin.
    const [token, twin] = [await registeredToken(ctx, caller), await registeredToken(ctx, caller)];
    return {
      on: { token },
      twin: { token: twin },
      afterControl: () => ctx.untrack(caller, 'push-token', twin),
      // Still registered: removing it now succeeds (and the cleanup finds it gone, which it accepts).
      readBack: async (acceptedAny) => {
        if (acceptedAny) return [];
        const res = await ctx.as(caller).delete('/users/me/apns_device_token', { token });
        if (res.body?.result !== 'success') return ['a refused probe removed the APNs device token'];
        ctx.untrack(caller, 'push-token', token);
        return [];
      },
    };
  },
  valid: (on) => [{ params: { token: on.token } }],
});

/** The server knows the device but has no push service to reach it through: the contract's code for that case. */
const UNKNOWN_TO_BOUNCER = 'INVALID_REMOTE_PUSH_DEVICE_TOKEN';

const testNotification = probeSetup({
  caller: aPerson,
  // Always a token of the run's own: without one the test would reach the account's real devices. Where no push
  // service is configured the server answers that the bouncer does not know the device: an answer only a caller
  // the server recognised (whose token it found) gets, so it counts as the control's acceptance.
  prepare: async (ctx, { caller }) => ({
    on: { token: await registeredToken(ctx, caller) },
    accepts: {
      test: (res: ApiResponse) => res.body?.result === 'success' || res.body?.code === UNKNOWN_TO_BOUNCER,
      what: `a success, or ${UNKNOWN_TO_BOUNCER}`,
    },
  }),
  valid: (on) => [{ params: { token: on.token } }],
});

export const pushSetups = {
  'POST /users/me/apns_device_token': addToken,
  'DELETE /users/me/apns_device_token': removeToken,
  'POST /mobile_push/test_notification': testNotification,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
