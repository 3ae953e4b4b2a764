// Spellings that changed with the feature level: a check whose subject is older than the spelling sends the one the
// target understands, so that an older conforming server is judged on the clause, not on a newer word.
import type { CheckContext } from './context.ts';

const below = (ctx: CheckContext, level: number) => ctx.world.featureLevel !== null && ctx.world.featureLevel < level;

/** The `type` of a direct message: `direct` from level 174, `private` before (the contract keeps both valid). */
export const directType = (ctx: CheckContext): 'direct' | 'private' => (below(ctx, 174) ? 'private' : 'direct');

/** The narrow operator for a channel: `channel` from level 250, its older alias `stream` before. */
export const channelOperator = (ctx: CheckContext): 'channel' | 'stream' => (below(ctx, 250) ? 'stream' : 'channel');
