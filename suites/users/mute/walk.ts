/**
 * Pair coverage for the mute sequences: each command's kind as the model stands when it runs (a mute of someone not
 * muted, of someone muted, of oneself or nobody; an unmute of someone muted or not; a listing; a message from someone
 * muted or not), and a covering walk whose every next command is chosen on the model toward an ordered pair of kinds
 * not taken yet (helpers/checks/pairs.ts). A departure the walk meets is shrunk by leaving steps out and reported as
 * numbered steps, each with its curl line.
 */
import type fc from 'fast-check';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { coveringWalk, type PairTally } from '../../../helpers/checks/pairs.ts';
import { SHRINK_MS, SHRINK_RERUNS } from '../../../helpers/checks/shrink.ts';
import { curlOfStep } from '../../../helpers/http/exchange.ts';
import { ListMutedCommand } from './commands/list-muted.ts';
import { MuteCommand } from './commands/mute.ts';
import { SendFromCommand } from './commands/send-from.ts';
import { UnmuteCommand } from './commands/unmute.ts';
import type { MuteModel, MuteReal, Target } from './model.ts';

export type MuteStep = fc.AsyncCommand<MuteModel, MuteReal>;

export const MUTE_KINDS = [
  'mute',
  'mute:again',
  'mute:refused',
  'unmute',
  'unmute:not-muted',
  'list',
  'send:muted',
  'send:unmuted',
] as const;

/** The kind of a step as the model stands before it runs. */
export function kindOf(step: MuteStep, model: Readonly<MuteModel>): string {
  if (step instanceof MuteCommand) {
    const { target } = step;
    if (target.self || !target.exists) return 'mute:refused';
    return model.muted.has(target.userId) ? 'mute:again' : 'mute';
  }
  if (step instanceof UnmuteCommand) return model.muted.has(step.target.userId) ? 'unmute' : 'unmute:not-muted';
  if (step instanceof SendFromCommand) return model.muted.has(step.target.userId) ? 'send:muted' : 'send:unmuted';
  return 'list';
}

/** A step of `kind` over the pool as the model stands, its target drawn by `random`; undefined where none can be. */
function stepOf(
  kind: string,
  model: Readonly<MuteModel>,
  targets: readonly Target[],
  random: () => number,
): MuteStep | undefined {
  const one = <T>(pool: readonly T[]): T | undefined => pool[Math.floor(random() * pool.length)];
  const people = targets.filter((t) => t.exists && !t.self);
  const muted = people.filter((t) => model.muted.has(t.userId));
  const free = people.filter((t) => !model.muted.has(t.userId));
  const pick = (pool: readonly Target[], make: (t: Target) => MuteStep) => {
    const target = one(pool);
    return target && make(target);
  };
  if (kind === 'mute') return pick(free, (t) => new MuteCommand(t));
  if (kind === 'mute:again') return pick(muted, (t) => new MuteCommand(t));
  if (kind === 'mute:refused')
    return pick(
      targets.filter((t) => t.self || !t.exists),
      (t) => new MuteCommand(t),
    );
  if (kind === 'unmute') return pick(muted, (t) => new UnmuteCommand(t));
  if (kind === 'unmute:not-muted') return pick(free, (t) => new UnmuteCommand(t));
  if (kind === 'list') return new ListMutedCommand();
  const senders = (kind === 'send:muted' ? muted : free).map((t) => new SendFromCommand(t)).filter((s) => s.check());
  return one(senders);
}

/** The covering walk (coveringWalk) over the pool as the model stands when each step is chosen. */
export function* coveringSteps(
  model: Readonly<MuteModel>,
  targets: readonly Target[],
  tally: PairTally,
  random: () => number,
  bounds: { steps: number; stall: number },
): Generator<MuteStep> {
  yield* coveringWalk(tally, random, bounds, (kind) => stepOf(kind, model, targets, random));
}

/** A step as it ran: what it was, and the curl line of its request (its first that is not a read, else its first). */
export interface Ran {
  step: MuteStep;
  curl: string | undefined;
}

/** Runs a step, telling the tally its kind, and keeps its curl line in `ran`. */
export async function runStep(
  ctx: CheckContext,
  step: MuteStep,
  model: MuteModel,
  real: MuteReal,
  tally: PairTally,
  ran: Ran[],
): Promise<void> {
  if (!step.check(model)) return;
  tally.step(kindOf(step, model));
  const from = ctx.recorder.exchanges.length;
  try {
    await step.run(model, real);
  } finally {
    ran.push({ step, curl: curlOfStep(ctx.recorder.exchanges.slice(from)) });
  }
}

/**
 * The shortest run of the walk's steps that greedy deletion finds still departing (each left out in turn, from the
 * last back to the first), reported as its numbered steps with their curl lines.
 */
export async function shrunkWalk(
  rerun: (steps: readonly MuteStep[]) => Promise<void>,
  taken: readonly MuteStep[],
  first: { error: ConformanceAssertion; ran: Ran[] },
): Promise<ConformanceAssertion> {
  let best = { steps: taken, ...first };
  const deadline = Date.now() + SHRINK_MS;
  let attempts = 0;
  for (let i = best.steps.length - 1; i >= 0 && attempts < SHRINK_RERUNS && Date.now() < deadline; i--) {
    attempts += 1;
    const fewer = [...best.steps.slice(0, i), ...best.steps.slice(i + 1)];
    try {
      await rerun(fewer);
    } catch (error) {
      if (!(error instanceof FailedRun)) throw error;
      best = { steps: fewer, error: error.error, ran: error.ran };
    }
  }
  const list = best.ran.map((r, i) => `  ${i + 1}. ${r.step}${r.curl ? `\n       ${r.curl}` : ''}`);
  const [what, ...rest] = best.error.message.split('\n');
  const how = `(found by the covering walk, shrunk from ${taken.length} steps to ${best.steps.length} in ${attempts} rerun${attempts === 1 ? '' : 's'})`;
  // A server's state outlives a sequence: where the shrunk one departs only after what ran before it, the first
  // sequence says what that was.
  const firstSeen =
    best.steps === taken ? [] : [`first seen after: ${first.ran.map((r, i) => `${i + 1}. ${r.step}`).join(', ')}`];
  return new ConformanceAssertion(
    [what, 'the sequence:', ...list, ...rest, how, ...firstSeen].join('\n'),
    best.error.exchange,
  );
}

/** A sequence that departed: the departure and the steps as they ran up to it. */
export class FailedRun extends Error {
  constructor(
    readonly error: ConformanceAssertion,
    readonly ran: Ran[],
  ) {
    super(error.message);
  }
}
