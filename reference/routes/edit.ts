/**
 * PATCH /messages/{message_id}: content edits, topic and channel moves with the three propagate modes, resolving
 * topics, `prev_content_sha256`, and the realm's edit and move time limits (each with the store's grace added, as
 * Zulip adds 20 s). Moves send no notification messages (the contract leaves their content not shown).
 *
 * The handler reads as the contract's operation; each rule is decided by a helper named after it, which holds the
 * switches of the faults that break that rule (routes/edit.faults.ts).
 */
import { createHash } from 'node:crypto';
import { canAccessChannelContent } from '../core/channels.ts';
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, invalidParam } from '../core/errors.ts';
import { audienceOf, messageContent } from '../core/messages.ts';
import { type Channel, type Message, ROLE } from '../core/model.ts';
import { inGroupSetting } from '../core/realm.ts';
import type { Store } from '../core/store.ts';
import { channelTopic, EDIT_READING } from '../core/topics.ts';
import { visibleMessage } from './messages.ts';
import { detachedBy } from './uploads.ts';

export const RESOLVED_PREFIX = '✔ ';
const MODES = ['change_one', 'change_later', 'change_all'] as const;
type Mode = (typeof MODES)[number];

/** What the request asks to change (undefined: left as it is). */
interface Edit {
  readonly topic: string | undefined;
  readonly mode: Mode;
  readonly content: string | undefined;
  readonly streamId: number | undefined;
}

/** A topic or channel move of a channel message, as decided before anything changes. */
interface Move {
  readonly source: Channel;
  readonly target: Channel;
  readonly topic: string;
  readonly mode: Mode;
  readonly betweenChannels: boolean;
  /** Resolving or unresolving the topic (within its channel): other permissions, exempt from the move limits. */
  readonly resolution: 'resolve' | 'unresolve' | undefined;
}

function editMessage(ctx: Context): Fields {
  const message = visibleMessage(ctx);
  const edit = readEdit(ctx);
  checkCombination(ctx, edit);
  if (message.type === 'private') checkDirectMessageEdit(ctx, edit);
  const content = edit.content === undefined ? undefined : contentAfterEdit(ctx, message, edit.content);
  if (message.type === 'stream' && (edit.topic !== undefined || edit.streamId !== undefined)) {
    moveMessages(ctx, message, planMove(ctx, message, edit));
  }
  const before = message.content;
  if (content !== undefined) storeContent(ctx, message, content);
  // Fault `sequence-content-edit-restores-first-topic`: a content edit files the message where it was sent.
  if (
    content !== undefined &&
    message.type === 'stream' &&
    ctx.faults.has('sequence-content-edit-restores-first-topic')
  ) {
    message.topic = message.firstTopic ?? message.topic;
    message.channelId = message.firstChannelId ?? message.channelId;
  }
  return detachedUploads(ctx, message, before, content);
}

/** The parameters, in the contract's order; an edit must change something. */
function readEdit({ params }: Context): Edit {
  const topic = params.optStr('topic') ?? params.optStr('subject');
  const mode = params.optStr('propagate_mode') ?? 'change_one';
  if (!(MODES as readonly string[]).includes(mode)) throw invalidParam('propagate_mode', 'Invalid propagate_mode');
  // No notification messages are sent: the two flags are read and ignored.
  params.optBool('send_notification_to_old_thread');
  params.optBool('send_notification_to_new_thread');
  const content = params.optStr('content');
  const streamId = params.optInt('stream_id');
  if (topic === undefined && content === undefined && streamId === undefined) throw badRequest('Nothing to change');
  return { topic, mode: mode as Mode, content, streamId };
}

/** "Sending both content and stream_id is an error"; "when only content is edited only change_one is valid". */
function checkCombination({ faults }: Context, edit: Edit): void {
  // Fault `edit-content-with-channel-accepted`.
  if (edit.content !== undefined && edit.streamId !== undefined && !faults.has('edit-content-with-channel-accepted')) {
    throw badRequest('Cannot change message content while changing channel');
  }
  const contentOnly = edit.topic === undefined && edit.streamId === undefined;
  // Fault `edit-content-propagate-accepted`.
  if (contentOnly && edit.mode !== 'change_one' && !faults.has('edit-content-propagate-accepted')) {
    throw invalidParam('propagate_mode', 'Invalid propagate_mode without topic edit');
  }
}

/** A direct message's content may be edited; `topic` and `stream_id` are "only for channel messages". */
function checkDirectMessageEdit({ faults }: Context, edit: Edit): void {
  // Fault `edit-direct-content-refused`.
  if (edit.content !== undefined && faults.has('edit-direct-content-refused')) {
    throw badRequest('Direct messages cannot be edited');
  }
  // Fault `edit-direct-topic-accepted`.
  if (edit.topic !== undefined && !faults.has('edit-direct-topic-accepted')) {
    throw badRequest('Direct messages cannot have topics');
  }
  // Fault `edit-direct-channel-accepted`.
  if (edit.streamId !== undefined && !faults.has('edit-direct-channel-accepted')) {
    throw badRequest('Direct messages cannot be moved to channels');
  }
}

/** The new content, once the content-edit rules allow it. */
function contentAfterEdit(ctx: Context, message: Message, raw: string): string {
  if (!editingAllowed(ctx)) throw badRequest('Your organization has turned off message editing');
  if (!mayEditContent(ctx, message)) throw badRequest("You don't have permission to edit this message");
  if (!contentEditWindowOpen(ctx, message)) throw badRequest('The time limit for editing this message has passed');
  if (!sameContentSeen(ctx, message)) throw badRequest('Message has been edited since you last saw it');
  // Fault `edit-long-content-kept`: over-long content is kept whole.
  return messageContent(raw, ctx.store, {
    truncate: !ctx.faults.has('edit-long-content-kept'),
  });
}

/** The realm's `allow_message_editing`. */
function editingAllowed({ store, faults }: Context): boolean {
  // Fault `edit-disabled-ignored`.
  return store.realm.allowMessageEditing || faults.has('edit-disabled-ignored');
}

/** A message's content is edited by its sender only. */
function mayEditContent({ user, faults }: Context, message: Message): boolean {
  // Fault `edit-others-content-allowed`.
  return message.senderId === user.id || faults.has('edit-others-content-allowed');
}

/** The realm's `message_content_edit_limit_seconds`. */
function contentEditWindowOpen({ store, faults }: Context, message: Message): boolean {
  // Fault `edit-content-limit-ignored`.
  return (
    !tooOld(store, message, store.realm.messageContentEditLimitSeconds) || faults.has('edit-content-limit-ignored')
  );
}

/** `prev_content_sha256`, when given, is the SHA-256 of the stored content. */
function sameContentSeen({ params, faults }: Context, message: Message): boolean {
  const expected = params.optStr('prev_content_sha256');
  // Fault `edit-prev-hash-ignored`.
  return expected === undefined || expected === sha256(message.content) || faults.has('edit-prev-hash-ignored');
}

/** The new content is stored, and the message's audience hears of it. */
function storeContent({ store, faults }: Context, message: Message, content: string): void {
  // Fault `edit-content-not-stored`.
  if (faults.has('edit-content-not-stored')) return;
  message.content = content;
  store.events.push(audienceOf(store, message), { type: 'update_message', message_id: message.id, content });
}

/** `detached_uploads`: the caller's files the old content linked and no message links any more. */
function detachedUploads(
  { store, user, faults }: Context,
  message: Message,
  before: string,
  content: string | undefined,
): Fields {
  // Fault `edit-detached-uploads-missing`.
  if (faults.has('edit-detached-uploads-missing')) return {};
  // Fault `edit-detached-upload-not-listed`.
  if (content === undefined || faults.has('edit-detached-upload-not-listed')) return { detached_uploads: [] };
  // Faults `edit-detached-upload-any-owner`, `edit-detached-upload-other-links-ignored`.
  const detached = detachedBy(store, user.id, before, {
    anyOwner: faults.has('edit-detached-upload-any-owner'),
    ...(faults.has('edit-detached-upload-other-links-ignored') ? { linking: [message] } : {}),
  });
  return { detached_uploads: detached };
}

/** Where the message goes, to which topic, and whether that resolves the topic; refused without permission. */
function planMove(ctx: Context, message: Message, edit: Edit): Move {
  const source = ctx.store.channelById(message.channelId!)!;
  const target = destinationChannel(ctx, source, edit.streamId);
  // Fault `sequence-channel-move-unresolves`: a move that names only the channel takes the topic unresolved.
  const kept =
    ctx.faults.has('sequence-channel-move-unresolves') && message.topic.startsWith(RESOLVED_PREFIX)
      ? message.topic.slice(RESOLVED_PREFIX.length)
      : message.topic;
  const topic = edit.topic === undefined ? kept : topicAfterEdit(ctx, edit.topic, target);
  const betweenChannels = target.id !== source.id;
  const resolution = betweenChannels ? undefined : resolutionOf(message.topic, topic);
  const move: Move = { source, target, topic, mode: edit.mode, betweenChannels, resolution };
  checkMovePermission(ctx, message, move);
  return move;
}

/** The channel named by `stream_id` (or the message's own): one the caller can read, not archived. */
function destinationChannel({ store, user }: Context, source: Channel, streamId: number | undefined): Channel {
  const target = streamId === undefined ? source : store.channelById(streamId);
  if (!target || target.isArchived || !canAccessChannelContent(store, user, target)) {
    throw invalidParam('stream_id', 'Invalid channel ID');
  }
  return target;
}

/** The new topic: the topic rule of the destination channel (the display name reads as the empty topic). */
function topicAfterEdit({ store, faults }: Context, raw: string, target: Channel): string {
  // Fault `edit-display-name-literal`: the display name is kept as a topic of its own.
  const literal = raw.trim() === store.realm.emptyTopicDisplayName && faults.has('edit-display-name-literal');
  // Fault `edit-topic-rule-ignored`: the new topic is only trimmed, never checked.
  if (literal || faults.has('edit-topic-rule-ignored')) return raw.trim();
  return channelTopic(raw, target, store, faults, EDIT_READING);
}

/** Whether a rename within a channel resolves the topic (`✔ ` + the topic) or unresolves it (back). */
function resolutionOf(before: string, after: string): Move['resolution'] {
  // The resolved form of the empty topic would be the prefix alone, trimmed.
  const resolved = before === '' ? RESOLVED_PREFIX.trim() : RESOLVED_PREFIX + before;
  if (after === resolved) return 'resolve';
  if (before === RESOLVED_PREFIX + after) return 'unresolve';
  return undefined;
}

/** The realm's group settings decide who may resolve topics, rename topics and move between channels. */
function checkMovePermission(ctx: Context, message: Message, move: Move): void {
  if (move.resolution) {
    if (!resolvable(ctx, message.topic)) throw badRequest('General chat cannot be marked as resolved');
    if (!mayResolveTopics(ctx)) throw badRequest("You don't have permission to resolve topics");
  } else if (move.topic !== message.topic && !mayMoveBetweenTopics(ctx)) {
    throw badRequest("You don't have permission to edit this message's topic");
  }
  if (move.betweenChannels && !mayMoveBetweenChannels(ctx))
    throw badRequest("You don't have permission to move this message");
}

/** The empty topic cannot be resolved. */
function resolvable({ faults }: Context, topic: string): boolean {
  // Fault `edit-empty-topic-resolvable`.
  return topic !== '' || faults.has('edit-empty-topic-resolvable');
}

/** The realm's `can_resolve_topics_group`. */
function mayResolveTopics(ctx: Context): boolean {
  // Fault `edit-resolve-group-ignored`.
  return inRealmGroup(ctx, 'can_resolve_topics_group') || ctx.faults.has('edit-resolve-group-ignored');
}

/** The realm's `can_move_messages_between_topics_group`. */
function mayMoveBetweenTopics(ctx: Context): boolean {
  // Fault `move-topic-group-ignored`.
  return inRealmGroup(ctx, 'can_move_messages_between_topics_group') || ctx.faults.has('move-topic-group-ignored');
}

/** The realm's `can_move_messages_between_channels_group`. */
function mayMoveBetweenChannels(ctx: Context): boolean {
  // Fault `move-channel-group-ignored`.
  return inRealmGroup(ctx, 'can_move_messages_between_channels_group') || ctx.faults.has('move-channel-group-ignored');
}

function inRealmGroup({ store, user }: Context, setting: string): boolean {
  return inGroupSetting(user, store.realm.groups[setting] ?? 0);
}

/** Moves the messages `propagate_mode` selects, within the move limits, and tells the message's audience. */
function moveMessages(ctx: Context, message: Message, move: Move): void {
  const { store } = ctx;
  const moved = messagesToMove(ctx, message, move);
  // Resolving and unresolving are exempt from the move limits, as in Zulip.
  if (!move.resolution) checkMoveLimit(ctx, message, moved, move);
  const origTopic = message.topic;
  const channelId = channelAfterMove(ctx, move);
  for (const m of moved) {
    // Fault `sequence-move-back-ignored`: a rename back to the topic a message was sent to leaves it where it is.
    const back = !move.resolution && same(move.topic, m.firstTopic) && !same(m.topic, m.firstTopic);
    if (back && ctx.faults.has('sequence-move-back-ignored')) continue;
    m.topic = move.topic;
    m.channelId = channelId;
  }
  store.events.push(audienceOf(store, message), {
    type: 'update_message',
    message_id: message.id,
    message_ids: moved.map((m) => m.id),
    propagate_mode: move.mode,
    stream_id: move.source.id,
    orig_subject: origTopic,
    subject: move.topic,
    ...(move.betweenChannels ? { new_stream_id: move.target.id } : {}),
  });
}

/** `change_one`: the target alone; `change_later`: the target and all following; `change_all`: the whole topic. */
function messagesToMove(ctx: Context, message: Message, move: Move): Message[] {
  // Fault `edit-resolve-target-only`: resolving moves only the target message.
  const targetOnly = move.resolution === 'resolve' && ctx.faults.has('edit-resolve-target-only');
  if (move.mode === 'change_one' || targetOnly) return [message];
  // Fault `sequence-change-later-by-first-topic`: from a message moved into its topic, change_later follows the
  // topic the message was sent to.
  const first = message.firstTopic;
  const byFirst =
    first !== undefined &&
    move.mode === 'change_later' &&
    !same(message.topic, first) &&
    ctx.faults.has('sequence-change-later-by-first-topic');
  let topic = byFirst
    ? [message, ...sameChannelTopic(ctx, message, first).filter((m) => m.seq > message.seq)]
    : topicMessages(ctx, message);
  // Fault `sequence-resolve-misses-moved-in`: resolving renames only the messages sent to the topic.
  if (move.resolution === 'resolve' && ctx.faults.has('sequence-resolve-misses-moved-in'))
    topic = topic.filter((m) => m === message || same(message.topic, m.firstTopic));
  // Fault `edit-change-later-moves-earlier`: change_later takes the whole topic.
  if (move.mode === 'change_later' && !ctx.faults.has('edit-change-later-moves-earlier')) {
    return topic.filter((m) => m.seq >= message.seq);
  }
  return topic;
}

/** The messages of the target's topic, oldest first: its channel's messages whose topic matches case-insensitively. */
function topicMessages({ store, faults }: Context, message: Message): Message[] {
  const lower = message.topic.toLowerCase();
  return [...store.messages.values()]
    .filter(
      (m) =>
        m.type === 'stream' &&
        // Fault `move-change-all-across-channels`: a topic is matched by name alone.
        (m.channelId === message.channelId || faults.has('move-change-all-across-channels')) &&
        m.topic.toLowerCase() === lower &&
        // Fault `sequence-propagation-misses-moved-in`: messages moved into the topic since are left behind.
        !(
          faults.has('sequence-propagation-misses-moved-in') &&
          m !== message &&
          m.firstTopic?.toLowerCase() !== lower
        ) &&
        // Fault `sequence-empty-topic-spellings-apart`: the empty topic is one topic per spelling it was sent in.
        !(
          faults.has('sequence-empty-topic-spellings-apart') &&
          lower === '' &&
          m !== message &&
          m.emptySpelling !== message.emptySpelling
        ),
    )
    .sort((a, b) => a.seq - b.seq);
}

/** The channel's messages in a topic (matched case-insensitively), oldest first. */
function sameChannelTopic({ store }: Context, message: Message, topic: string): Message[] {
  return [...store.messages.values()]
    .filter((m) => m.type === 'stream' && m.channelId === message.channelId && same(m.topic, topic))
    .sort((a, b) => a.seq - b.seq);
}

/** Topic names compare case-insensitively; a message sent before firstTopic was kept has none. */
const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

/** The channel the moved messages end in. */
function channelAfterMove({ faults }: Context, move: Move): number {
  // Fault `edit-channel-move-ignored`: the channel stays as it was.
  return faults.has('edit-channel-move-ignored') ? move.source.id : move.target.id;
}

/**
 * The realm's move limit (within or between channels) for users other than administrators and moderators: the
 * target's own age first (a plain error, as Zulip), then, for `change_all`, the rest of the topic.
 */
function checkMoveLimit(ctx: Context, message: Message, moved: Message[], move: Move): void {
  const { store } = ctx;
  if (exemptFromMoveLimits(ctx)) return;
  const limit = move.betweenChannels
    ? store.realm.moveMessagesBetweenStreamsLimitSeconds
    : store.realm.moveMessagesWithinStreamLimitSeconds;
  if (tooOld(store, message, limit)) {
    // Variant `move-too-old-specific-code`: the time-limit code, with nothing allowed to move.
    if (store.variants.has('move-too-old-specific-code')) throw moveTimeLimitExceeded(ctx, moved, []);
    throw badRequest("The time limit for editing this message's topic has passed");
  }
  if (move.mode !== 'change_all') return;
  // Fault `sequence-limit-misses-moved-in`: only the messages sent to the topic are held to the limit.
  const held = ctx.faults.has('sequence-limit-misses-moved-in')
    ? moved.filter((m) => m === message || same(message.topic, m.firstTopic))
    : moved;
  const allowed = held.filter((m) => !tooOld(store, m, limit));
  if (allowed.length !== held.length) throw moveTimeLimitExceeded(ctx, held, allowed);
}

/** Administrators and moderators are exempt from the move limits. */
function exemptFromMoveLimits({ user, faults }: Context): boolean {
  // Fault `edit-moderators-not-exempt`.
  if (user.role === ROLE.moderator && faults.has('edit-moderators-not-exempt')) return false;
  return user.role <= ROLE.moderator;
}

/** `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` with its three fields. */
function moveTimeLimitExceeded({ faults }: Context, moved: Message[], allowed: Message[]): ApiError {
  const extra: Record<string, unknown> = {
    first_message_id_allowed_to_move: allowed[0]?.id ?? null,
    total_messages_in_topic: moved.length,
    total_messages_allowed_to_move: allowed.length,
  };
  // Fault `edit-limit-allowed-missing`.
  if (faults.has('edit-limit-allowed-missing')) delete extra.total_messages_allowed_to_move;
  return new ApiError(
    400,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    'You only have permission to move the most recent messages',
    extra,
  );
}

/** Whether a message is older than `limit` seconds plus the store's grace. */
function tooOld(store: Store, message: Message, limit: number | null): boolean {
  if (limit === null) return false;
  const sentAt = message.sentAtMs ?? message.timestamp * 1000;
  return store.clock() - sentAt > (limit + store.editGraceSeconds) * 1000;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const editRoutes: readonly Route[] = [{ method: 'PATCH', path: '/messages/{message_id}', handler: editMessage }];
