// PATCH /messages/{message_id}: topic moves and resolving — contract: 3. Edit a message (topic, propagate_mode),
// Conventions (topic rule: the empty-topic display name), States and transitions (topic unresolved → resolved).
// The resolve checks share this file so that EDIT-RESOLVE-003's change of can_resolve_topics_group never overlaps
// another resolve (GROUP-DEACTIVATE-007, which changes that setting too, takes turns with it: setRealm). Moves by
// the member act on messages sent moments before (freshMoves: no rate-limit wait between), inside any move limit.
import fc from 'fast-check';
import { isStoredEmpty, mayBeOneTopic } from '../../helpers/arbitraries/topic-rule.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { distinctRuns, onceEach } from '../../helpers/checks/distinct.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { Unsupported } from '../../helpers/errors.ts';
import type { Role } from '../../helpers/roles.ts';
import {
  edit,
  exemptMover,
  exemptMovers,
  freshMoves,
  movers,
  placesOf,
  QUIET,
  RESOLVED_PREFIX,
  sendMany,
  setRealm,
} from './edit.ts';
import {
  contentOf,
  mustSend,
  ownChannel,
  readMessage,
  sharedChannel,
  sharedChannelPair,
  topicEnv,
} from './messages.ts';
import { permit } from './permitted.ts';
import { assertTopicRule } from './topic-rule-property.ts';

const { group, check } = checksIn(import.meta.url);

/**
 * The exempt movers allowed to move topics: their exemption is from the move limits, not a permission to move, which
 * is the realm's can_move_messages_between_topics_group (permit).
 */
const exemptMoversAllowed = (ctx: CheckContext) =>
  permit(ctx, 'can_move_messages_between_topics_group', exemptMovers(ctx), 'move messages between topics');

const MODES = ['change_one', 'change_later', 'change_all', undefined] as const;
/**
 * Who sends the messages an exempt mover moves (set-up: exemptMover): an assistant, subscribed, without a moderator's
 * rights (nor an administrator's), so that the moves are of an ordinary account's messages.
 */
const SENDERS = { besides: ['moderator', 'admin', 'owner'] } as const;

/** The longest topic EDIT-TOPIC-002 moves from: with each position in it and each mode, 40 cases in all. */
const LONGEST = 4;
const MOVE_CASES = MODES.length * ((LONGEST * (LONGEST + 1)) / 2);

group('PATCH /messages/{message_id}: topics', () => {
  sharesState('realm-edit-settings');

  check('EDIT-TOPIC-001', 'MUST refuse a topic for a direct message', { section: '3. Edit a message' }, async (ctx) => {
    const id = await mustSend(ctx, 'member', {
      type: directType(ctx),
      to: [ctx.account('member2').userId],
      content: contentOf(ctx, 'a direct message'),
    });
    const res = await edit(ctx, 'member', id, { topic: ctx.unique('topic'), ...QUIET });
    expectErrorEnvelope(res, 'a topic for a direct message');
  });

  check(
    'EDIT-TOPIC-002',
    'MUST move exactly the target (change_one), the target and later messages (change_later) or the whole topic (change_all)',
    { section: '3. Edit a message' },
    async (ctx) => {
      // Who sent the topic's messages does not matter to propagate_mode: each case's sender is drawn from the set-up
      // assistants, and whoever is lightest then reads the messages back (all subscribed to the run's shared channel).
      await exemptMoversAllowed(ctx);
      const channel = await sharedChannel(ctx);
      const history = fc.record({
        n: fc.integer({ min: 1, max: LONGEST }),
        at: fc.nat(),
        mode: fc.constantFrom(...MODES),
        sender: ctx.draw('assistant', SENDERS),
      });
      // Each case once: the profile's runs drawn at random would repeat some of so few (helpers/checks/distinct.ts).
      // The sender does not matter to the move: not part of the case.
      const once = onceEach();
      await fc.assert(
        fc.asyncProperty(history, async ({ n, at, mode, sender }) => {
          const target = at % n;
          once(`${n} ${target} ${mode}`);
          const from = ctx.unique('from');
          const to = ctx.unique('to');
          const ids = await sendMany(ctx, channel, from, n, sender);
          // A moderator or an administrator moves the messages: they are exempt from the move limits, which another
          // check shrinks meanwhile (EDIT-LIMIT-001).
          const res = await edit(ctx, exemptMover(ctx), ids[target]!, { topic: to, propagate_mode: mode, ...QUIET });
          const what = `${mode ?? 'no propagate_mode (change_one)'} at message ${target + 1} of ${n} sent by the ${sender}`;
          expectSuccess(res, what);
          const places = await placesOf(ctx, ids, ctx.someone('anyone'));
          ids.forEach((id, i) => {
            const moves = mode === 'change_all' || i === target || (mode === 'change_later' && i > target);
            const want = `${channel.id} / ${JSON.stringify(moves ? to : from)}`;
            if (places.get(id) !== want) {
              fail(res, `${what}: wanted message ${i + 1} at ${want}; it is at ${places.get(id)}`);
            }
          });
        }),
        ctx.property({ numRuns: distinctRuns(ctx.property().numRuns, MOVE_CASES) }),
      );
    },
  );

  check(
    'EDIT-TOPIC-003',
    "MUST read a new topic equal to the realm's empty-topic display name as the empty topic",
    { section: '3. Edit a message; Conventions', since: 334 },
    async (ctx) => {
      const env = topicEnv(ctx);
      if (!env.displayName) throw new Unsupported('the target reports no realm_empty_topic_display_name');
      await exemptMoversAllowed(ctx);
      // The exempt mover's move is under test; the messages are set-up, sent and read back by an assistant account.
      const sender = ctx.someone('assistant', SENDERS);
      const channel = await sharedChannel(ctx, { policy: 'allow_empty_topic' });
      const id = await mustSend(ctx, sender, {
        type: 'stream',
        to: channel.id,
        topic: ctx.unique('named'),
        content: contentOf(ctx, 'moved to the empty topic'),
      });
      const res = await edit(ctx, exemptMover(ctx), id, { topic: env.displayName, ...QUIET });
      expectSuccess(res, `a move to the empty-topic display name ${JSON.stringify(env.displayName)}`);
      // A read-back may show the empty topic as "" or as the display name: compare with a message sent to "".
      const empty = await mustSend(ctx, sender, {
        type: 'stream',
        to: channel.id,
        topic: '',
        content: contentOf(ctx, 'e'),
      });
      const emptyForm = (await readMessage(ctx, sender, empty)).topic;
      const stored = (await readMessage(ctx, sender, id)).topic;
      if (!isStoredEmpty(stored, env) || stored !== emptyForm) {
        fail(
          res,
          `wanted the message in the empty topic (read back as ${JSON.stringify(emptyForm)}); it is in ${JSON.stringify(stored)}`,
        );
      }
    },
  );

  check(
    'EDIT-TOPIC-004',
    'MUST apply the topic rule and max_topic_length to a new topic (the empty topic only where the channel allows it; over-long topics refused or truncated)',
    { section: '3. Edit a message; Conventions; Limits' },
    async (ctx) => {
      // One message a channel, moved from case to case: a move is judged by its answer and the topic read back, which
      // the message's earlier moves do not change. A fresh one where the case's topic may be the message's own (a
      // move that changes nothing may be refused as such), or where its topic is not known (a failed case's).
      const env = topicEnv(ctx, null);
      await exemptMoversAllowed(ctx);
      const moving = new Map<number, { id: number; sender: Role; topic: string | undefined }>();
      await assertTopicRule(ctx, {
        // The exempt mover's move is under test; the message it moves may come from any assistant (setup).
        senders: ctx.everyone('assistant', SENDERS),
        lead: 'a move to ',
        // The edit's topic parameter reads only the display name as the empty topic: "(no topic)" either way (Zulip
        // stores it as written).
        noTopicSince: null,
        attempt: async ({ channel, topic, sender }) => {
          let held = moving.get(channel.id);
          if (held?.topic === undefined || mayBeOneTopic(held.topic, topic, env)) {
            const named = ctx.unique('named');
            const params = { type: 'stream', to: channel.id, topic: named, content: contentOf(ctx, 'topic rule') };
            held = { id: await mustSend(ctx, sender, params), sender, topic: named };
            moving.set(channel.id, held);
          }
          const message = held;
          const res = await edit(ctx, exemptMover(ctx), message.id, { topic, ...QUIET });
          if (res.body?.result === 'success') message.topic = undefined;
          return {
            res,
            stored: async () => {
              const stored = (await readMessage(ctx, message.sender, message.id)).topic;
              if (typeof stored === 'string') message.topic = stored;
              return stored;
            },
          };
        },
      });
    },
  );

  check(
    'EDIT-RESOLVE-001',
    'MUST resolve a topic (every message renamed to the prefix "✔ " and the original name) on a change_all edit to that name',
    { section: '3. Edit a message; States and transitions' },
    async (ctx) => {
      // A resolve is a move to the contract's words, which a target may hold to the move limit (Zulip does not): a
      // moderator or an administrator resolves, exempt from the limits. The topic's messages are set-up, sent and read
      // back by an assistant, in the run's shared channel.
      await permit(ctx, 'can_resolve_topics_group', exemptMovers(ctx), 'resolve topics');
      const sender = ctx.someone('assistant', SENDERS);
      const topic = ctx.unique('unresolved');
      const ids = await sendMany(ctx, await sharedChannel(ctx), topic, 3, sender);
      const resolved = RESOLVED_PREFIX + topic;
      const res = await edit(ctx, exemptMover(ctx), ids[1]!, {
        topic: resolved,
        propagate_mode: 'change_all',
        ...QUIET,
      });
      expectSuccess(res, 'resolving a topic (change_all to the prefix "✔ " and the topic)');
      for (const [i, id] of ids.entries()) {
        const stored = (await readMessage(ctx, sender, id)).topic;
        if (stored !== resolved)
          fail(res, `wanted message ${i + 1} of 3 in ${JSON.stringify(resolved)}; it is in ${JSON.stringify(stored)}`);
      }
    },
  );

  check(
    'EDIT-RESOLVE-002',
    'MUST refuse to resolve the empty-string topic',
    { section: 'States and transitions', since: 334 },
    async (ctx) => {
      // The member must be allowed to resolve (the realm's can_resolve_topics_group), shown by the control: a named
      // topic of the same channel resolved by the same request. Else the refusal below may be the permission's.
      await permit(ctx, 'can_resolve_topics_group', ['member'], 'resolve topics');
      const channel = await ownChannel(ctx, { policy: 'allow_empty_topic' });
      const named = ctx.unique('named');
      const [control] = await sendMany(ctx, channel, named, 1);
      expectSuccess(
        await edit(ctx, 'member', control!, { topic: RESOLVED_PREFIX + named, propagate_mode: 'change_all', ...QUIET }),
        'resolving a named topic of the same channel (the control)',
      );
      const id = await mustSend(ctx, 'member', {
        type: 'stream',
        to: channel.id,
        topic: '',
        content: contentOf(ctx, 'x'),
      });
      const res = await edit(ctx, 'member', id, { topic: RESOLVED_PREFIX, propagate_mode: 'change_all', ...QUIET });
      expectErrorEnvelope(res, 'resolving the empty topic (the prefix "✔ " followed by the empty string)');
      const stored = (await readMessage(ctx, 'member', id)).topic;
      if (!isStoredEmpty(stored, topicEnv(ctx)))
        fail(res, `the refused edit moved the message to ${JSON.stringify(stored)}`);
    },
  );

  check(
    'EDIT-TOPIC-005',
    'MUST refuse a topic move by a caller outside can_move_messages_between_topics_group',
    { section: '3. Edit a message', since: 316 },
    async (ctx) => {
      // Everyone the other checks move topics as, but not the second member: no concurrent move is refused.
      await setRealm(ctx, {
        can_move_messages_between_topics_group: movers(ctx, ['owner', 'admin', 'moderator', 'member']),
      });
      await freshMoves(ctx, { roles: ['member', 'member2'], requests: 3 }, async ({ mustMove }) => {
        const topic = ctx.unique('fenced');
        const [id] = await sendMany(ctx, ctx.channel(), topic, 1);
        const move = { topic: ctx.unique('moved'), propagate_mode: 'change_one', ...QUIET };
        const refused = await edit(ctx, 'member2', id!, move);
        expectErrorEnvelope(refused, 'a topic move by a user outside can_move_messages_between_topics_group');
        const stored = (await readMessage(ctx, 'member', id!)).topic;
        if (stored !== topic) fail(refused, `the refused move left the message in ${JSON.stringify(stored)}`);
        mustMove(await edit(ctx, 'member', id!, move), "the same move by the group's member");
      });
    },
  );

  check(
    'EDIT-TOPIC-006',
    "MUST move with change_all only the topic of the message's own channel, not a same-named topic elsewhere",
    { section: '3. Edit a message' },
    async (ctx) => {
      // The same topic name in both of the run's shared channels: a topic is a channel's, so change_all stays in
      // one. Its messages are set-up, sent and read back by an assistant.
      await exemptMoversAllowed(ctx);
      const [here, there] = await sharedChannelPair(ctx);
      const sender = ctx.someone('assistant', SENDERS);
      const topic = ctx.unique('twin');
      const ids = await sendMany(ctx, here, topic, 2, sender);
      const [elsewhere] = await sendMany(ctx, there, topic, 1, sender);
      const moved = ctx.unique('moved');
      // A moderator or an administrator moves: exempt from the move limits that EDIT-LIMIT-001 shrinks meanwhile.
      const res = await edit(ctx, exemptMover(ctx), ids[0]!, { topic: moved, propagate_mode: 'change_all', ...QUIET });
      expectSuccess(res, 'a change_all topic move');
      const places = await placesOf(ctx, [...ids, elsewhere!], sender);
      for (const id of ids)
        if (places.get(id) !== `${here.id} / ${JSON.stringify(moved)}`)
          fail(res, `wanted message ${id} moved to ${JSON.stringify(moved)}; it is at ${places.get(id)}`);
      if (places.get(elsewhere!) !== `${there.id} / ${JSON.stringify(topic)}`)
        fail(
          res,
          `wanted the same-named topic of the other channel left alone; its message is at ${places.get(elsewhere!)}`,
        );
    },
  );

  check(
    'EDIT-RESOLVE-003',
    'MUST refuse to resolve a topic for a caller outside can_resolve_topics_group',
    { section: '3. Edit a message; States and transitions', since: 367 },
    async (ctx) => {
      // Only the administrator may resolve: a group setting of one direct member, portable across servers.
      const admin = ctx.account('admin').userId;
      await setRealm(ctx, { can_resolve_topics_group: { direct_members: [admin], direct_subgroups: [] } });
      const topic = ctx.unique('resolvable');
      const [id] = await sendMany(ctx, ctx.channel(), topic, 1);
      const resolved = { topic: RESOLVED_PREFIX + topic, propagate_mode: 'change_all', ...QUIET };
      const refused = await edit(ctx, 'member', id!, resolved);
      expectErrorEnvelope(refused, 'resolving a topic by a member outside can_resolve_topics_group');
      const stored = (await readMessage(ctx, 'member', id!)).topic;
      if (stored !== topic) fail(refused, `the refused edit moved the message to ${JSON.stringify(stored)}`);
      expectSuccess(await edit(ctx, 'admin', id!, resolved), "resolving the same topic by the group's member");
    },
  );
});
