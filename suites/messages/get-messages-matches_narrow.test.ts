// GET /messages/matches_narrow — contract: "5. Check messages against a narrow", the Narrow resource.
// Operators and operand formats are "not shown" ("beyond the operator/operand pair"): the contract gives no
// operator a name or a meaning. What it fixes is the answer: `messages` keyed by message ID, only for messages
// that match, values match_content (HTML; search matches highlighted) and match_subject (the topic HTML-escaped).
// MSG-NARROW-004 judges only that. MSG-NARROW-001 to -003 need a message to match, so they assume, openly, the
// classic operators the contract's own words imply: a narrow to a channel, to a topic, and a search narrow ("for a
// search narrow"), in the forms the target takes (./narrows.ts, learnt once a run: one it refuses makes the checks
// that need it skipped-unsupported). Operands differ in more than letter case.
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { distinctRuns, onceEach } from '../../helpers/checks/distinct.ts';
import { registerQueue } from '../../helpers/checks/events.ts';
import { expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { HarnessError, Unsupported } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { contentOf, mustSend, type OwnChannel, sharedChannelPair } from './messages.ts';
import {
  anyTerm,
  channelTerm,
  channelTerms,
  type Narrow,
  narrowForms,
  searchTerm,
  type Term,
  topicTerm,
} from './narrows.ts';

const { group, check } = checksIn(import.meta.url);

async function matchesNarrow(ctx: CheckContext, ids: number[], narrow: Narrow, caller: Role = 'member') {
  const res = await ctx.as(caller).get('/messages/matches_narrow', { msg_ids: ids, narrow });
  const body = expectSuccess(res, `matches_narrow with ${JSON.stringify(narrow)}`);
  if (body.messages === null || typeof body.messages !== 'object') fail(res, 'wanted messages to be an object');
  return { res, messages: body.messages as Record<string, any> };
}

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** HTML text back to plain text: the named entities of escaping, and numeric ones. */
const unescaped = (html: string) =>
  html.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (_, dec, hex, name: string | undefined) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name!.toLowerCase() as 'amp'];
  });
/** `&` not starting an entity, or a `<`: text that is not HTML-escaped. */
const RAW_MARKUP = /<|&(?!(?:#\d+|#x[0-9a-f]+|[a-z]+);)/i;
const sorted = (ids: Iterable<string | number>) => [...ids].map(Number).sort((a, b) => a - b);

/**
 * Sends a message holding `word` in its topic and content, and searches for the word until the message matches
 * (full-text indexes may lag behind a send: real Zulip updates them asynchronously; up to 10 s).
 */
async function searched(ctx: CheckContext, word: string, content: string) {
  const narrow = [searchTerm(await narrowForms(ctx), word)];
  const id = await mustSend(ctx, 'member', {
    type: 'stream',
    to: ctx.channel().id,
    topic: `${ctx.unique('search')} ${word}`,
    content: `${contentOf(ctx, 'search')} ${content}`,
  });
  let found = await matchesNarrow(ctx, [id], narrow);
  for (let delay = 100; !found.messages[id] && delay < 5000; delay *= 2) {
    await new Promise((r) => setTimeout(r, delay));
    found = await matchesNarrow(ctx, [id], narrow);
  }
  const entry = found.messages[id];
  if (typeof entry?.match_content !== 'string') fail(found.res, `wanted message ${id} to match the search for ${word}`);
  return { res: found.res, entry: entry as { match_content: string; match_subject: unknown } };
}

function expectIds(res: ApiResponse, messages: Record<string, any>, want: number[], what: string): void {
  const got = sorted(Object.keys(messages));
  if (JSON.stringify(got) !== JSON.stringify(sorted(want)))
    fail(res, `wanted ${what}: ids ${sorted(want)}, got ${got}`);
}

group('GET /messages/matches_narrow', () => {
  check(
    'MSG-NARROW-001',
    'MUST return matching messages with string match_content and match_subject, and leave non-matching ones out',
    { section: '5. Check messages against a narrow', exercisesOperation: true },
    async (ctx) => {
      // Who sends and asks does not matter (the sender has access to its own messages): any person, posting to a
      // public channel of the run's.
      const caller = ctx.someone('person');
      // Each operand form of the channel the target takes (its ID, its name) is judged; none taken: skipped.
      const forms = await narrowForms(ctx);
      // The caller is subscribed to both (the run's shared channels), so that the outside message is left out by the
      // narrow, not for lack of access.
      const [own, other] = await sharedChannelPair(ctx);
      const send = (to: number) =>
        mustSend(ctx, caller, { type: 'stream', to, topic: 'narrow', content: contentOf(ctx, 'n') });
      const inside = await send(own.id);
      const outside = await send(other.id);
      // The operand's format is not shown: each form that selected the learning's message (Zulip takes the name and
      // the ID), else each the target took.
      for (const term of channelTerms(forms, own)) {
        const { res, messages } = await matchesNarrow(ctx, [inside, outside], [term], caller);
        expectIds(res, messages, [inside], `only the message in ${own.name}, by ${JSON.stringify(term)}`);
        const entry = messages[inside];
        if (typeof entry?.match_content !== 'string' || typeof entry?.match_subject !== 'string') {
          fail(res, 'wanted string match_content and match_subject for the matching message');
        }
      }
    },
  );

  check(
    'MSG-NARROW-002',
    'MUST wrap search matches in <span class="highlight">, in match_content and in match_subject',
    { section: '5. Check messages against a narrow' },
    async (ctx) => {
      // "matches are wrapped in <span class="highlight">" for match_content, and match_subject has "same highlighting".
      const word = 'zanzibarquux';
      const { res, entry } = await searched(ctx, word, `the ${word} here`);
      const wrapped = new RegExp(`<span class="highlight">${word}</span>`, 'i');
      if (!wrapped.test(entry.match_content))
        fail(res, `wanted ${word} wrapped in <span class="highlight"> in match_content`);
      if (typeof entry.match_subject !== 'string' || !wrapped.test(entry.match_subject))
        fail(res, `wanted ${word} of the topic wrapped in <span class="highlight"> in match_subject`);
    },
  );

  check(
    'MSG-NARROW-006',
    "MUST return match_content as HTML, the message's text escaped",
    { section: '5. Check messages against a narrow' },
    async (ctx) => {
      // match_content is "HTML": the message's text in it is escaped, whatever markup the target renders.
      const word = 'quokkaplume';
      const { res, entry } = await searched(ctx, word, `${word} 1<2 & 3>2`);
      const text = entry.match_content.replace(/<span class="highlight">|<\/span>/g, '');
      if (text.includes('1<2') || / & 3/.test(text))
        fail(res, 'wanted match_content to be HTML, the text 1<2 & 3>2 escaped, not given raw');
    },
  );

  check(
    'MSG-NARROW-003',
    'MUST return match_subject HTML-escaped',
    { section: '5. Check messages against a narrow' },
    async (ctx) => {
      // Quotes may be escaped or not (both are HTML text); what is read back must be the topic.
      // Short enough for any max_topic_length a server may set (a longer topic may be truncated, and match no more).
      const topic = `${ctx.unique('e')} <i>&amp</i> a>b "q" 'a'`;
      const max = ctx.world.realm.maxTopicLength;
      if (max !== null && [...topic].length > max)
        throw new HarnessError(`the check's topic (${[...topic].length} characters) is over max_topic_length ${max}`);
      const narrow = [topicTerm(await narrowForms(ctx), topic)];
      const id = await mustSend(ctx, 'member', {
        type: 'stream',
        to: ctx.channel().id,
        topic,
        content: contentOf(ctx, 'e'),
      });
      const { res, messages } = await matchesNarrow(ctx, [id], narrow);
      const subject = messages[id]?.match_subject;
      if (typeof subject !== 'string' || RAW_MARKUP.test(subject) || unescaped(subject) !== topic) {
        fail(
          res,
          `wanted match_subject ${JSON.stringify(escaped(topic))} (quotes may be escaped), the topic HTML-escaped`,
        );
      }
    },
  );

  check(
    'MSG-NARROW-004',
    'MUST answer a narrow message by message: only IDs asked for, each matching whatever other IDs are asked with it',
    { section: '5. Check messages against a narrow; Resources › Narrow' },
    async (ctx) => {
      // No operator's meaning is the contract's (Narrow: "not shown"), so which messages a narrow selects is the
      // target's affair. What the contract fixes is that `messages` is keyed by the message IDs that match, and the
      // ones that do not are absent: whether a message matches belongs to the message and the narrow, so it cannot
      // change with the other IDs asked with it, and no ID that was not asked appears. Narrows of Zulip's channel,
      // topic and sender operators are asked for every message sent, and for the even and the odd ones; where the
      // target selects otherwise than Zulip reads those operators, it is recorded, not judged.
      // Matching does not depend on who asks, given access to every message: anyone, subscribed (like the senders)
      // to both channels before anything is sent.
      const reader = ctx.someone('anyone');
      // The two senders (set-up too): the second member and another person. Not the member: a sender operand is the
      // sender's API email, read at start, and only the member's email visibility is changed by a check.
      const senders: Role[] = ['member2', ctx.someone('person', { besides: ['member2'] })];
      const channels = await sharedChannelPair(ctx);
      // A server may leave idle accounts out of new messages' recipients until they come back (Zulip's soft
      // deactivation): registering a queue is coming back, before anything is sent.
      await registerQueue(ctx, reader, { event_types: ['message'] });
      const topics = [ctx.unique('topic-a'), ctx.unique('topic-b')];
      const plan: [number, number, number][] = [
        [0, 0, 0],
        [0, 0, 1],
        [0, 1, 0],
        [1, 0, 0],
        [1, 1, 1],
      ];
      // A channel's term in the form the target takes; where it takes none, by name (its refusals are noted).
      const forms = await narrowForms(ctx);
      const channelOf = (c: OwnChannel): Term => {
        try {
          return channelTerm(forms, c);
        } catch (error) {
          if (!(error instanceof Unsupported)) throw error;
          return { operator: forms.channel.operator, operand: c.name };
        }
      };
      const sent: { id: number; channel: unknown; topic: string; sender: string }[] = [];
      for (const [c, t, s] of plan) {
        const params = { type: 'stream', to: channels[c]!.id, topic: topics[t]!, content: contentOf(ctx, 'model') };
        const id = await mustSend(ctx, senders[s]!, params);
        const channel = channelOf(channels[c]!).operand;
        sent.push({ id, channel, topic: topics[t]!, sender: ctx.account(senders[s]!).apiEmail });
      }
      const all = sent.map((m) => m.id);
      // Each part leaves out messages lying between the ones it asks for.
      const parts = [all.filter((_, i) => i % 2 === 0), all.filter((_, i) => i % 2 === 1)];
      const term = <T>(operator: string, operands: T[]) =>
        fc.option(
          fc.constantFrom(...operands).map((operand) => ({ operator, operand })),
          { nil: undefined },
        );
      const narrows = fc
        .tuple(
          term(
            forms.channel.operator,
            channels.map((c) => channelOf(c).operand),
          ),
          term('topic', [...topics, ctx.unique('topic-none')]),
          term(
            'sender',
            sent.map((m) => m.sender),
          ),
        )
        .map((terms) => terms.filter((t) => t !== undefined))
        .filter((terms) => terms.length > 0);
      // Each narrow once (helpers/checks/distinct.ts): every term absent or one of its operands (the sender's among
      // the two senders), less the narrow without any.
      const narrowCases = (channels.length + 1) * (topics.length + 2) * (senders.length + 1) - 1;
      const once = onceEach();
      const refused = new Set<string>();
      const otherwise = new Set<string>();
      const ask = async (ids: number[], narrow: Narrow) => {
        const res = await ctx.as(reader).get('/messages/matches_narrow', { msg_ids: ids, narrow });
        if (res.body?.result === 'error') {
          refused.add(`${JSON.stringify(narrow)} (${String(res.body.code)})`);
          return undefined;
        }
        const body = expectSuccess(res, `matches_narrow with ${JSON.stringify(narrow)}`);
        if (body.messages === null || typeof body.messages !== 'object') fail(res, 'wanted messages to be an object');
        const got = sorted(Object.keys(body.messages));
        const unasked = got.filter((id) => !ids.includes(id));
        if (unasked.length)
          fail(res, `the narrow ${JSON.stringify(narrow)} answered ids ${unasked} that were not asked (asked ${ids})`);
        return { res, got };
      };
      await fc.assert(
        fc.asyncProperty(narrows, async (narrow) => {
          once(JSON.stringify(narrow));
          const whole = await ask(all, narrow);
          if (!whole) return;
          for (const part of parts) {
            const answer = await ask(part, narrow);
            if (!answer) continue;
            const want = whole.got.filter((id) => part.includes(id));
            if (JSON.stringify(answer.got) !== JSON.stringify(want))
              fail(
                answer.res,
                `the narrow ${JSON.stringify(narrow)} matched ${want.length ? want : 'none'} of ids ${part} when asked with the others, but ${answer.got.length ? answer.got : 'none'} when asked alone`,
              );
          }
          const zulip = sent.filter((m) =>
            narrow.every(
              ({ operator, operand }) =>
                m[operator === 'topic' || operator === 'sender' ? operator : 'channel'] === operand,
            ),
          );
          if (JSON.stringify(whole.got) !== JSON.stringify(sorted(zulip.map((m) => m.id))))
            otherwise.add(`${JSON.stringify(narrow)}: ${whole.got.length ? whole.got : 'none'}`);
        }),
        ctx.property({ numRuns: distinctRuns(ctx.property().numRuns, narrowCases) }),
      );
      if (refused.size) ctx.note(`narrows the target refused (not judged): ${[...refused].slice(0, 3).join('; ')}`);
      if (otherwise.size)
        ctx.note(
          `selected otherwise than Zulip reads the operators (recorded): ${[...otherwise].slice(0, 3).join('; ')}`,
        );
    },
  );

  check(
    'MSG-NARROW-005',
    'MUST refuse a request without msg_ids or without narrow',
    { section: '5. Check messages against a narrow; Errors' },
    async (ctx) => {
      // The control: the same request with both, accepted (a narrow the target takes), before any refusal is judged.
      const narrow = [await anyTerm(ctx)];
      await ctx.member.mustSetup('GET', '/messages/matches_narrow', { msg_ids: [], narrow });
      expectErrorEnvelope(await ctx.member.get('/messages/matches_narrow', { narrow }), 'a request without msg_ids');
      expectErrorEnvelope(
        await ctx.member.get('/messages/matches_narrow', { msg_ids: [] }),
        'a request without narrow',
      );
    },
  );
});
