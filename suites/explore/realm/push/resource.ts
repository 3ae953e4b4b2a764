/**
 * Push tokens as a resource of the realm's model: its steps and the frame that asks, after each
 * step, for a test notification to every token of the pool (operation 19): a registered token must be recognized
 * (success, or INVALID_REMOTE_PUSH_DEVICE_TOKEN where the push service does not know it), any other answered
 * INVALID_PUSH_DEVICE_TOKEN.
 */
import { createHash } from 'node:crypto';
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { expectError, fail } from '../../../../helpers/checks/matchers.ts';
import { removeToken } from '../../../push/push.ts';
import { ONEROUS, type Resource } from '../resource.ts';
import { AddToken } from './add.ts';
import { POOL, type PushModel, type PushReal } from './model.ts';
import { RemoveToken } from './remove.ts';

export function pushResource(ctx: CheckContext): Resource<PushModel, PushReal> {
  return {
    name: 'push tokens',
    steps: [new AddToken('new'), new AddToken('again'), new RemoveToken('registered'), new RemoveToken('absent')],
    start: async () => ({
      model: {
        pool: Array.from({ length: POOL }, () => createHash('sha256').update(ctx.unique('apns-seq')).digest('hex')),
        registered: new Set(),
        removed: new Set(),
      },
      real: { ctx, owner: ctx.someone('human', { besides: ONEROUS }) },
    }),
    frame: judgeTokens,
    end: async (model, real) => {
      for (const token of model.registered) await removeToken(ctx, real.owner, token);
    },
  };
}

async function judgeTokens(model: PushModel, real: PushReal): Promise<void> {
  for (const token of model.pool) {
    const res = await real.ctx.as(real.owner).post('/mobile_push/test_notification', { token });
    if (!model.registered.has(token)) {
      expectError(res, 'INVALID_PUSH_DEVICE_TOKEN', `a test notification to token …${token.slice(-6)}, not registered`);
      continue;
    }
    const recognized =
      res.body?.result === 'success' ||
      (res.body?.result === 'error' && res.body.code === 'INVALID_REMOTE_PUSH_DEVICE_TOKEN');
    if (!recognized)
      fail(
        res,
        `wanted token …${token.slice(-6)} recognized (success, or INVALID_REMOTE_PUSH_DEVICE_TOKEN): it is registered`,
      );
  }
}
