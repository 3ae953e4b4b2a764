/**
 * The set-up the topic sequences share: the two channels (the notice a new channel may hold cleared), the senders,
 * lookers and marker, and the movers, once the turns on the realm's edit settings are held and the movers let move.
 */
import { ADMINISTRATORS, administratorOf, lightestOf } from '../../../helpers/checks/actors.ts';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { turnFree } from '../../../helpers/checks/shared-state.ts';
import { SetupError, Unsupported } from '../../../helpers/errors.ts';
import type { Role } from '../../../helpers/roles.ts';
import { deleteUntilComplete, mustChannelObject } from '../../channels/topics.ts';
import { allowAlso, holdTurns, setRealm } from '../../messages/edit.ts';
import { type OwnChannel, ownChannel, readMessage } from '../../messages/messages.ts';
import { channelTerm, narrowForms, topicTerm } from '../../messages/narrows.ts';
import type { TopicReal } from './model.ts';
import { sendOld, timeLimitOf } from './time-limit.ts';

/**
 * The realm settings that decide who may move and resolve, which the edit checks change meanwhile (a movers group
 * without the administrator, resolving for some only): held from the start, in name order as the edit checks take
 * their turns, so that no sequence meets another check's setting. The move limit within a channel is taken later,
 * once the old messages are sent (timeLimitOf), and only where a mover is held to it; the limit between channels is
 * left to the checks of it (a held mover's moves to the other channel are then judged as either answer); the content
 * edit settings too: a content edit's answer is followed either way, only where the message stays is judged.
 */
const WITHIN_LIMIT = 'move_messages_within_stream_limit_seconds';
const EDIT_SETTINGS = [
  'allow_message_editing',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
];

/**
 * What every sequence shares: the two channels (their senders, lookers and the administrator subscribed) and the
 * roles, once the turns on the edit settings are held. Each sequence is sent by the sender least spent so far, and
 * each of its reads made by the looker least spent at the time: its reads are most of its requests, too many for one
 * account's rate budget.
 */
export async function realsOf(ctx: CheckContext): Promise<{
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
      channelNames: [channels[0]!.name, channels[1]!.name],
      narrows: await placeNarrows(ctx, channels[0]!),
      judged: { move: 0, resolve: 0, narrow: 0, delete: 0, read: 0, limit: 0, oldest: 0, content: 0 },
    },
  };
}

/**
 * The narrow forms a place's narrow needs (a channel and a topic term), or why there are none: an error of learning
 * them ends the narrow transition's clause alone, never the other transitions'.
 */
async function placeNarrows(ctx: CheckContext, channel: OwnChannel): Promise<TopicReal['narrows']> {
  try {
    const forms = await narrowForms(ctx);
    channelTerm(forms, channel);
    topicTerm(forms, 'any');
    return { forms };
  } catch (error) {
    if (error instanceof ConformanceAssertion || !(error instanceof Error)) throw error;
    return { unavailable: error };
  }
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
