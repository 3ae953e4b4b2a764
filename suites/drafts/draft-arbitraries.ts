/**
 * Generated drafts for DRAFTS-CREATE-010: valid ones of every kind and invalid ones, each departing from the
 * Draft resource in exactly one way the contract states. Nothing the contract leaves open is generated (empty
 * content, negative or fractional timestamps, extra keys, unknown user IDs, a wrong type in a field it ignores).
 */
import fc from 'fast-check';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { type Draft, recipientOf } from './drafts.ts';

export interface DraftCase {
  draft: Record<string, unknown>;
  valid: boolean;
  why: string;
}

// Real drafts are not ASCII-only: most words carry accents, other scripts, emoji or markup.
const words = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }),
  fc.constantFrom('héllo', '日本語', '🎉', 'שלום', 'e\u0301', '**bold**', '<b>x</b>', '&amp;', '"quoted"', "it's"),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).filter((w) => w.trim() !== '' && !w.includes('\0')),
);
const text = fc.array(words, { maxLength: 4 }).map((parts) => parts.join(' '));
const VALID_TYPES = ['', 'stream', 'private'];
// The message aliases are left out: a server that also takes them for drafts is not clearly wrong.
const invalidType = fc
  .oneof(fc.constantFrom('group', 'STREAM', 'Private', ' stream', 'dm', 'null'), fc.string({ maxLength: 10 }))
  .filter((t) => !VALID_TYPES.includes(t) && t !== 'direct' && t !== 'channel');

export function draftCases(ctx: CheckContext): fc.Arbitrary<DraftCase> {
  const channels = ctx.channels();
  const recipient = recipientOf(ctx);
  const maxTopic = Math.min(ctx.world.realm.maxTopicLength ?? 60, 60);
  const now = Math.floor(Date.now() / 1000);
  const content = text.map((t) => `${ctx.world.prefix}p ${t}`.trimEnd());
  const topic = text.map((t) => [...`${ctx.world.prefix}${t}`].slice(0, maxTopic).join('').trimEnd());
  const timestamp = fc.option(fc.integer({ min: now - 365 * 86400, max: now }), { nil: undefined });

  const toChannel: fc.Arbitrary<Draft> = fc
    .record({
      type: fc.constant('stream'),
      to: fc.constantFrom(...channels.map((c) => [c.id])),
      topic,
      content,
      timestamp,
    })
    .map(dropUndefined);
  const toPeople: fc.Arbitrary<Draft> = fc
    .record({ type: fc.constant('private'), to: fc.constant([recipient]), topic: fc.constant(''), content, timestamp })
    .map(dropUndefined);
  const unaddressed: fc.Arbitrary<Draft> = fc
    .record({ type: fc.constant(''), to: fc.constant([]), topic: fc.constant(''), content, timestamp })
    .map(dropUndefined);
  const addressed = fc.oneof(toChannel, toPeople);
  const valid = fc.oneof(toChannel, toPeople, unaddressed);

  const invalid: fc.Arbitrary<DraftCase> = fc.oneof(
    fc.tuple(valid, fc.constantFrom('type', 'to', 'topic', 'content')).map(([d, field]) => {
      const { [field]: _dropped, ...rest } = d as unknown as Record<string, unknown>;
      return { draft: rest, valid: false, why: `no ${field}` };
    }),
    fc
      .tuple(valid, invalidType)
      .map(([d, type]) => ({ draft: { ...d, type }, valid: false, why: `type ${JSON.stringify(type)}` })),
    fc.tuple(valid, fc.nat(20)).map(([d, at]) => ({
      draft: { ...d, content: insertAt(d.content, at, '\0') },
      valid: false,
      why: 'null byte in content',
    })),
    fc.tuple(content, topic, fc.nat(20)).map(([c, t, at]) => ({
      draft: { type: 'stream', to: [channels[0]!.id], topic: insertAt(t, at, '\0'), content: c },
      valid: false,
      why: 'null byte in a channel topic',
    })),
    fc
      .tuple(
        content,
        topic,
        fc.constantFrom(
          [],
          channels.map((c) => c.id),
        ),
      )
      .map(([c, t, to]) => ({
        draft: { type: 'stream', to, topic: t, content: c },
        valid: false,
        why: `channel draft with ${to.length} channel IDs`,
      })),
    // A wrong type only where the field is read: `to` is ignored on an unaddressed draft and `topic` on all but
    // channel drafts (Draft resource), so a server may accept anything there (variant drafts-ignored-fields-unchecked).
    fc
      .tuple(addressed, fc.constantFrom<unknown>('abc', 5, ['x'], { id: 1 }))
      .map(([d, to]) => ({ draft: { ...d, to }, valid: false, why: `to ${JSON.stringify(to)}` })),
    fc
      .tuple(valid, fc.constantFrom<unknown>(5, null, ['x'], true))
      .map(([d, c]) => ({ draft: { ...d, content: c }, valid: false, why: `content ${JSON.stringify(c)}` })),
    fc
      .tuple(toChannel, fc.constantFrom<unknown>(5, null, ['x']))
      .map(([d, t]) => ({ draft: { ...d, topic: t }, valid: false, why: `channel topic ${JSON.stringify(t)}` })),
  );

  return fc.oneof(
    valid.map(
      (d): DraftCase => ({
        draft: d as unknown as Record<string, unknown>,
        valid: true,
        why: `valid ${d.type || 'unaddressed'} draft`,
      }),
    ),
    invalid,
  );
}

function insertAt(s: string, at: number, piece: string): string {
  const chars = [...s];
  const i = Math.min(at, chars.length);
  return [...chars.slice(0, i), piece, ...chars.slice(i)].join('');
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
