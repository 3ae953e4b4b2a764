/**
 * The covering walk of the topic sequences, before their random ones: sequences whose commands are chosen step by
 * step toward the ordered pairs of kinds not covered yet (covering.ts), until every pair is, the profile's steps are
 * spent, or a sequence adds none. A departure is reported as the sequence's numbered steps, shrunk (the same seed
 * and profile walk the same way again).
 */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { deriveSeed, seededRandom } from '../../../helpers/checks/seeds.ts';
import { SHRINK_MS, shrinkByRuns } from '../../../helpers/checks/shrink.ts';
import type { Profile } from '../../../helpers/config/schema.ts';
import { findCause } from '../../../helpers/errors.ts';
import { coveringCommands, type PairTally } from './covering.ts';
import { KINDS, type Kind, TransitionFailure } from './judging.ts';
import type { TopicCommand as Command, TopicModel } from './model.ts';

/** Walk steps per ordered pair of kinds, in all: none on a pull request's quick run, whose fixed sequence is its own. */
const STEPS_PER_PAIR: Record<Profile, number> = { quick: 0, full: 1.25, nightly: 3 };

/** Steps of one walk sequence: its messages pile up, and each sequence's opening and end cost about 45 requests. */
const SEQUENCE_STEPS = 40;

type Run = (
  settled: ReadonlySet<Kind>,
) => (fixed: boolean, cmds: (model: TopicModel) => Iterable<Command>) => Promise<void>;

/**
 * Walks toward the pairs of `pairs` not covered, each departure settling its transition in `failures`. Returns the
 * error that ended the walk otherwise (a set-up error), if any.
 */
export async function walkPairs(
  ctx: CheckContext,
  run: Run,
  pairs: PairTally,
  failures: Map<Kind, unknown>,
): Promise<unknown> {
  const k = pairs.kinds.length;
  let left = Math.ceil(STEPS_PER_PAIR[ctx.world.profile] * k * k);
  if (left === 0) {
    pairs.unreached = `beyond the ${ctx.world.profile} profile (its fixed sequence alone; the full profile walks every pair)`;
    return undefined;
  }
  pairs.unreached = `not reached within the ${ctx.world.profile} profile's ${left} walk steps`;
  const random = seededRandom(deriveSeed(ctx.world.seed, 'EXPLORE-001-walk'));
  while (left > 0 && !pairs.complete && failures.size < KINDS.length) {
    const before = pairs.size;
    const steps = Math.min(left, SEQUENCE_STEPS);
    left -= steps;
    const taken: Command[] = [];
    try {
      await run(new Set(failures.keys()))(false, function* (model) {
        for (const command of coveringCommands(model, pairs, random, { steps, stall: 3 * k })) {
          taken.push(command);
          yield command;
        }
      });
    } catch (error) {
      const failure = findCause(error, TransitionFailure);
      if (!failure) return error;
      failures.set(failure.kind, await shrunk(ctx, run(new Set(failures.keys())), taken, failure));
    }
    if (pairs.size === before) break;
  }
  return undefined;
}

/**
 * The shortest run of the walk's commands that deletion finds still departing in the same transition: the opening
 * and the end alone first (many departures need no step of the walk), then shrinkByRuns. Returns it as its failure.
 */
async function shrunk(
  ctx: CheckContext,
  run: ReturnType<Run>,
  taken: readonly Command[],
  first: TransitionFailure,
): Promise<TransitionFailure> {
  const deadline = Date.now() + SHRINK_MS;
  const departs = async (fewer: readonly Command[]) => {
    try {
      await run(false, () => fewer);
    } catch (error) {
      const failure = findCause(error, TransitionFailure);
      if (failure?.kind === first.kind) return { steps: fewer, failure };
      if (!failure) throw error;
    }
    return undefined;
  };
  const alone = await departs([]);
  const { best, reruns: attempts } = alone
    ? { best: alone, reruns: 1 }
    : await shrinkByRuns({ steps: taken, failure: first }, departs, { spent: 1, deadline });
  const how = `(found by the covering walk, shrunk from ${taken.length} walk step${taken.length === 1 ? '' : 's'} to ${best.steps.length} in ${attempts} rerun${attempts === 1 ? '' : 's'}; --seed ${ctx.world.seed} --profile ${ctx.world.profile} walks it again)`;
  const { failure } = best;
  return new TransitionFailure(failure.kind, new ConformanceAssertion(`${failure.message}\n${how}`, failure.exchange));
}
