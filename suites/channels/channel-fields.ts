/**
 * Field checks of the Channel object and the Subscription object (contract: "Resources and their fields"), against
 * the model of the contract (contract/: the fields, their types and values, written once). Each returns the
 * problems found, so that a check can report them all at once.
 */
import { Channel, type Shape, Subscription, shapeProblems } from '../../contract/index.ts';

/**
 * Judged as at the clause's own level where the target tells none: these checks start at 407, where every field
 * the model dates is there.
 */
const LEVEL_OF_THE_CHECKS = 407;

const problems = (object: unknown, shape: Shape, featureLevel: number | null): string[] =>
  shapeProblems(object, shape, '', { featureLevel: featureLevel ?? LEVEL_OF_THE_CHECKS }).map((p) => p.message);

export const channelProblems = (object: unknown, featureLevel: number | null): string[] =>
  problems(object, Channel, featureLevel);

export function subscriptionProblems(object: any, featureLevel: number | null): string[] {
  const found = problems(object, Subscription, featureLevel);
  // The one rule between two fields the table states: in_home_view is the inverse of is_muted.
  if (typeof object?.is_muted === 'boolean' && object.in_home_view !== !object.is_muted) {
    found.push(`in_home_view ${object.in_home_view} with is_muted ${object.is_muted}: wanted the inverse`);
  }
  return found;
}
