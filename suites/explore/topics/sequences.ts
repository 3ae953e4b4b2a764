/**
 * The property over topic sequences, and the exploration that runs it until every transition has either failed or
 * been judged over a whole property run (and, with EXPLORE_MINUTES, on with fresh seeds: explore.ts).
 */
import fc from 'fast-check';
import { lightestOf } from '../../../helpers/checks/actors.ts';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { deriveSeed } from '../../../helpers/checks/seeds.ts';
import { findCause } from '../../../helpers/errors.ts';
import { commands, SIZE } from './arbitraries.ts';
import { EpilogueCommand } from './commands/epilogue.ts';
import { kindOf, PairTally, topicKinds } from './covering.ts';
import { explore, type Found } from './explore.ts';
import { opening, restOfFixedStart } from './fixed.ts';
import { KINDS, type Kind, TransitionFailure } from './judging.ts';
import {
  type TopicCommand as Command,
  EMPTY_NAME,
  newModel,
  ORDINARY_NAMES,
  type TopicModel,
  type TopicReal,
} from './model.ts';
import { realsOf } from './setup.ts';
import { Traced } from './traced.ts';
import { walkPairs } from './walk.ts';

/**
 * How long a failure may be shrunk for, from the first failing sequence (the shortest failing one found by then is
 * reported). Counted from the failure, not the start: fast-check's interruptAfterTimeLimit would also cut short a
 * property that has not failed, on a target whose rate limit makes the first sequences slow.
 */
const SHRINK_MS = 60_000;

/**
 * What one run of the property explores: the fixed start and end alone (`fixed`), or a short start, the generated
 * commands and the end. The fixed start is deterministic: judged once, as the property's one example, not again at
 * the head of every generated sequence (three times on the full profile, for 10-22 generated commands in all).
 */
interface Sequence {
  fixed: boolean;
  cmds: Iterable<Command>;
}
const FIXED: Sequence = { fixed: true, cmds: [] };

/**
 * The property's parameters: the fixed sequence first (an example, so that a replay's path counts it), then the
 * profile's generated ones.
 */
export const paramsOf = (ctx: CheckContext) =>
  ctx.property({ numRuns: SIZE[ctx.world.profile].numRuns + 1, examples: [[FIXED] as [Sequence]] });

/** The outcome of exploring: each failed transition's error (fast-check's, with the sequence and its replay). */
export interface Explored {
  failures: Map<Kind, unknown>;
  /** Whichever error ended the exploration otherwise (a set-up error): every clause ends with it. */
  broken?: unknown;
  /** Steps judged, by transition. */
  judged: Record<Kind, number>;
  /** Whether read-backs carry flags (false: the read transition cannot be judged on this target). */
  flagsShown?: boolean;
  /** Why the sequences ran without a move time limit, where they did: the limit transition's outcome then. */
  noLimit?: Error;
  /** Why a topic deletion's event could not be watched, where it could not. */
  eventsUnavailable?: string;
  /** Why no narrow of a place could be built (the target takes none, or learning which failed): the narrow clause's end. */
  narrowsUnavailable?: Error;
  note: string;
}

/** What the sequences of a run count: sequences, generated commands, early ends, and the pairs of kinds taken. */
export interface Tally {
  sequences: number;
  commands: number;
  offModel: number;
  pairs: PairTally;
}

/** The property over sequences; departures of the `settled` transitions are not reported again (see judging). */
export function sequences(
  ctx: CheckContext,
  shared: Awaited<ReturnType<typeof realsOf>>,
  settled: ReadonlySet<Kind>,
  tally: Tally,
) {
  const arbitrary = commands(ctx.world.replay?.replayPath)(SIZE[ctx.world.profile].maxCommands).map(
    (cmds): Sequence => ({ fixed: false, cmds }),
  );
  const sequence = sequenceRunner(ctx, shared, settled, tally);
  let failedAt: number | undefined;
  return fc.asyncProperty(arbitrary, async ({ fixed, cmds }) => {
    // Past the shrinking's time, every sequence left to try is skipped: the failure found last is reported.
    fc.pre(failedAt === undefined || Date.now() - failedAt < SHRINK_MS);
    try {
      await sequence(fixed, cmds);
    } catch (error) {
      failedAt ??= Date.now();
      throw error;
    }
  });
}

/** A run's tally, empty. */
export const newTally = (): Tally => ({
  sequences: 0,
  commands: 0,
  offModel: 0,
  pairs: new PairTally(topicKinds()),
});

/**
 * Runs one sequence: its opening (the whole fixed start where `fixed`), the commands (given, or chosen step by step
 * on the model by `cmds` as a function of it), the end. A departure is reported with the steps as they ran.
 */
function sequenceRunner(
  ctx: CheckContext,
  shared: Awaited<ReturnType<typeof realsOf>>,
  settled: ReadonlySet<Kind>,
  tally: Tally,
) {
  const { senders, base } = shared;
  return async (fixed: boolean, cmds: Iterable<Command> | ((model: TopicModel) => Iterable<Command>)) => {
    const names = [
      ...Array.from({ length: ORDINARY_NAMES }, (_, i) => ctx.unique(`t${i}`)),
      base.emptyTopic === null ? ctx.unique(`t${EMPTY_NAME}`) : '',
    ];
    // The sender with the most budget left (its messages' clean-up is its too).
    const sender = lightestOf(ctx, senders, tally.sequences);
    const held = base.timeLimit ? base.movers.findIndex((m) => base.timeLimit!.holds.has(m)) : -1;
    const real: TopicReal = { ...base, sender, names, spare: ctx.unique('spare'), settled };
    const model = newModel();
    tally.sequences += 1;
    tally.pairs.break();
    const start = fixed ? [...opening(), ...restOfFixedStart(held)] : opening();
    const generated = typeof cmds === 'function' ? cmds(model) : cmds;
    // Traced as they come: a walk's next command is chosen once the one before has run.
    const steps: Traced[] = [];
    const ran = (step: Command) => {
      const kind = kindOf(step);
      if (kind !== undefined) tally.pairs.step(kind);
    };
    const trace = (step: Command) => {
      steps.push(new Traced(step, ctx, ran));
      return steps.at(-1)!;
    };
    function* traced() {
      for (const step of start) yield trace(step);
      for (const command of generated) {
        tally.commands += 1;
        yield trace(command);
      }
      yield trace(new EpilogueCommand());
    }
    try {
      // Step by step, not fc.asyncModelRun: it takes every command before running the first, and a walk's next
      // command is chosen on the model the one before left.
      for (const step of traced()) if (step.check(model)) await step.run(model, real);
    } catch (error) {
      // What departed (its first line, the report's summary), then the whole sequence as numbered steps, each with
      // the request that did it (fast-check's counterexample leaves out the fixed first and last steps), then the
      // answer that departed.
      if (!(error instanceof TransitionFailure)) throw error;
      const list = steps.map((step, i) => `  ${i + 1}. ${step}${step.curl ? `\n       ${step.curl}` : ''}`);
      const [what, ...got] = error.message.split('\n');
      const message = [what, 'the sequence:', ...list, ...got].join('\n');
      throw new TransitionFailure(error.kind, new ConformanceAssertion(message, error.exchange));
    }
    if (model.offModel) tally.offModel += 1;
  };
}

/**
 * Explores until every transition has either failed or been judged over a whole property run: each run that fails
 * settles the failed transition, and the next run judges the others.
 */
export async function explored(ctx: CheckContext, clauseOf: (kind: Kind | undefined) => string): Promise<Explored> {
  const shared = await realsOf(ctx);
  const tally = newTally();
  const failures = new Map<Kind, unknown>();
  // The covering walk first (full and nightly), then the profile's random sequences.
  const broken = await walkPairs(ctx, (settled) => sequenceRunner(ctx, shared, settled, tally), tally.pairs, failures);
  if (broken) return { failures, broken, judged: shared.base.judged, note: '' };
  // One seed for the exploration, whichever clause's check starts it (a whole run and `--only` one clause alike).
  const params = {
    ...paramsOf(ctx),
    seed: deriveSeed(ctx.world.seed, 'EXPLORE-001'),
    // Shrunk, unlike other properties: the shortest sequence is what a person can act on (bounded in time, as a
    // real server answers every step of every shrink: see SHRINK_MS).
    endOnFailure: false,
  };
  const minutes = ctx.world.options.exploreMinutes;
  let distinct = 0;
  if (minutes > 0) {
    // Exploring for minutes with fresh seeds: every distinct failure, each to the clause of the step that saw it. One
    // round in two settles the transitions found failing so far, so that a departure every sequence meets early
    // does not hide the others' (the other rounds settle none, so that each transition's distinct failures show).
    const propertyFor = (round: number, found: readonly Found[]) =>
      sequences(ctx, shared, new Set(round % 2 ? found.flatMap((f) => (f.kind ? [f.kind] : [])) : []), tally);
    const found = await explore(ctx, propertyFor, params, minutes, clauseOf);
    distinct = found.length;
    for (const kind of KINDS) {
      const mine = found.filter((f) => (f.kind ?? 'move') === kind);
      if (!mine.length) continue;
      const all = mine.map((f, i) => `failure ${i + 1} of ${mine.length}:\n${f.report}`).join('\n\n');
      failures.set(
        kind,
        new ConformanceAssertion(
          // The first failure's line leads (the report's summary), then every distinct one.
          `${mine[0]!.report.split('\n')[0]}${mine.length > 1 ? ` (and ${mine.length - 1} more)` : ''}\n${mine.length} distinct failure(s) in ${minutes} min of exploring:\n${all}`,
          mine[0]!.exchange,
        ),
      );
    }
  }
  while (minutes === 0 && failures.size < KINDS.length) {
    const property = sequences(ctx, shared, new Set(failures.keys()), tally);
    try {
      await fc.assert(property, params);
      break;
    } catch (error) {
      const failure = findCause(error, TransitionFailure);
      if (!failure) return { failures, broken: error, judged: shared.base.judged, note: '' };
      failures.set(failure.kind, error);
    }
  }
  const off = tally.offModel
    ? `, ${tally.offModel} ended early at a departure already reported that the model could not follow`
    : '';
  return {
    failures,
    judged: shared.base.judged,
    ...(shared.base.flags.shown !== undefined ? { flagsShown: shared.base.flags.shown } : {}),
    ...(shared.noLimit !== undefined ? { noLimit: shared.noLimit } : {}),
    ...(shared.base.events.unavailable !== undefined ? { eventsUnavailable: shared.base.events.unavailable } : {}),
    ...('unavailable' in shared.base.narrows ? { narrowsUnavailable: shared.base.narrows.unavailable } : {}),
    note: `${tally.sequences} sequences, ${tally.commands} generated commands${off} (${ctx.world.profile} profile${minutes ? `, then ${minutes} min of exploring with fresh seeds: ${distinct} distinct failure(s) in all` : ''}); ${tally.pairs.summary()}`,
  };
}
