// Topics as a state machine — contract: the topic rows of States and transitions, "3. Edit a message" (moves with
// each propagate mode, within and between channels, resolving as a rename with the prefix), "5. Check messages
// against a narrow", "9. Delete a topic", "12. Mark messages in a topic as read". fast-check generates sequences of
// sends, moves, resolves, unresolves, topic deletions, marks as read and narrow checks over a few fresh topics (the
// empty topic among them where the target takes it) of two channels of the run's own; the model says where every
// message must be after each step, and a failure shrinks to the shortest sequence that shows it. Servers break most
// often between operations (a topic deletion that follows a message's first topic, a propagation that leaves
// moved-in messages behind, a narrow that matches where a message was): no single-operation clause sees those.
//
// One exploration judges five transitions, each its own clause (moves, resolving, narrows, deleting a topic, marking
// one read): a departure fails the clause of the step that saw it, and the exploration runs again with that
// transition's departures no longer reported (the model follows the server past them), until no other clause fails.
// Each clause has then been judged over whole runs of sequences in which its own steps were always judged.
import fc from 'fast-check';
import { ADMINISTRATORS, administratorOf, lightestOf } from '../../helpers/checks/actors.ts';
import { CHECK_TIME_LIMIT_MS, checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../helpers/checks/matchers.ts';
import { deriveSeed } from '../../helpers/checks/seeds.ts';
import { sharesState, turnFree } from '../../helpers/checks/shared-state.ts';
import { timedSteps } from '../../helpers/checks/timed.ts';
import type { Profile } from '../../helpers/config/schema.ts';
import { Disabled, findCause, HarnessError, SetupError, Unsupported } from '../../helpers/errors.ts';
import { toCurl } from '../../helpers/http/exchange.ts';
import type { Role } from '../../helpers/roles.ts';
import type { World } from '../../helpers/world/types.ts';
import { deleteUntilComplete, mustChannelObject } from '../channels/topics.ts';
import { allowAlso, holdTurns, setRealm, untilOldRefused } from '../messages/edit.ts';
import { contentOf, mustSend, type OwnChannel, ownChannel, readMessage } from '../messages/messages.ts';
import {
  BringOldCommand,
  DeleteTopicCommand,
  EpilogueCommand,
  KINDS,
  type Kind,
  MarkReadCommand,
  MODES,
  MoveCommand,
  NarrowCommand,
  OffModel,
  ResolveCommand,
  SendCommand,
  TransitionFailure,
} from './topics/commands.ts';
import { EditContentCommand } from './topics/edit-content.ts';
import { explore, type Found } from './topics/explore.ts';
import {
  EMPTY_NAME,
  newModel,
  ORDINARY_NAMES,
  type TimeLimit,
  type TopicModel,
  type TopicReal,
} from './topics/model.ts';

const { group, check } = checksIn(import.meta.url);

/** The clause of each transition. */
const CLAUSE_OF = {
  move: 'EXPLORE-001',
  resolve: 'EXPLORE-002',
  narrow: 'EXPLORE-003',
  delete: 'EXPLORE-004',
  read: 'EXPLORE-005',
  limit: 'EXPLORE-006',
  oldest: 'EXPLORE-007',
  content: 'EXPLORE-014',
} as const satisfies Record<Kind, string>;

/** A departure outside the steps' judgements is the moves' (what every sequence does most). */
const clauseOf = (kind: Kind | undefined) => CLAUSE_OF[kind ?? 'move'];

type Command = fc.AsyncCommand<TopicModel, TopicReal>;

/**
 * A step that keeps the curl line of the request that did it (its first that is not a read, else its first; for the
 * step that failed, its last that is not a read: the one whose effect was judged): the numbered steps of a failure
 * can then be replayed by hand, one by one.
 */
class Traced implements Command {
  curl: string | undefined;
  constructor(
    private readonly step: Command,
    private readonly ctx: CheckContext,
  ) {}
  check = (model: Readonly<TopicModel>) => model.offModel === undefined && this.step.check(model);
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const from = this.ctx.recorder.exchanges.length;
    let failed = false;
    try {
      await this.step.run(model, real);
    } catch (error) {
      failed = true;
      // The sequence ends here (model.offModel says why): the later steps' `check` is false.
      if (!(error instanceof OffModel)) throw error;
    } finally {
      const sent = this.ctx.recorder.exchanges.slice(from);
      const writes = sent.filter((e) => e.method !== 'GET');
      const doing = (failed ? writes.at(-1) : writes[0]) ?? sent[0];
      this.curl = doing && toCurl(doing);
    }
  }
  toString = () => String(this.step);
}

/**
 * How long a failure may be shrunk for, from the first failing sequence (the shortest failing one found by then is
 * reported). Counted from the failure, not the start: fast-check's interruptAfterTimeLimit would also cut short a
 * property that has not failed, on a target whose rate limit makes the first sequences slow.
 */
const SHRINK_MS = 60_000;

/**
 * Generated sequences and their length per profile, on top of the fixed sequence every profile runs once (see
 * FIXED): on every pull request that one alone (generated steps, which may read every message back, made the quick
 * profile's requests vary by 20 from seed to seed, within one window of a per-user rate limit), long ones at night.
 * The full profile's commands go to two sequences, not three of ten: each sequence costs its opening and its end
 * (about 45 requests) besides its commands, and the full run fits two windows of a per-user limit with little room.
 */
const SIZE: Record<Profile, { numRuns: number; maxCommands: number }> = {
  quick: { numRuns: 0, maxCommands: 0 },
  full: { numRuns: 2, maxCommands: 15 },
  nightly: { numRuns: 25, maxCommands: 24 },
};

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
const paramsOf = (ctx: CheckContext) =>
  ctx.property({ numRuns: SIZE[ctx.world.profile].numRuns + 1, examples: [[FIXED] as [Sequence]] });

/**
 * The realm settings that decide who may move and resolve, which the edit checks change meanwhile (a movers group
 * without the administrator, resolving for some only): held from the start, in name order as the edit checks take
 * their turns, so that no sequence meets another check's setting. The move limit within a channel is taken later,
 * once the old messages are sent (timeLimitOf), and only where a mover is held to it; the limit between channels is
 * left to the checks of it (a held mover's moves to the other channel are then judged as either answer); the content
 * edit limit too: no sequence edits content.
 */
const WITHIN_LIMIT = 'move_messages_within_stream_limit_seconds';
const EDIT_SETTINGS = [
  'allow_message_editing',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
];

function commands(replayPath: string | undefined) {
  // Few names, so that moves meet messages already there; the empty topic less often than the sequence's own two.
  const name = fc.constantFrom(0, 0, 1, 1, EMPTY_NAME);
  const spelling = fc.nat({ max: 2 });
  const pick = fc.nat({ max: 3 });
  const channel = fc.nat({ max: 1 });
  // Within the message's channel two times in three, to the other channel the third.
  const across = fc.constantFrom(false, false, true);
  // Which of the movers (the administrator, a member, the moderator: see moversOf) moves or resolves.
  const by = fc.nat({ max: 2 });
  // Across, one move in two names the channel alone: the topic (resolved or not) goes with it as it is.
  const move = fc
    .tuple(pick, name, fc.constantFrom(...MODES), across, by, fc.boolean())
    .map(([p, n, m, a, b, keep]) => new MoveCommand(p, n, m, a, b, a && keep));
  return (maxCommands: number) =>
    fc.commands(
      [
        // Sends weighted double: sequences then hold enough messages for the moves to split and join topics.
        fc.tuple(name, channel, spelling).map(([n, c, s]) => new SendCommand(n, c, s)),
        fc.tuple(name, channel, spelling).map(([n, c, s]) => new SendCommand(n, c, s)),
        // Moves weighted treble: what they leave behind (a topic holding messages moved in, resolved, split) is where
        // servers go wrong.
        move,
        move,
        move,
        fc.tuple(pick, fc.boolean(), pick, by).map(([p, resolve, at, b]) => new ResolveCommand(p, resolve, at, b)),
        pick.map((p) => new DeleteTopicCommand(p)),
        pick.map((p) => new NarrowCommand(p)),
        pick.map((p) => new MarkReadCommand(p)),
        pick.map((p) => new EditContentCommand(p)),
        // A message past the move time limit brought into a topic (where the sequences run under one).
        fc.tuple(name, channel).map(([n, c]) => new BringOldCommand(n, c)),
      ],
      // Long from the first run: fast-check's usual small first cases would spend a short profile on near-empty ones.
      { maxCommands, size: 'max', ...(replayPath !== undefined ? { replayPath } : {}) },
    );
}

/**
 * What every sequence shares: the two channels (their senders, lookers and the administrator subscribed) and the
 * roles, once the turns on the edit settings are held. Each sequence is sent by the sender least spent so far, and
 * each of its reads made by the looker least spent at the time: its reads are most of its requests, too many for one
 * account's rate budget.
 */
async function realsOf(ctx: CheckContext): Promise<{
  senders: Role[];
  /** Why the sequences run without a move time limit, where they do (Disabled or Unsupported). */
  noLimit?: Error;
  base: Omit<TopicReal, 'names' | 'spare' | 'sender' | 'settled'>;
}> {
  // The senders are people (a guest's or a bot's messages moved by a member would be cases of their own); any
  // account reads back and matches narrows, the guest, the bot and the members too (subscribed, they read alike; the
  // read state is the marker's own): the reads are most of the sequences' requests, and go to whoever is lightest.
  const senders = ctx.everyone('assistant', { besides: ['guest', 'bot'] });
  const lookers: Role[] = [...ctx.everyone('anyone'), ...(ctx.usable('member') ? ['member' as const] : [])];
  const admin = administratorOf(ctx);
  const candidates = moverCandidates(ctx, admin);
  // Marks read: no check mutes with it (the mute checks' callers are the other people) and it sends nothing here.
  const marker = ctx.someone('anyone', { besides: ['member2', 'moderator', 'admin', 'owner', ...senders] });
  const others = [...new Set([...senders, ...lookers, ...candidates.movers, ...candidates.held, marker])];
  // Channels that take the empty topic where the target can say so (and names it); else channels of its default.
  const display = ctx.world.realm.emptyTopicDisplayName;
  let channels: OwnChannel[];
  let emptyTopic: string | null = null;
  try {
    if (!display) throw new Unsupported('the target reports no realm_empty_topic_display_name');
    channels = [
      await ownChannel(ctx, { policy: 'allow_empty_topic', others }),
      await ownChannel(ctx, { policy: 'allow_empty_topic', others }),
    ];
    emptyTopic = display;
  } catch (error) {
    // No display name, a policy not kept, or one refused: channels of the target's default, and no empty topic.
    if (!(error instanceof Unsupported || error instanceof SetupError)) throw error;
    ctx.note(`sequences without the empty topic: ${error.message.split('\n')[0]}`);
    channels = [await ownChannel(ctx, { others }), await ownChannel(ctx, { others })];
  }
  const level = ctx.world.featureLevel;
  await clearNotices(ctx, channels[0]!, { sender: senders[0]!, admin });
  // The old messages before any turn: they age while another check holds the move limit (see timeLimitOf), and the
  // turns on who may move are taken once that check is done, so that the checks of those settings are not kept
  // waiting meanwhile.
  const old = candidates.held.length ? await sendOld(ctx, channels[1]!, senders[0]!) : undefined;
  if (old) await turnFree(ctx, `realm setting ${WITHIN_LIMIT}`);
  await holdTurns(ctx, old ? [...EDIT_SETTINGS, WITHIN_LIMIT] : EDIT_SETTINGS);
  const { movers, held, administrators } = await widened(ctx, admin, candidates);
  const limited = await timeLimitOf(ctx, channels[1]!, held, old);
  if (limited instanceof Error) ctx.note(`sequences without a move time limit: ${limited.message}`);
  // Without a limit the sequences know, the movers it would hold do not move: other checks set the limits meanwhile.
  const moving = limited instanceof Unsupported ? movers.filter((m) => !held.includes(m)) : movers;
  return {
    senders,
    ...(limited instanceof Error ? { noLimit: limited } : {}),
    base: {
      ctx,
      channelIds: [channels[0]!.id, channels[1]!.id],
      emptyTopic,
      // Either administrator where both were let move (each subscribed as a looker): the one with budget, so that
      // the administrators' share of a rate-limited run does not wait on one account's window.
      admin: () => (administrators.length > 1 ? administratorOf(ctx) : admin),
      // Either member where both were let move and are held to the limit: the one with most budget, likewise.
      member: () => (held.length > 0 ? lightestOf(ctx, held, 0) : admin),
      lookers,
      movers: moving,
      marker,
      flags: {},
      events: {},
      timeLimit: limited instanceof Error ? null : limited,
      channelOperator: level === null || level >= 250 ? 'channel' : 'stream',
      judged: { move: 0, resolve: 0, narrow: 0, delete: 0, read: 0, limit: 0, oldest: 0, content: 0 },
    },
  };
}

/**
 * Who moves and resolves: with realm changes allowed, the administrator, the moderator and a member; else the
 * administrator alone, whom no group setting or time limit keeps from it on a realm of the target's defaults. The
 * member is held to the move time limits (contract: 3. Edit a message: users other than administrators and
 * moderators).
 */
function moverCandidates(ctx: CheckContext, admin: Role): { movers: Role[]; held: Role[] } {
  if (!ctx.world.options.allowRealmChanges) {
    ctx.note(
      'moves and resolves by the administrator alone: set ALLOW_REALM_CHANGES=true for a member and the moderator too',
    );
    return { movers: [admin], held: [] };
  }
  // The member's place is either member's (the limits hold both alike): one stands for both among the movers, and at
  // each move the one with most budget left moves (TopicReal.member).
  const members = ctx.everyone('either member').filter((r) => ctx.usable(r));
  const movers = [...new Set<Role>([admin, ...members.slice(0, 1), 'moderator'])].filter((r) => ctx.usable(r));
  return { movers, held: members.filter((r) => r !== admin) };
}

/**
 * The movers, each added to the groups that may move messages within and between channels and resolve topics (the
 * turns on those settings held; put back when the check ends); the administrator alone where the realm refuses.
 */
async function widened(
  ctx: CheckContext,
  admin: Role,
  candidates: { movers: Role[]; held: Role[] },
): Promise<{ movers: Role[]; held: Role[]; administrators: Role[] }> {
  if (candidates.movers.length === 1) return { ...candidates, administrators: [admin] };
  // Both administrators, where the run has both: either moves as the administrator drawn (see realsOf).
  const administrators = ADMINISTRATORS.filter((r) => ctx.usable(r));
  try {
    // Widened, not replaced: the edit checks that rely on the realm's own groups (a member resolving, say) run
    // meanwhile, and must still find themselves allowed.
    await allowAlso(
      ctx,
      [
        'can_move_messages_between_channels_group',
        'can_move_messages_between_topics_group',
        'can_resolve_topics_group',
      ],
      [...new Set([...candidates.movers, ...candidates.held, ...administrators])],
    );
    await setRealm(ctx, { allow_message_editing: true });
  } catch (error) {
    // A target that reports no such setting, or refuses the values (an anonymous group, say): what was changed is
    // put back when the check ends, and the administrator moves alone.
    if (!(error instanceof Unsupported || error instanceof SetupError)) throw error;
    ctx.note(`moves and resolves by the administrator alone: ${error.message.split('\n')[0]}`);
    return { movers: [admin], held: [], administrators: [admin] };
  }
  return { ...candidates, administrators };
}

/**
 * A new channel may hold a notice of the server's own (Zulip posts one in topic "channel events"): its topic is
 * deleted from the first channel, whose oldest message is then always a sequence's, so that the sequences' topic
 * deletions remove it and are judged for the event that announces it (EXPLORE-007). Where that cannot be done the
 * notice stays, noted, and those deletions are not judged.
 */
async function clearNotices(
  ctx: CheckContext,
  channel: OwnChannel,
  { sender, admin }: { sender: Role; admin: Role },
): Promise<void> {
  try {
    const first = (await mustChannelObject(ctx, channel.id, sender)).first_message_id;
    if (!Number.isInteger(first)) return;
    const { topic } = await readMessage(ctx, sender, first);
    await deleteUntilComplete(ctx, channel.id, topic, admin as (typeof ADMINISTRATORS)[number]);
    ctx.note(`the notice the target posted in a new channel (topic ${JSON.stringify(topic)}) was deleted first`);
  } catch (error) {
    if (!(error instanceof ConformanceAssertion || error instanceof SetupError)) throw error;
    ctx.note(`a new channel's first message stays: ${error.message.split('\n')[0]}`);
  }
}

/** Requests a move step must make inside the limit, at the target's pace: the move, and reading back its topic. */
const REQUESTS_INSIDE_LIMIT = 6;

/**
 * The move time limit the sequences run under (else why none: none of the movers is held to it, the realm cannot be
 * set so, or the limit cannot be shown): the exploration's old messages are sent first (sendOld), to be brought into
 * the sequences' topics later (BringOldCommand); then the limit within a channel is set to a few seconds — long enough
 * for a move step at the pace the sends went — and the youngest old message is moved until the target refuses
 * (untilOldRefused: at once where they aged while EDIT-LIMIT-001 held the turn). Every old message is then past the
 * limit for good; the sequences' own messages are judged by their age (see ages). Put back when the check ends.
 */
async function timeLimitOf(
  ctx: CheckContext,
  channel: OwnChannel,
  held: Role[],
  old: Old | undefined,
): Promise<TimeLimit | Disabled | Unsupported> {
  if (!held.length || !old)
    return new Disabled(
      ctx.world.options.allowRealmChanges
        ? 'no mover the limits hold: the realm refused the movers their groups, the administrator moves alone'
        : 'no mover the limits hold, the administrator moving alone: set ALLOW_REALM_CHANGES=true',
    );
  const { messages, oldTopic } = old;
  // A second for send times kept in whole seconds, one more, and twice a step's requests at the pace of the sends.
  const seconds = 1 + Math.max(1, Math.ceil((2 * REQUESTS_INSIDE_LIMIT * old.msPerSend) / 1000));
  try {
    await setRealm(ctx, { move_messages_within_stream_limit_seconds: seconds });
  } catch (error) {
    // A target that reports no such setting, or refuses the value.
    if (!(error instanceof Unsupported || error instanceof SetupError)) throw error;
    return new Unsupported(`the limit could not be set: ${error.message.split('\n')[0]}`);
  }
  // The youngest old message is the probe (and leaves the pool): the others are older.
  const probe = messages.pop()!;
  try {
    const waited = await untilOldRefused(ctx, channel, {
      probe: { id: probe.id, sentAt: probe.sent.start },
      limit: seconds,
      // Either member the limit holds alike: the one with more budget (its dozen polls through real Zulip's grace
      // went to the second member, the busiest account of a full run).
      by: lightestOf(ctx, held, 0),
    });
    ctx.note(
      `moves under a time limit of ${seconds} s: the old messages were too old to move ${waited.toFixed(1)} s after the youngest was sent`,
    );
    // The probe was at most this old (plus a second for send times kept in whole seconds) when it was refused.
    const tooOldMs = Date.now() - probe.sent.start + 1000;
    return {
      seconds,
      probedFrom: probe.sent.end,
      tooOldMs,
      holds: new Set(held),
      old: messages,
      oldTopic,
    } satisfies TimeLimit;
  } catch (error) {
    // A limit the probe could not show (EDIT-LIMIT-*'s to judge): the sequences move without the member (see realsOf).
    if (!(error instanceof ConformanceAssertion)) throw error;
    return new Unsupported(`the probe could not show the limit: ${error.message.split('\n')[0]}`);
  }
}

/** The exploration's old messages (see timeLimitOf), oldest first, their topic, and the target's pace sending them. */
interface Old {
  messages: TimeLimit['old'];
  oldTopic: string;
  msPerSend: number;
}

/** Sends the exploration's old messages (by `sender`, to a topic of `channel` no sequence names). */
async function sendOld(ctx: CheckContext, channel: OwnChannel, sender: Role): Promise<Old> {
  const oldTopic = ctx.unique('old');
  // The fixed start's one, one a generated sequence (a generated step may bring one while some are left; a failure's
  // shrinking runs sequences again; past these, brings do nothing), and the probe.
  const count = SIZE[ctx.world.profile].numRuns + 2;
  const messages: TimeLimit['old'] = [];
  const sending = timedSteps(ctx.recorder);
  for (let i = 0; i < count; i++) {
    const start = Date.now();
    const id = await mustSend(ctx, sender, {
      type: 'stream',
      to: channel.id,
      topic: oldTopic,
      content: contentOf(ctx, 'old'),
    });
    messages.push({ id, sent: { start, end: Date.now() } });
  }
  // The target's pace, not its rate limit's: waits for the rate limit are left out.
  return { messages, oldTopic, msPerSend: sending.workMs() / count };
}

/** The outcome of exploring: each failed transition's error (fast-check's, with the sequence and its replay). */
interface Explored {
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
  note: string;
}

/** The property over sequences; departures of the `settled` transitions are not reported again (see judging). */
function sequences(
  ctx: CheckContext,
  shared: Awaited<ReturnType<typeof realsOf>>,
  settled: ReadonlySet<Kind>,
  tally: { sequences: number; commands: number; offModel: number },
) {
  const { senders, base } = shared;
  const arbitrary = commands(ctx.world.replay?.replayPath)(SIZE[ctx.world.profile].maxCommands).map(
    (cmds): Sequence => ({ fixed: false, cmds }),
  );
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
  async function sequence(fixed: boolean, cmds: Iterable<Command>) {
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
    // The fixed start meets, once on every profile, each place where servers go wrong between operations: a message
    // moved into a topic and one moved to the other channel under the same name, then narrows of both, a change_later
    // from the moved-in message (back to the topic it was sent to), a change_all of a topic holding a message moved
    // in. A generated sequence starts with its first six steps, the state where those go wrong, and its steps go on
    // from there; the end looks at whatever state they built (see EpilogueCommand).
    const opening = [
      new SendCommand(0), // #0, #1 to t0; #2, #3 to t1
      new SendCommand(0),
      new SendCommand(1),
      new SendCommand(1),
      new MoveCommand(0, 0, 'change_one'), // #0 into t1
      new MoveCommand(2, 1, 'change_one', true), // #2 to t1 of the other channel
    ];
    const start = fixed ? [...opening, ...restOfFixedStart(held)] : opening;
    const steps = [...start, ...cmds, new EpilogueCommand()].map((step) => new Traced(step, ctx));
    try {
      await fc.asyncModelRun(() => ({ model, real }), steps);
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
    tally.commands += [...cmds].length;
  }
}

/**
 * The fixed start after its opening six steps: narrows of the two moved messages, a change_later from the moved-in
 * message (back to the topic it was sent to), a change_all of a topic holding a message moved in, the empty topic
 * sent to and marked read and, under a time limit, a message past it brought in and a held mover's move of it.
 */
function restOfFixedStart(held: number): Command[] {
  return [
    new NarrowCommand(0), // #0: in t1 now, no longer in t0
    new NarrowCommand(2), // #2: in the other channel now
    new MoveCommand(0, 0, 'change_later', false, 1), // from #0, moved in: #0 and #3 (not t0's #1) back to t0; a member
    new MoveCommand(1, 0, 'change_all', false, 2), // from #1: t0 whole, #3 moved in, to t1; the moderator
    new SendCommand(EMPTY_NAME, 0, 0), // #4, #5: the empty topic, as "" and as its display name
    new SendCommand(EMPTY_NAME, 0, 1),
    new MarkReadCommand(0, EMPTY_NAME), // the empty topic marked read, named by its display name
    // Under a time limit: a message past it brought into t1 (#0, #1 and #3 there), then a held mover's change_all
    // from #0, which must be refused; change_later from the first message it may move must take the rest.
    ...(held < 0 ? [] : [new BringOldCommand(1), new MoveCommand(1, 0, 'change_all', false, held)]),
  ];
}

/**
 * Explores until every transition has either failed or been judged over a whole property run: each run that fails
 * settles the failed transition, and the next run judges the others.
 */
async function explored(ctx: CheckContext): Promise<Explored> {
  const shared = await realsOf(ctx);
  const tally = { sequences: 0, commands: 0, offModel: 0 };
  const failures = new Map<Kind, unknown>();
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
    note: `${tally.sequences} sequences, ${tally.commands} generated commands${off} (${ctx.world.profile} profile${minutes ? `, then ${minutes} min of exploring with fresh seeds: ${distinct} distinct failure(s) in all` : ''})`,
  };
}

/** The exploration of this run, started by whichever of its clauses' checks comes first. */
let current: { runId: string; outcome: Promise<Explored> } | undefined;

/** A transition's clause: judged by the run's exploration (whichever clause's check starts it), or a replay. */
function judge(kind: Kind) {
  return async (ctx: CheckContext) => {
    if (ctx.world.replay) {
      // A replay (`--only` this clause): the other transitions' departures end the sequence, as they did when this
      // failure was found (else it would have been theirs).
      const settled = new Set(KINDS.filter((k) => k !== kind));
      const tally = { sequences: 0, commands: 0, offModel: 0 };
      await fc.assert(sequences(ctx, await realsOf(ctx), settled, tally), paramsOf(ctx));
      return;
    }
    if (current?.runId !== ctx.world.runId) current = { runId: ctx.world.runId, outcome: explored(ctx) };
    const outcome = await current.outcome;
    if (outcome.broken) throw outcome.broken;
    const failure = outcome.failures.get(kind);
    if (failure) throw failure;
    if (kind === 'read' && outcome.flagsShown === false)
      throw new Unsupported("the target's read-back of a message carries no flags: whether it is read is not shown");
    if (kind === 'oldest' && outcome.eventsUnavailable !== undefined)
      throw new Unsupported(`a topic deletion's event could not be watched: ${outcome.eventsUnavailable}`);
    if (kind === 'oldest' && outcome.judged.oldest === 0)
      throw new Unsupported(
        "no topic deletion removed its channel's oldest message as GET /streams lists it (first_message_id)",
      );
    if (kind === 'limit' && outcome.noLimit !== undefined) throw outcome.noLimit;
    const judged = outcome.judged[kind];
    // Every sequence that gets to its end judges each transition; none did if all ended at another's departure.
    if (judged === 0)
      throw new HarnessError(`no ${kind} step was judged: every sequence ended early, at a departure already reported`);
    ctx.note(`${judged} ${kind} steps judged; ${outcome.note}`);
  };
}

/** The exploring minutes on top of a check's usual two. */
const limit = (world: World) => CHECK_TIME_LIMIT_MS + world.options.exploreMinutes * 60_000;

group('topics (model-based sequences)', () => {
  sharesState('realm-edit-settings');

  check(
    'EXPLORE-001',
    'MUST after any sequence of sends, moves, resolves and topic deletions, move exactly the messages the propagate mode names (change_one the message, change_later it and the later ones, change_all the whole topic) from the topic as it is then, messages moved into it included, and leave every other message where it was',
    {
      section: '3. Edit a message (topic, propagate_mode); States and transitions (topic rows)',
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('move'),
  );
  check(
    'EXPLORE-002',
    'MUST after any sequence of sends, moves, resolves and topic deletions, resolve (or unresolve) a topic by renaming every message it holds then, messages moved into it included, to the name with (or without) the resolved prefix',
    {
      section: 'States and transitions (topic unresolved → resolved); 3. Edit a message',
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('resolve'),
  );
  check(
    'EXPLORE-003',
    'MUST after any sequence of sends, moves, resolves and topic deletions, match a message by a narrow of the topic it is in now, and by no narrow of a topic it has left',
    {
      section: '5. Check messages against a narrow; States and transitions (topic rows)',
      endpoint: 'GET /messages/matches_narrow',
      timeLimit: limit,
    },
    judge('narrow'),
  );
  check(
    'EXPLORE-004',
    'MUST after any sequence of sends, moves, resolves and topic deletions, delete with a topic exactly the messages it holds then, messages moved into it included, and none that were moved away',
    {
      section: 'States and transitions (topic with messages → deleted); 9. Delete a topic',
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      timeLimit: limit,
    },
    judge('delete'),
  );
  check(
    'EXPLORE-005',
    'MUST after any sequence of sends, moves, resolves and topic deletions, mark as read for the caller the messages a topic holds then, messages moved into it included, and leave those that have left it as they were',
    {
      section: '12. Mark messages in a topic as read; States and transitions (topic rows)',
      endpoint: 'POST /mark_topic_as_read',
      timeLimit: limit,
    },
    judge('read'),
  );
  check(
    'EXPLORE-006',
    'MUST after any sequence of sends, moves, resolves and topic deletions, refuse, moving nothing, a move by a user other than an administrator or moderator that takes a message past the move time limit, reckoned from when the message was sent (messages moved into the topic included), and move the rest with change_later from first_message_id_allowed_to_move where it names one',
    {
      section:
        '3. Edit a message (time limits, MOVE_MESSAGES_TIME_LIMIT_EXCEEDED); States and transitions (topic rows)',
      since: 172,
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('limit'),
  );
  check(
    'EXPLORE-007',
    "MUST after any sequence of sends, moves, resolves and topic deletions, send a stream update event carrying the channel's new first_message_id when a topic deletion removes the channel's oldest message, whether it was sent to that topic or moved into it",
    {
      section: 'Events (stream, op update); 9. Delete a topic; States and transitions (topic with messages → deleted)',
      since: 256,
      endpoint: 'POST /streams/{stream_id}/delete_topic',
      timeLimit: limit,
    },
    judge('oldest'),
  );
  check(
    'EXPLORE-014',
    'MUST after any sequence of sends, moves, resolves and topic deletions, leave a message whose content alone is edited where it is (the topic and channel it was moved to included), and every message of its topic with it',
    {
      section: '3. Edit a message (content); States and transitions (topic rows)',
      endpoint: 'PATCH /messages/{message_id}',
      timeLimit: limit,
    },
    judge('content'),
  );
});
