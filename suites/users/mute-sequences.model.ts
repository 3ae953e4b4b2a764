// Muting as a state machine — contract: the muting rows of States and transitions, "15. Mute a user".
// fast-check generates sequences of mute(u), unmute(u) and list-muted over a pool of users (the configured
// accounts and the bot, the caller itself, a user that does not exist); the model predicts every outcome.
// Each sequence's caller is drawn from the people: mute lists are per user and no role changes the muting rules.
// Not the members: post-users-me-muted_users.test.ts acts as a peer member (or the member), possibly at the same
// time, and the two files must never share a mute list.
// send-from(u) has u write to the caller: a muted sender's new message must arrive read (MUTE-007 in isolation).
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { type Queue, registerQueue } from '../../helpers/checks/events.ts';
import { ConformanceAssertion } from '../../helpers/checks/matchers.ts';
import { PairTally } from '../../helpers/checks/pairs.ts';
import { deriveSeed, seededRandom } from '../../helpers/checks/seeds.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import type { Profile } from '../../helpers/config/schema.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { ListMutedCommand } from './mute/commands/list-muted.ts';
import { MuteCommand } from './mute/commands/mute.ts';
import { SendFromCommand } from './mute/commands/send-from.ts';
import { UnmuteCommand } from './mute/commands/unmute.ts';
import type { MuteModel, MuteReal, Target } from './mute/model.ts';
import { coveringSteps, FailedRun, MUTE_KINDS, type MuteStep, type Ran, runStep, shrunkWalk } from './mute/walk.ts';
import { mustUnmute, mutedIds, NO_SUCH_USER_ID } from './muted.ts';

const { group, check } = checksIn(import.meta.url);

/** The pool: configured accounts (bot included) the caller has not muted, itself, and a user that does not exist. */
async function pool(ctx: CheckContext, caller: Role): Promise<Target[]> {
  const self = ctx.account(caller).userId;
  const muted = await mutedIds(ctx, caller);
  const targets: Target[] = [{ label: 'self', userId: self, role: caller, self: true, exists: true }];
  for (const role of ROLES) {
    const account = ctx.world.accounts[role];
    if (!account || account.refused || account.userId === self || muted.has(account.userId)) continue;
    targets.push({ label: role, userId: account.userId, role, self: false, exists: true });
  }
  targets.push({ label: 'nobody', userId: NO_SUCH_USER_ID, self: false, exists: false });
  return targets;
}

/** The callers: people, but never a member (see above); none configured disables the check, naming the moderator. */
const CALLERS = { besides: ['member2', 'member'] } as const;

interface Caller {
  role: Role;
  targets: Target[];
  poolIds: ReadonlySet<number>;
  queue: Queue;
}

/**
 * Generated commands per sequence: none on a pull request's quick run (the start alone: it keeps to one window of a
 * per-user rate limit).
 */
const MAX_COMMANDS: Record<Profile, number> = { quick: 0, full: 16, nightly: 16 };

function commandsOver(targets: Target[], maxCommands: number, replayPath: string | undefined) {
  const target = fc.constantFrom(...targets);
  return fc.commands(
    [
      // Mutes weighted double: sequences then reach several muted users at once, not only one at a time.
      target.map((t) => new MuteCommand(t)),
      target.map((t) => new MuteCommand(t)),
      target.map((t) => new UnmuteCommand(t)),
      fc.constant(new ListMutedCommand()),
      target.map((t) => new SendFromCommand(t)),
    ],
    { maxCommands, size: 'medium', ...(replayPath !== undefined ? { replayPath } : {}) },
  );
}

/**
 * The fixed sequence, run once whatever the profile: three users (the bot among them) muted at once and
 * listed (a list must hold them all), then one of them unmuted, muted again and muted a second time; the caller
 * itself and a user that does not exist muted (the last three refused: requests that change nothing). The commands a
 * short generated sequence may miss, and the quick profile's whole run. Deterministic: judged once, not again at the
 * head of every generated sequence (each of those starts from the caller's own list, as the fixed one does).
 */
function startOf(targets: readonly Target[]) {
  const existing = targets.filter((t) => t.exists && !t.self);
  const bot = existing.filter((t) => t.role === 'bot');
  const others = [...bot, ...existing.filter((t) => t.role !== 'bot')].slice(0, 3);
  const again = others[0] ? [new UnmuteCommand(others[0]), new MuteCommand(others[0]), new MuteCommand(others[0])] : [];
  const refused = targets.filter((t) => t.self || !t.exists).map((t) => new MuteCommand(t));
  return [...others.map((t) => new MuteCommand(t)), new ListMutedCommand(), ...again, ...refused];
}

/**
 * One run of the property: its caller, and either the fixed start (`fixed`: the property's example) or generated
 * commands.
 */
interface Sequence {
  caller: Caller;
  cmds: Iterable<fc.AsyncCommand<MuteModel, MuteReal>>;
  fixed: boolean;
}

/**
 * The fixed sequence (an example, so that a replay's path counts it), then a fifth of the profile's runs generated,
 * each up to 16 commands, about a request each with its clean-up: on the full profile 6, and the check some 130-160
 * requests in all, by the people among them; none on the quick profile. More (a quarter of the runs) would take the
 * full profile's busiest account over two windows' worth of a per-user limit of 200 a minute.
 */
function sequenceRuns(ctx: CheckContext, fixed: Sequence) {
  const generated = ctx.world.profile === 'quick' ? 0 : Math.ceil(ctx.property().numRuns / 5);
  return ctx.property({ numRuns: generated + 1, examples: [[fixed] as [Sequence]] });
}

/** Walk steps per ordered pair of kinds, in all, and per sequence (each restores the caller's list after it). */
const WALK = { stepsPerPair: { full: 1.5, nightly: 3 }, sequenceSteps: 40 };

/**
 * The covering walk before the random sequences (mute/walk.ts), by the first caller: sequences toward the pairs not
 * taken, until every pair is, the steps are spent, or a sequence adds none. A departure is shrunk and thrown.
 */
async function walk(
  ctx: CheckContext,
  caller: Caller,
  pairs: PairTally,
  runSequence: (caller: Caller, cmds: Iterable<MuteStep> | ((m: MuteModel) => Iterable<MuteStep>)) => Promise<void>,
): Promise<void> {
  const k = pairs.kinds.length;
  let left = Math.ceil(WALK.stepsPerPair[ctx.world.profile as 'full' | 'nightly'] * k * k);
  pairs.unreached = `not reached within the ${ctx.world.profile} profile's ${left} walk steps`;
  const random = seededRandom(deriveSeed(ctx.world.seed, 'MUTE-006-walk'));
  while (left > 0 && !pairs.complete) {
    const before = pairs.size;
    const steps = Math.min(left, WALK.sequenceSteps);
    left -= steps;
    const taken: MuteStep[] = [];
    try {
      await runSequence(caller, function* (model) {
        for (const step of coveringSteps(model, caller.targets, pairs, random, { steps, stall: 3 * k })) {
          taken.push(step);
          yield step;
        }
      });
    } catch (error) {
      if (!(error instanceof FailedRun)) throw error;
      throw await shrunkWalk((fewer) => runSequence(caller, fewer), taken, error);
    }
    if (pairs.size === before) break;
  }
}

group('POST /users/me/muted_users/{muted_user_id}: sequences (model-based)', () => {
  sharesState('mutes');

  check(
    'MUTE-006',
    'MUST follow the muting transitions over any sequence of mutes, unmutes and listings across users and bots',
    { section: 'States and transitions; 15. Mute a user', since: 188 },
    async (ctx) => {
      // The quick profile's one sequence has one caller, drawn from the check's seed (a replay draws it again): the
      // others' set-up would go unused.
      const roles =
        ctx.world.profile === 'quick'
          ? fc.sample(ctx.draw('person', CALLERS), { seed: ctx.property().seed, numRuns: 1 })
          : ctx.everyone('person', CALLERS);
      const callers: Caller[] = [];
      for (const role of roles) {
        const targets = await pool(ctx, role);
        const poolIds = new Set(targets.filter((t) => t.exists && !t.self).map((t) => t.userId));
        const queue = await registerQueue(ctx, role, { event_types: ['message'] });
        callers.push({ role, targets, poolIds, queue });
      }
      // What the property ran, for the report's notes.
      const tally = { sequences: 0, commands: 0, targets: callers[0]!.targets.length };
      const pairs = new PairTally([...MUTE_KINDS]);
      /** One sequence from the caller's own list: its steps (given, or chosen on the model), a listing, the list restored. */
      const runSequence = async (caller: Caller, cmds: Iterable<MuteStep> | ((m: MuteModel) => Iterable<MuteStep>)) => {
        const model: MuteModel = { muted: new Set() };
        const real: MuteReal = { ctx, caller: caller.role, poolIds: caller.poolIds, queue: caller.queue };
        tally.sequences += 1;
        pairs.break();
        const ran: Ran[] = [];
        // Back to the original mute list before the next sequence (set-up: a failure there is no verdict).
        const restore = async () => {
          for (const id of model.muted) await mustUnmute(ctx, caller.role, id);
        };
        try {
          for (const step of typeof cmds === 'function' ? cmds(model) : cmds)
            await runStep(ctx, step, model, real, pairs, ran);
          // Every sequence ends with a listing, whatever it ran.
          await runStep(ctx, new ListMutedCommand(), model, real, pairs, ran);
        } catch (error) {
          await restore().catch(() => {}); // the sequence's own failure is the one to report
          throw error instanceof ConformanceAssertion ? new FailedRun(error, ran) : error;
        }
        await restore();
      };
      if (ctx.world.profile === 'quick' || ctx.world.replay)
        pairs.unreached = `beyond the ${ctx.world.profile} profile (its fixed sequence alone; the full profile walks every pair)`;
      else await walk(ctx, callers[0]!, pairs, runSequence);
      const drawn: fc.Arbitrary<Caller> =
        callers.length === 1
          ? fc.constant(callers[0]!)
          : ctx.draw('person', CALLERS).map((role) => callers.find((c) => c.role === role)!);
      const sequences = drawn.chain((caller) =>
        commandsOver(caller.targets, MAX_COMMANDS[ctx.world.profile], ctx.world.replay?.replayPath).map(
          (cmds): Sequence => ({ caller, cmds, fixed: false }),
        ),
      );
      const walked = tally.sequences;
      await fc.assert(
        fc.asyncProperty(sequences, async ({ caller, cmds, fixed }) => {
          try {
            await runSequence(caller, [...(fixed ? startOf(caller.targets) : []), ...cmds]);
          } catch (error) {
            throw error instanceof FailedRun ? error.error : error;
          }
          tally.commands += [...cmds].length;
        }),
        sequenceRuns(ctx, { caller: callers[0]!, cmds: [], fixed: true }),
      );
      const by = callers.map((c) => c.role).join(', ');
      const generated = tally.sequences - walked - 1;
      ctx.note(
        `${walked} walk sequences, the fixed one, then ${generated} generated (${tally.commands} generated commands), over a pool of ${tally.targets}, by ${by}; ${pairs.summary()}`,
      );
    },
  );
});
