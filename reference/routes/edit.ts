/**
 * PATCH /messages/{message_id}: content edits, topic and channel moves with the three propagate modes, resolving
 * topics, `prev_content_sha256`, and the realm's edit and move time limits (each with the store's grace added, as
 * Zulip adds 20 s). Moves send no notification messages (the contract leaves their content not shown).
 */
import { createHash } from 'node:crypto';
import { canAccessChannelContent } from '../core/channels.ts';
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, invalidParam } from '../core/errors.ts';
import { audienceOf, messageContent } from '../core/messages.ts';
import { type Message, ROLE, type User } from '../core/model.ts';
import { inGroupSetting } from '../core/realm.ts';
import type { Store } from '../core/store.ts';
import { channelTopic, EDIT_READING } from '../core/topics.ts';
import { visibleMessage } from './messages.ts';
import { detachedBy } from './uploads.ts';

export const RESOLVED_PREFIX = '✔ ';
const MODES = ['change_one', 'change_later', 'change_all'] as const;
type Mode = (typeof MODES)[number];

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Whether a message is older than `limit` seconds plus the store's grace. */
function tooOld(store: Store, message: Message, limit: number | null): boolean {
  if (limit === null) return false;
  const sentAt = message.sentAtMs ?? message.timestamp * 1000;
  return store.clock() - sentAt > (limit + store.editGraceSeconds) * 1000;
}

function editContent(ctx: Context, message: Message, raw: string): string {
  const { params, store, user, faults } = ctx;
  // Fault `edit-disabled-ignored`.
  if (!store.realm.allowMessageEditing && !faults.has('edit-disabled-ignored')) {
    throw badRequest('Your organization has turned off message editing');
  }
  // Fault `edit-others-content-allowed`.
  if (message.senderId !== user.id && !faults.has('edit-others-content-allowed')) {
    throw badRequest("You don't have permission to edit this message");
  }
  // Fault `edit-content-limit-ignored`.
  if (tooOld(store, message, store.realm.messageContentEditLimitSeconds) && !faults.has('edit-content-limit-ignored')) {
    throw badRequest('The time limit for editing this message has passed');
  }
  const expected = params.optStr('prev_content_sha256');
  // Fault `edit-prev-hash-ignored`.
  if (expected !== undefined && expected !== sha256(message.content) && !faults.has('edit-prev-hash-ignored')) {
    throw badRequest('Message has been edited since you last saw it');
  }
  return messageContent(raw, faults);
}

/** The messages a move takes along: the target alone, the target and later ones, or the whole topic. */
function selection(store: Store, message: Message, mode: Mode, ctx: Context): Message[] {
  if (mode === 'change_one') return [message];
  const lower = message.topic.toLowerCase();
  const topic = [...store.messages.values()]
    .filter(
      (m) =>
        m.type === 'stream' &&
        // Fault `move-change-all-across-channels`: a topic is matched by name alone.
        (m.channelId === message.channelId || ctx.faults.has('move-change-all-across-channels')) &&
        m.topic.toLowerCase() === lower,
    )
    .sort((a, b) => a.id - b.id);
  // Fault `edit-change-later-moves-earlier`: change_later takes the whole topic.
  if (mode === 'change_later' && !ctx.faults.has('edit-change-later-moves-earlier')) {
    return topic.filter((m) => m.id >= message.id);
  }
  return topic;
}

function mayMove(user: User, ctx: Context, setting: string): boolean {
  return inGroupSetting(user, ctx.store.realm.groups[setting] ?? 0);
}

/** Administrators and moderators are exempt from the move limits. */
function exempt(user: User, ctx: Context): boolean {
  // Fault `edit-moderators-not-exempt`.
  if (user.role === ROLE.moderator && ctx.faults.has('edit-moderators-not-exempt')) return false;
  return user.role <= ROLE.moderator;
}

function checkMoveLimit(ctx: Context, message: Message, moved: Message[], mode: Mode, betweenChannels: boolean) {
  const { store, user, faults } = ctx;
  if (exempt(user, ctx)) return;
  const realm = store.realm;
  const limit = betweenChannels
    ? realm.moveMessagesBetweenStreamsLimitSeconds
    : realm.moveMessagesWithinStreamLimitSeconds;
  // As Zulip: the target's own age first (a plain error), then the rest of the topic for change_all.
  if (tooOld(store, message, limit)) throw badRequest("The time limit for editing this message's topic has passed");
  if (mode !== 'change_all') return;
  const allowed = moved.filter((m) => !tooOld(store, m, limit));
  if (allowed.length === moved.length) return;
  const extra: Record<string, unknown> = {
    first_message_id_allowed_to_move: allowed[0]?.id ?? null,
    total_messages_in_topic: moved.length,
    total_messages_allowed_to_move: allowed.length,
  };
  // Fault `edit-limit-allowed-missing`.
  if (faults.has('edit-limit-allowed-missing')) delete extra.total_messages_allowed_to_move;
  throw new ApiError(
    400,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    'You only have permission to move the most recent messages',
    extra,
  );
}

function editMessage(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  const message = visibleMessage(ctx);
  const rawTopic = params.optStr('topic') ?? params.optStr('subject');
  const rawMode = params.optStr('propagate_mode') ?? 'change_one';
  if (!(MODES as readonly string[]).includes(rawMode)) throw invalidParam('propagate_mode', 'Invalid propagate_mode');
  const mode = rawMode as Mode;
  params.optBool('send_notification_to_old_thread');
  params.optBool('send_notification_to_new_thread');
  const rawContent = params.optStr('content');
  const streamId = params.optInt('stream_id');
  if (rawTopic === undefined && rawContent === undefined && streamId === undefined)
    throw badRequest('Nothing to change');
  // Fault `edit-content-with-channel-accepted`.
  if (rawContent !== undefined && streamId !== undefined && !faults.has('edit-content-with-channel-accepted')) {
    throw badRequest('Cannot change message content while changing channel');
  }
  const contentOnly = rawTopic === undefined && streamId === undefined;
  // Fault `edit-content-propagate-accepted`.
  if (contentOnly && mode !== 'change_one' && !faults.has('edit-content-propagate-accepted')) {
    throw invalidParam('propagate_mode', 'Invalid propagate_mode without topic edit');
  }
  if (message.type === 'private') {
    // Fault `edit-direct-content-refused`.
    if (rawContent !== undefined && faults.has('edit-direct-content-refused')) {
      throw badRequest('Direct messages cannot be edited');
    }
    // Fault `edit-direct-topic-accepted`.
    if (rawTopic !== undefined && !faults.has('edit-direct-topic-accepted')) {
      throw badRequest('Direct messages cannot have topics');
    }
    // Fault `edit-direct-channel-accepted`.
    if (streamId !== undefined && !faults.has('edit-direct-channel-accepted')) {
      throw badRequest('Direct messages cannot be moved to channels');
    }
  }
  const content = rawContent === undefined ? undefined : editContent(ctx, message, rawContent);

  if (message.type === 'stream' && (rawTopic !== undefined || streamId !== undefined)) {
    const source = store.channelById(message.channelId!)!;
    const target = streamId === undefined ? source : store.channelById(streamId);
    if (!target || target.isArchived || !canAccessChannelContent(store, user, target)) {
      throw invalidParam('stream_id', 'Invalid channel ID');
    }
    // Fault `edit-display-name-literal`: the display name is kept as a topic of its own.
    const literal = rawTopic?.trim() === store.realm.emptyTopicDisplayName && faults.has('edit-display-name-literal');
    // Fault `edit-topic-rule-ignored`: the new topic is only trimmed, never checked.
    const unchecked = literal || faults.has('edit-topic-rule-ignored');
    const topic =
      rawTopic === undefined
        ? message.topic
        : unchecked
          ? rawTopic.trim()
          : channelTopic(rawTopic, target, store, faults, EDIT_READING);
    const betweenChannels = target.id !== source.id;
    // The resolved form of the empty topic would be the prefix alone, trimmed.
    const resolvedForm = (name: string) => (name === '' ? RESOLVED_PREFIX.trim() : RESOLVED_PREFIX + name);
    const resolving = !betweenChannels && topic === resolvedForm(message.topic);
    const unresolving = !betweenChannels && message.topic === RESOLVED_PREFIX + topic;
    if (resolving || unresolving) {
      // Fault `edit-empty-topic-resolvable`.
      if (message.topic === '' && !faults.has('edit-empty-topic-resolvable')) {
        throw badRequest('General chat cannot be marked as resolved');
      }
      // Fault `edit-resolve-group-ignored`.
      if (!mayMove(user, ctx, 'can_resolve_topics_group') && !faults.has('edit-resolve-group-ignored')) {
        throw badRequest("You don't have permission to resolve topics");
      }
    } else if (
      topic !== message.topic &&
      !mayMove(user, ctx, 'can_move_messages_between_topics_group') &&
      // Fault `move-topic-group-ignored`.
      !faults.has('move-topic-group-ignored')
    ) {
      throw badRequest("You don't have permission to edit this message's topic");
    }
    // Fault `move-channel-group-ignored`.
    if (
      betweenChannels &&
      !mayMove(user, ctx, 'can_move_messages_between_channels_group') &&
      !faults.has('move-channel-group-ignored')
    ) {
      throw badRequest("You don't have permission to move this message");
    }
    let moved = selection(store, message, mode, ctx);
    // Fault `edit-resolve-target-only`: resolving moves only the target message.
    if (resolving && faults.has('edit-resolve-target-only')) moved = [message];
    // Resolving and unresolving are exempt from the move limits, as in Zulip.
    if (!resolving && !unresolving) checkMoveLimit(ctx, message, moved, mode, betweenChannels);
    const origTopic = message.topic;
    // Fault `edit-channel-move-ignored`: the channel stays as it was.
    const destination = faults.has('edit-channel-move-ignored') ? source.id : target.id;
    for (const m of moved) {
      m.topic = topic;
      m.channelId = destination;
    }
    store.events.push(audienceOf(store, message), {
      type: 'update_message',
      message_id: message.id,
      message_ids: moved.map((m) => m.id),
      propagate_mode: mode,
      stream_id: source.id,
      orig_subject: origTopic,
      subject: topic,
      ...(betweenChannels ? { new_stream_id: target.id } : {}),
    });
  }
  const before = message.content;
  // Fault `edit-content-not-stored`.
  if (content !== undefined && !faults.has('edit-content-not-stored')) {
    message.content = content;
    store.events.push(audienceOf(store, message), { type: 'update_message', message_id: message.id, content });
  }
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

export const editRoutes: readonly Route[] = [{ method: 'PATCH', path: '/messages/{message_id}', handler: editMessage }];
