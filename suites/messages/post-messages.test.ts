// POST /messages — contract: "1. Send a message", the Message resource, Errors, Versioning (174, 248).
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { expectError, expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import { contentOf, readMessage, send, sharedChannel } from './messages.ts';

const { group, check } = checksIn(import.meta.url);

/** A channel ID no target hands out in a test realm (the suite never depends on real ids). */
const NO_SUCH_ID = 2_147_483_000;

const direct = (ctx: CheckContext, type: string, to: unknown, extra: Record<string, unknown> = {}) =>
  send(ctx, 'member', { type, to: to as number[], content: contentOf(ctx, `${type} message`), ...extra });

/** The user ids of a direct message's display_recipient, sorted (a multiset); undefined when it lists none. */
function recipientIds(message: any): number[] | undefined {
  const users = message?.display_recipient;
  if (!Array.isArray(users) || !users.every((u) => isInt(u?.id))) return undefined;
  return users.map((u) => u.id as number).sort((a, b) => a - b);
}

/** STREAM_DOES_NOT_EXIST names the channel HTML-escaped on real Zulip (TARGET.md): compare unescaped. */
const unescapeHtml = (s: unknown) =>
  typeof s === 'string'
    ? s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&')
    : s;

group('POST /messages', () => {
  check(
    'MSG-SEND-001',
    'MUST accept a direct message (type "direct", to a list of user IDs) and return its integer id',
    { section: '1. Send a message; Resources › Message', since: 174, exercisesOperation: true },
    async (ctx) => {
      const res = await direct(ctx, 'direct', [ctx.account('member2').userId]);
      const { id } = expectSuccess(res, 'a direct message to a list of user IDs');
      if (!isInt(id)) fail(res, 'wanted id to be an integer');
    },
  );

  check(
    'MSG-SEND-002',
    'MUST accept type "private" as the deprecated name of "direct"',
    { section: '1. Send a message; Resources › Message; Versioning', deprecatedAt: 174 },
    async (ctx) => {
      expectSuccess(await direct(ctx, 'private', [ctx.account('member2').userId]), 'a message of type "private"');
    },
  );

  check(
    'MSG-SEND-003',
    'MUST accept type "channel" as an alias of "stream"',
    { section: '1. Send a message; Resources › Message; Versioning', since: 248 },
    async (ctx) => {
      const channel = ctx.channel();
      const res = await send(ctx, 'member', {
        type: 'channel',
        to: channel.name,
        topic: ctx.unique('topic'),
        content: contentOf(ctx, 'channel alias'),
      });
      const { id } = expectSuccess(res, 'a message of type "channel"');
      const stored = await readMessage(ctx, 'member', Number(id));
      if (stored.stream_id !== channel.id) fail(res, `wanted the message in channel ${channel.id}`);
    },
  );

  check(
    'MSG-SEND-004',
    'MUST accept a channel message whose to is the channel name or the channel ID, and post it to that channel',
    { section: '1. Send a message' },
    async (ctx) => {
      // Any account no policy exempts sends alike, in the run's shared channel (every account subscribed): whoever
      // has budget.
      const channel = await sharedChannel(ctx);
      const sender = ctx.someone('unprivileged');
      // `to` as the name (a plain string) and as the ID (an integer, JSON-encoded by the convention).
      for (const to of [channel.name, channel.id]) {
        const res = await send(ctx, sender, {
          type: 'stream',
          to,
          topic: ctx.unique('topic'),
          content: contentOf(ctx, 'by name or id'),
        });
        const { id } = expectSuccess(res, `a channel message to ${JSON.stringify(to)}`);
        const stored = await readMessage(ctx, sender, Number(id));
        if (stored.stream_id !== channel.id) fail(res, `wanted the message in channel ${channel.id}`);
      }
    },
  );

  check(
    'MSG-SEND-005',
    'MUST accept a direct message whose to is a list of API email addresses',
    { section: '1. Send a message' },
    async (ctx) => {
      // The API email (the user object's `email`), not the login address: Zulip shows a hidden address as
      // `user<ID>@<host>` and refuses the login address as a recipient. No check changes the second member's setting.
      const res = await direct(ctx, directType(ctx), [ctx.account('member2').apiEmail]);
      expectSuccess(res, 'a direct message to a list of emails');
      const seen = await ctx.member2.get(`/messages/${res.body.id}`);
      if (seen.body?.result !== 'success') fail(seen, 'wanted the recipient to be able to read the message');
    },
  );

  check(
    'MSG-SEND-006',
    "MUST ignore the sender in the recipient list unless the sender is the only recipient: the message lands in the conversation it would without the sender, or in the sender's own when alone",
    { section: '1. Send a message' },
    async (ctx) => {
      const me = ctx.account('member').userId;
      const other = ctx.account('member2').userId;
      // The control: the same conversation addressed without the sender. Which conversation a message lands in is
      // read back (its display_recipient users, compared as a multiset: their order and other fields are not ours).
      const sent = async (to: number[], what: string) => {
        const res = await direct(ctx, directType(ctx), to);
        const { id } = expectSuccess(res, what);
        return { res, users: recipientIds(await readMessage(ctx, 'member', Number(id))) };
      };
      const control = await sent([other], 'a direct message without the sender in the recipients');
      const withSelf = await sent([me, other], 'a direct message whose recipients include the sender');
      const alone = await sent([me], 'a direct message to the sender alone');
      if (control.users === undefined || withSelf.users === undefined || alone.users === undefined) {
        // The read-back names no recipients (TARGET.md relies on none): the other recipient must still get it.
        ctx.note('the message read-back carries no display_recipient list of users: judged by who can read it');
        const seen = await ctx.member2.get(`/messages/${withSelf.res.body.id}`);
        if (seen.body?.result !== 'success') fail(seen, 'wanted the other recipient able to read the message');
        return;
      }
      if (withSelf.users.join() !== control.users.join())
        fail(
          withSelf.res,
          `wanted the conversation of the same message sent without the sender (users ${control.users}); read back users ${withSelf.users}`,
        );
      if (alone.users.join() !== String(me))
        fail(alone.res, `wanted the sender's own conversation (user ${me}) when alone; read back users ${alone.users}`);
    },
  );

  check(
    'MSG-SEND-007',
    'MUST refuse an unknown channel name with STREAM_DOES_NOT_EXIST and stream equal to the name given',
    { section: '1. Send a message; Errors' },
    async (ctx) => {
      const name = `${ctx.unique('no-such-channel')} <&>`;
      const res = await send(ctx, 'member', { type: 'stream', to: name, topic: 'x', content: contentOf(ctx, 'x') });
      const body = expectError(res, 'STREAM_DOES_NOT_EXIST', 'a message to an unknown channel name');
      if (unescapeHtml(body.stream) !== name) fail(res, `wanted stream ${JSON.stringify(name)} in the error`);
    },
  );

  check(
    'MSG-SEND-016',
    'MUST refuse an unknown channel ID with STREAM_DOES_NOT_EXIST, naming it in stream_id or stream',
    { section: '1. Send a message; Errors' },
    async (ctx) => {
      const res = await send(ctx, 'member', {
        type: 'stream',
        to: NO_SUCH_ID,
        topic: 'x',
        content: contentOf(ctx, 'x'),
      });
      const body = expectError(res, 'STREAM_DOES_NOT_EXIST', 'a message to an unknown channel ID');
      // Operation 1 names the channel in `stream`, "the name given"; the Errors table gives `stream` or `stream_id`: an
      // ID given is named by either, as an integer in stream_id or as given in stream.
      const named = Number(body.stream_id) === NO_SUCH_ID || String(body.stream) === String(NO_SUCH_ID);
      if (!named) fail(res, `wanted the ID ${NO_SUCH_ID} named in stream_id or stream`);
    },
  );

  check(
    'MSG-SEND-017',
    'MUST refuse a channel message without a topic',
    { section: '1. Send a message' },
    async (ctx) => {
      const res = await send(ctx, 'member', { type: 'stream', to: ctx.channel().name, content: contentOf(ctx, 'x') });
      // "Missing parameter" is BAD_REQUEST in the contract's table; a finer code (REQUEST_VARIABLE_MISSING) refines it.
      expectError(res, undefined, 'a channel message without topic');
      ctx.note(`code for a missing topic: ${res.body?.code}`);
    },
  );

  check(
    'MSG-SEND-018',
    'MUST refuse a type other than direct, channel, stream and private',
    { section: '1. Send a message; Resources › Message' },
    async (ctx) => {
      // Near misses of the four names: what a server that matches loosely (prefix, case, any string) would let through.
      for (const type of ['dm', 'Stream', 'channels', '']) {
        const res = await send(ctx, 'member', {
          type,
          to: ctx.channel().name,
          topic: 'x',
          content: contentOf(ctx, 'x'),
        });
        expectError(res, undefined, `a message of type ${JSON.stringify(type)}`);
      }
    },
  );

  check(
    'MSG-SEND-008',
    'MUST refuse a direct message to an invalid email with BAD_REQUEST',
    { section: '1. Send a message; Errors' },
    async (ctx) => {
      const invalid = `${ctx.unique('nobody')}@example.invalid`;
      // The valid recipient is named by its API email, the address recipients are known by (not the login).
      for (const to of [[invalid], [ctx.account('member2').apiEmail, invalid]]) {
        expectError(await direct(ctx, directType(ctx), to), 'BAD_REQUEST', `a direct message to ${JSON.stringify(to)}`);
      }
    },
  );

  check('MSG-SEND-009', 'MUST ignore the topic of a direct message', { section: '1. Send a message' }, async (ctx) => {
    const to = [ctx.account('member2').userId];
    for (const topic of [ctx.unique('ignored topic'), '']) {
      const res = await direct(ctx, directType(ctx), to, { topic });
      expectSuccess(res, `a direct message with topic ${JSON.stringify(topic)}`);
    }
  });
});
