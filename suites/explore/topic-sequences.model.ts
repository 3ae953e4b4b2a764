// Topics as a state machine — contract: the topic rows of States and transitions, "3. Edit a message" (moves with
// each propagate mode, resolving as a rename with the prefix), "5. Check messages against a narrow", "9. Delete a
// topic". fast-check generates sequences of sends, moves, resolves, unresolves, topic deletions and narrow checks
// over a few fresh topics of a channel of the run's own; the model says where every message must be after each
// step, and a failure shrinks to the shortest sequence that shows it. Servers break most often between operations
// (a topic deletion that follows a message's first topic, a propagation that leaves moved-in messages behind, a
// narrow that matches where a message was): no single-operation clause sees those.
import fc from 'fast-check';
import { describe } from 'vitest';
import { administratorOf } from '../../helpers/checks/actors.ts';
import { CHECK_TIME_LIMIT_MS, checksOf } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../helpers/checks/matchers.ts';
import { sharesState, takeTurn } from '../../helpers/checks/shared-state.ts';
import type { Profile } from '../../helpers/config/schema.ts';
import { toCurl } from '../../helpers/http/exchange.ts';
import type { Role } from '../../helpers/roles.ts';
import { ownChannel } from '../messages/messages.ts';
import { clauses } from './clauses.ts';
import {
  DeleteTopicCommand,
  EpilogueCommand,
  MODES,
  MoveCommand,
  NarrowCommand,
  ResolveCommand,
  SendCommand,
} from './topics/commands.ts';
import { explore } from './topics/explore.ts';
import { newModel, type TopicModel, type TopicReal } from './topics/model.ts';

const check = checksOf(clauses);

type Command = fc.AsyncCommand<TopicModel, TopicReal>;

/**
 * A step that keeps the curl line of the request that did it (its first that is not a read, else its first): the
 * numbered steps of a failure can then be replayed by hand, one by one.
 */
class Traced implements Command {
  curl: string | undefined;
  constructor(
    private readonly step: Command,
    private readonly ctx: CheckContext,
  ) {}
  check = (model: Readonly<TopicModel>) => this.step.check(model);
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const from = this.ctx.recorder.exchanges.length;
    try {
      await this.step.run(model, real);
    } finally {
      const sent = this.ctx.recorder.exchanges.slice(from);
      const doing = sent.find((e) => e.method !== 'GET') ?? sent[0];
      this.curl = doing && toCurl(doing);
    }
  }
  toString = () => String(this.step);
}

/** How long a failure may be shrunk for (the failing sequence found so far is reported then). */
const SHRINK_MS = 60_000;

/** Topic names per sequence: few, so that moves meet messages already there. */
const NAMES = 2;

/** Sequences and their length per profile: a few short ones on every pull request, long ones at night. */
const SIZE: Record<Profile, { numRuns: number; maxCommands: number }> = {
  quick: { numRuns: 3, maxCommands: 5 },
  full: { numRuns: 4, maxCommands: 10 },
  nightly: { numRuns: 25, maxCommands: 24 },
};

/**
 * The realm settings that decide whether an administrator may move and resolve, which the edit checks change
 * meanwhile (a movers group without it, resolving for some only): held in name order, as the edit checks take
 * their turns, so that no sequence meets another check's setting.
 */
const EDIT_SETTINGS = [
  'allow_message_editing',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'message_content_edit_limit_seconds',
  'move_messages_within_stream_limit_seconds',
];

function commands() {
  const name = fc.nat({ max: NAMES - 1 });
  const pick = fc.nat({ max: 3 });
  const move = fc.tuple(pick, name, fc.constantFrom(...MODES)).map(([p, n, m]) => new MoveCommand(p, n, m));
  return (maxCommands: number) =>
    fc.commands(
      [
        // Sends weighted double: sequences then hold enough messages for the moves to split and join topics.
        name.map((n) => new SendCommand(n)),
        name.map((n) => new SendCommand(n)),
        // Moves weighted treble: what they leave behind (a topic holding messages moved in, resolved, split) is where
        // servers go wrong.
        move,
        move,
        move,
        fc.tuple(pick, fc.boolean(), pick).map(([p, resolve, at]) => new ResolveCommand(p, resolve, at)),
        pick.map((p) => new DeleteTopicCommand(p)),
        pick.map((p) => new NarrowCommand(p)),
      ],
      // Long from the first run: fast-check's usual small first cases would spend a short profile on near-empty ones.
      { maxCommands, size: 'max' },
    );
}

/**
 * What every sequence shares: the channel (its readers and the administrator subscribed) and the roles. The
 * readers take the sequences in turn: a sequence's reads are most of its requests, too many for one account's
 * rate budget.
 */
async function realsOf(
  ctx: CheckContext,
): Promise<{ readers: Role[]; base: Omit<TopicReal, 'names' | 'spare' | 'reader'> }> {
  const readers = ctx.everyone('assistant', { besides: ['guest', 'bot'] });
  const admin = administratorOf(ctx);
  const channel = await ownChannel(ctx, { others: [...readers, admin] });
  const level = ctx.world.featureLevel;
  return {
    readers,
    base: { ctx, channelId: channel.id, admin, channelOperator: level === null || level >= 250 ? 'channel' : 'stream' },
  };
}

describe('topics (model-based sequences)', () => {
  sharesState('realm-edit-settings');

  check(
    'EXPLORE-001',
    async (ctx) => {
      for (const name of EDIT_SETTINGS) await takeTurn(ctx, `realm setting ${name}`);
      const { readers, base } = await realsOf(ctx);
      const { numRuns, maxCommands } = SIZE[ctx.world.profile];
      const tally = { sequences: 0, commands: 0 };
      const property = fc.asyncProperty(commands()(maxCommands), async (cmds) => {
        const names = Array.from({ length: NAMES }, (_, i) => ctx.unique(`t${i}`));
        const reader = readers[tally.sequences % readers.length]!;
        const real: TopicReal = { ...base, reader, names, spare: ctx.unique('spare') };
        const model = newModel();
        tally.sequences += 1;
        // Messages in both topics first, and one of them moved into the other topic, so that the first generated
        // steps already meet a topic holding a message moved in (where servers go wrong); the end looks at
        // whatever state the generated steps built (see EpilogueCommand).
        const start = [new SendCommand(0), new SendCommand(0), new SendCommand(1), new MoveCommand(0, 0, 'change_one')];
        const steps = [...start, ...cmds, new EpilogueCommand()].map((step) => new Traced(step, ctx));
        try {
          await fc.asyncModelRun(() => ({ model, real }), steps);
        } catch (error) {
          // The whole sequence as numbered steps, each with the request that did it (fast-check's counterexample
          // leaves out the fixed first and last steps).
          if (!(error instanceof ConformanceAssertion)) throw error;
          const list = steps.map((step, i) => `  ${i + 1}. ${step}${step.curl ? `\n       ${step.curl}` : ''}`);
          throw new ConformanceAssertion(`the sequence:\n${list.join('\n')}\n${error.message}`, error.exchange);
        }
        tally.commands += [...cmds].length;
      });
      // Shrunk, unlike other properties: the shortest sequence is what a person can act on (bounded in time, as a
      // real server answers every step of every shrink).
      const params = { ...ctx.property({ numRuns }), endOnFailure: false, interruptAfterTimeLimit: SHRINK_MS };
      const minutes = ctx.world.options.exploreMinutes;
      if (minutes === 0 || ctx.world.replay) {
        await fc.assert(property, params);
      } else {
        const found = await explore(ctx, property, params, minutes);
        if (found.length > 0) {
          const all = found.map((f, i) => `failure ${i + 1} of ${found.length}:\n${f.report}`).join('\n\n');
          throw new ConformanceAssertion(
            `${found.length} distinct failure(s) in ${minutes} min of exploring:\n${all}`,
            found[0]!.exchange,
          );
        }
      }
      ctx.note(
        `${tally.sequences} sequences, ${tally.commands} generated commands (${ctx.world.profile} profile${minutes ? `, then ${minutes} min of exploring` : ''})`,
      );
    },
    // The exploring minutes on top of the check's usual two.
    (world) => CHECK_TIME_LIMIT_MS + world.options.exploreMinutes * 60_000,
  );
});
