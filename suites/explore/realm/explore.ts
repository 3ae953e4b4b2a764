/** A resource's clause: explores the resource (sequence.ts) with the profile's random sequences, and notes the pairs. */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import type { Profile } from '../../../helpers/config/schema.ts';
import type { Resource } from './resource.ts';
import { exploreResource } from './sequence.ts';

/**
 * Random sequences after the covering walk, and their length: none on a pull request's quick run (the walk alone:
 * it stays near one window of a per-user rate limit), a few on the full profile, many at night.
 */
const RANDOM: Record<Profile, { numRuns: number; maxCommands: number }> = {
  quick: { numRuns: 0, maxCommands: 0 },
  full: { numRuns: 2, maxCommands: 10 },
  nightly: { numRuns: 20, maxCommands: 20 },
};

/**
 * Each resource has its own model: the runner is generic over them. The full and nightly profiles walk every pair of
 * every resource; the quick one walks a single step of each (sequence.ts), so that a pull request's run stays within
 * one window of a per-user rate limit on every account.
 */
export async function explore(ctx: CheckContext, resource: Resource<any, any>): Promise<void> {
  const { tally, sequences, steps } = await exploreResource(ctx, resource, RANDOM[ctx.world.profile]);
  ctx.note(`${resource.name}: ${sequences} sequences, ${steps} steps; ${tally.summary()}`);
}
