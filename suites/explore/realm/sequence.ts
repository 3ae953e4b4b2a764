/**
 * Runs sequences of steps over one resource of the realm (drafts, push tokens, event queues …) against its model:
 * after every step the resource's frame reads back, through the read operations, everything the step could have
 * disturbed and compares it with the model. First a walk that covers every ordered pair of the resource's kinds its
 * states allow (helpers/checks/pairs.ts), then random sequences (fast-check commands) on top. A departure is reported once, shrunk, as numbered steps
 * with the curl line of each step's request.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { nextKind, PairTally, plan } from '../../../helpers/checks/pairs.ts';
import { seededRandom } from '../../../helpers/checks/seeds.ts';
import { shrinkByRuns } from '../../../helpers/checks/shrink.ts';
import type { Resource, Step } from './resource.ts';
import { SequenceFailure, Trail } from './trail.ts';

/** The kinds of a resource's steps, and the step of each. */
function kindsOf<M extends object, R>(resource: Resource<M, R>) {
  const byKind = new Map(resource.steps.map((s) => [s.kind, s]));
  return { kinds: [...byKind.keys()], stepOf: (kind: string) => byKind.get(kind)! };
}

/** A random sequence's real side: the resource's, and the trail of steps it took. */
interface Traced<R> {
  real: R;
  trail: Trail;
}

/** The step with its frame, as a fast-check command (the random sequences'). */
class Framed<M extends object, R> implements fc.AsyncCommand<M, Traced<R>> {
  constructor(
    readonly step: Step<M, R>,
    private readonly resource: Resource<M, R>,
    private readonly tally: PairTally,
  ) {}
  check = (model: Readonly<M>) => this.step.check(model);
  async run(model: M, { real, trail }: Traced<R>): Promise<void> {
    await trail.take(this.step, model, real, (m, r) => this.resource.frame(m, r));
    this.tally.step(this.step.kind);
  }
  toString = () => String(this.step);
}

export interface Explored {
  tally: PairTally;
  sequences: number;
  steps: number;
}

/** Steps a covering walk may take, per pair of kinds: room for the detours its states impose. */
const WALK_STEPS_PER_PAIR = 4;

/** Steps without a new pair, per kind, after which the walk gives up on the pairs left. */
const STALL_STEPS_PER_KIND = 3;

/**
 * The quick profile's walk: one step, of the kind the check's seed turns to first, judged with its whole frame. A pull
 * request's run keeps within one window of a per-user rate limit on every account (200 a minute on Zulip), which a
 * walk over every pair of every resource would take three times over, and a longer quick walk leaves too little of.
 * Successive runs take turns over the kinds; the note names the pairs left to the full profile.
 */
const QUICK_STEPS = 1;

/**
 * The covering walk (its draws from the check's seed), then `random.numRuns` random sequences of up to
 * `random.maxCommands` steps. A replay (`--replay`) runs the random sequence it names alone.
 */
export async function exploreResource<M extends object, R>(
  ctx: CheckContext,
  resource: Resource<M, R>,
  random: { numRuns: number; maxCommands: number },
): Promise<Explored> {
  const tally = new PairTally(kindsOf(resource).kinds);
  const explored: Explored = { tally, sequences: 0, steps: 0 };
  if (!ctx.world.replay) {
    const failure = await walk(ctx, resource, tally, explored);
    if (failure) throw await shrunk(ctx, resource, failure);
  }
  if (random.numRuns === 0 && !ctx.world.replay) return explored;
  const commands = fc.commands(
    resource.steps.map((step) => fc.constant(new Framed(step, resource, tally))),
    {
      maxCommands: random.maxCommands,
      size: 'max',
      ...(ctx.world.replay?.replayPath !== undefined ? { replayPath: ctx.world.replay.replayPath } : {}),
    },
  );
  await fc.assert(
    fc.asyncProperty(commands, async (cmds) => {
      const { model, real } = await resource.start();
      explored.sequences += 1;
      tally.break();
      try {
        await fc.asyncModelRun(() => ({ model, real: { real, trail: new Trail(ctx) } }), cmds);
      } finally {
        await resource.end(model, real);
      }
    }),
    ctx.property({ numRuns: random.numRuns }),
  );
  return explored;
}

/** A failing run of steps: the steps as they ran and the departure. */
interface Failed<M extends object, R> {
  steps: Step<M, R>[];
  error: SequenceFailure;
}

/**
 * One sequence that walks, step by step on the model as it is, toward the pairs not yet covered (nextKind), until
 * every pair is or the walk's steps are spent. Returns the departure, if any, with the steps that led to it.
 */
function walk<M extends object, R>(
  ctx: CheckContext,
  resource: Resource<M, R>,
  tally: PairTally,
  explored: Explored,
): Promise<Failed<M, R> | undefined> {
  const random = seededRandom(ctx.seed);
  const { kinds: all, stepOf } = kindsOf(resource);
  const count = all.length;
  const quick = ctx.world.profile === 'quick';
  const most = quick ? QUICK_STEPS : WALK_STEPS_PER_PAIR * count ** 2;
  // The kinds in an order the seed rotates: where a walk stops short, runs with other seeds cover other pairs.
  const turn = ctx.seed % count;
  const kinds = [...all.slice(turn), ...all.slice(0, turn)];
  if (quick)
    tally.unreached = `beyond the quick profile's ${most} ${most === 1 ? 'step' : 'steps'} (the full profile covers every pair)`;
  explored.sequences += 1;
  tally.break();
  // Where the pairs left are out of the walk's reach, it stops after this many steps without a new one.
  const stall = STALL_STEPS_PER_KIND * count;
  let gained = { at: 0, size: 0 };
  return run(
    ctx,
    resource,
    (model, n) => {
      if (tally.size > gained.size) gained = { at: n, size: tally.size };
      if (!quick && n - gained.at >= stall) tally.unreached = `not reached in ${stall} steps without a new pair`;
      if (n >= most || tally.complete || n - gained.at >= stall) return undefined;
      const kind =
        plan(model, kinds, stepOf, tally)?.[0] ??
        nextKind(
          tally,
          kinds.filter((k) => stepOf(k).check(model)),
          random,
        );
      return kind === undefined ? undefined : stepOf(kind);
    },
    (step) => {
      tally.step(step.kind);
      explored.steps += 1;
    },
  );
}

/**
 * Runs `steps` as one sequence from a fresh start, leaving out a step that cannot run on the model as it is (as
 * fast-check does). Returns the departure, if any.
 */
function attempt<M extends object, R>(
  ctx: CheckContext,
  resource: Resource<M, R>,
  steps: readonly Step<M, R>[],
): Promise<Failed<M, R> | undefined> {
  const rest = [...steps];
  return run(ctx, resource, (model) => {
    while (rest.length && !rest[0]!.check(model)) rest.shift();
    return rest.shift();
  });
}

/**
 * One sequence from a fresh start: the steps `next` gives, each followed by the frame, until it gives none. Returns
 * the departure, if any, with the steps that ran; what the sequence created is undone however it ended.
 */
async function run<M extends object, R>(
  ctx: CheckContext,
  resource: Resource<M, R>,
  next: (model: Readonly<M>, n: number) => Step<M, R> | undefined,
  done: (step: Step<M, R>) => void = () => {},
): Promise<Failed<M, R> | undefined> {
  const { model, real } = await resource.start();
  const trail = new Trail(ctx);
  const ran: Step<M, R>[] = [];
  try {
    for (let step = next(model, 0); step; step = next(model, ran.length)) {
      ran.push(step);
      await trail.take(step, model, real, (m, r) => resource.frame(m, r));
      done(step);
    }
    return undefined;
  } catch (error) {
    if (error instanceof SequenceFailure) return { steps: ran, error };
    throw error;
  } finally {
    await resource.end(model, real);
  }
}

/**
 * The shortest failing run deletion finds (shrinkByRuns: runs of steps left out, halving in length, before the one
 * that departed), within its bounds: every rerun is sent to the server. Returns its departure.
 */
async function shrunk<M extends object, R>(
  ctx: CheckContext,
  resource: Resource<M, R>,
  first: Failed<M, R>,
): Promise<SequenceFailure> {
  // The step that departed stays.
  const { best, reruns: attempts } = await shrinkByRuns<Step<M, R>, Failed<M, R>>(
    first,
    (fewer) => attempt(ctx, resource, fewer),
    {
      keep: 1,
    },
  );
  ctx.note(
    `a departure of ${resource.name} shrunk from ${first.steps.length} steps to ${best.steps.length} in ${attempts} reruns`,
  );
  return best === first ? best.error : new SequenceFailure(best.error.steps, best.error.departure, first.error.steps);
}
