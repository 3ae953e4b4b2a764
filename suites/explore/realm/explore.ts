/** A resource's clause: explores the resource (sequence.ts) with the profile's random sequences, and notes the pairs. */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import type { Profile } from '../../../helpers/config/schema.ts';
import { Disabled } from '../../../helpers/errors.ts';
import { exploreResource, type Resource } from './sequence.ts';

/**
 * Random sequences after the covering walk, and their length: none on a pull request's quick run (the walk alone:
 * it keeps to one window of a per-user rate limit), a few on the full profile, many at night.
 */
const RANDOM: Record<Profile, { numRuns: number; maxCommands: number }> = {
  quick: { numRuns: 0, maxCommands: 0 },
  full: { numRuns: 2, maxCommands: 10 },
  nightly: { numRuns: 20, maxCommands: 20 },
};

/**
 * Every resource explored (Resource.name), in their clauses' order: a quick run explores the one its seed draws.
 * A new resource's clause adds its name here.
 */
export const RESOURCES = ['drafts', 'push tokens', 'event queues', 'user groups'] as const;

/**
 * Each resource has its own model: the runner is generic over them. The quick profile (a pull request's run, within
 * one window of a per-user rate limit, which the rest of its checks nearly fill) explores one resource a run, drawn
 * by the run's seed, so that over runs every resource is explored on every kind of pull request too.
 */
export async function explore(ctx: CheckContext, resource: Resource<any, any>): Promise<void> {
  const drawn = RESOURCES[ctx.world.seed % RESOURCES.length]!;
  if (ctx.world.profile === 'quick' && resource.name !== drawn && !ctx.world.replay)
    throw new Disabled(
      `the quick profile explores one resource a run, and this run's seed drew ${drawn}: --profile full explores every one`,
    );
  const { tally, sequences, steps } = await exploreResource(ctx, resource, RANDOM[ctx.world.profile]);
  ctx.note(`${resource.name}: ${sequences} sequences, ${steps} steps; ${tally.summary()}`);
}
