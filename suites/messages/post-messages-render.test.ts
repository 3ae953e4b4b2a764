// POST /messages/render — contract: "21. Render a message" (`content` required, up to max_message_length;
// `rendered`, HTML), Limits. Real Zulip renders empty content without complaint, so it is not required to fail here;
// content over the limit may be refused or cut, never rendered whole (real Zulip renders it whole: a known departure).
// Rendering does not depend on who asks: the properties draw each case's caller from every account.
// An assumption the contract does not state: MSG-RENDER-001 and -003 read message text as Markdown (Zulip's markup;
// the contract calls only channel descriptions and some profile fields Markdown, and the answer HTML). So they are
// SHOULDs: a target whose messages use another markup is warned, not failed; MSG-RENDER-002 (plain text escaped)
// holds for any markup, and stays a MUST.
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { maxMessageLength } from './messages.ts';

const { group, check } = checksIn(import.meta.url);

async function rendered(
  ctx: CheckContext,
  content: string,
  caller: Role = 'member',
): Promise<{ res: ApiResponse; html: string }> {
  const res = await ctx.as(caller).post('/messages/render', { content });
  const body = expectSuccess(res, 'rendering');
  if (typeof body.rendered !== 'string') fail(res, 'wanted rendered to be a string');
  return { res, html: body.rendered };
}

// Letters only: nothing a renderer could read as a link, an emoji or a mention.
const word = fc.stringMatching(/^[a-z]{3,10}$/);

const MARKUP = {
  strong: { wrap: (w: string) => `**${w}**`, html: (w: string) => new RegExp(`<(strong|b)>${w}</\\1>`) },
  emphasis: { wrap: (w: string) => `*${w}*`, html: (w: string) => new RegExp(`<(em|i)>${w}</\\1>`) },
  code: { wrap: (w: string) => `\`${w}\``, html: (w: string) => new RegExp(`<code>${w}</code>`) },
} as const;

/**
 * Plain text with a character HTML text must escape. Not a tag (`<word>`): whether the markup takes raw HTML is not
 * the contract's to say (CommonMark passes it through); a `<` or `&` that cannot start a tag or a reference is text in
 * any markup. A `>` is left out too: HTML text may carry it as it is.
 */
const SPECIALS = {
  'an ampersand': (w: string) => `${w}&${w}`,
  'a less-than sign': (w: string) => `${w}<${w}`,
  'a less-than sign before a space': (w: string) => `${w} < ${w}`,
} as const;

/** `&` and `<` escaped by any of HTML's references: named, decimal or hexadecimal. */
const REFERENCES: Record<string, string> = { '&': '&(?:amp|#0*38|#x0*26);', '<': '&(?:lt|#0*60|#x0*3c);' };
const escapedIn = (text: string) =>
  new RegExp(
    text.replace(/[&<]/g, (c) => REFERENCES[c]!),
    'i',
  );

group('POST /messages/render', () => {
  check(
    'MSG-RENDER-001',
    'SHOULD render emphasis, strong and inline code as HTML, never returning their raw markup',
    { section: '21. Render a message', exercisesOperation: true },
    async (ctx) => {
      const kinds = Object.keys(MARKUP) as (keyof typeof MARKUP)[];
      await fc.assert(
        fc.asyncProperty(word, word, fc.constantFrom(...kinds), ctx.draw('anyone'), async (before, w, kind, by) => {
          const marked = MARKUP[kind].wrap(w);
          const { res, html } = await rendered(ctx, `${before} ${marked} ${before}`, by);
          if (html.includes(marked)) fail(res, `wanted the ${kind} markup ${marked} rendered, not returned raw`);
          if (!MARKUP[kind].html(w).test(html)) fail(res, `wanted ${marked} rendered as ${kind} HTML`);
        }),
        ctx.property(),
      );
    },
  );

  check(
    'MSG-RENDER-002',
    'MUST return HTML special characters of plain text escaped',
    { section: '21. Render a message' },
    async (ctx) => {
      const kinds = Object.keys(SPECIALS) as (keyof typeof SPECIALS)[];
      await fc.assert(
        fc.asyncProperty(word, word, fc.constantFrom(...kinds), ctx.draw('anyone'), async (before, w, kind, by) => {
          const text = SPECIALS[kind](w);
          const { res, html } = await rendered(ctx, `${before} ${text}`, by);
          if (!escapedIn(text).test(html)) fail(res, `wanted ${kind} in ${JSON.stringify(text)} HTML-escaped`);
        }),
        ctx.property(),
      );
    },
  );

  check(
    'MSG-RENDER-003',
    'SHOULD render code blocks, quotes, lists and links as HTML elements',
    { section: '21. Render a message' },
    async (ctx) => {
      const content = [
        '```',
        'let x = 1;',
        '```',
        '',
        '> quoted words',
        '',
        '- first',
        '- second',
        '',
        '[a link](https://example.com/)',
      ].join('\n');
      const { res, html } = await rendered(ctx, content);
      const wanted: [string, RegExp][] = [
        ['a code block', /<pre\b[^>]*>[\s\S]*let x = 1;[\s\S]*<\/pre>/],
        ['a quote', /<blockquote\b[^>]*>[\s\S]*quoted words[\s\S]*<\/blockquote>/],
        ['a list', /<ul\b[^>]*>\s*<li\b[^>]*>first<\/li>\s*<li\b[^>]*>second<\/li>\s*<\/ul>/],
        ['a link', /<a\b[^>]*href="https:\/\/example\.com\/?"[^>]*>a link<\/a>/],
      ];
      for (const [what, pattern] of wanted) if (!pattern.test(html)) fail(res, `wanted ${what} rendered as HTML`);
    },
  );

  check(
    'MSG-RENDER-004',
    'MUST refuse a request without content',
    { section: '21. Render a message; Errors' },
    async (ctx) => {
      expectErrorEnvelope(await ctx.member.post('/messages/render', {}), 'rendering without content');
    },
  );

  check(
    'MSG-RENDER-005',
    'MUST render content up to max_message_length whole, and refuse or cut longer content, never rendering it whole',
    { section: '21. Render a message; Limits' },
    async (ctx) => {
      const max = maxMessageLength(ctx);
      // Words a renderer leaves as text; the last one shows whether the end of the content was rendered.
      const tail = 'lastwordrendered';
      for (const length of [max, max + 50]) {
        const head = `content of ${length} characters `;
        const content = `${head}${'x'.repeat(length - head.length - tail.length - 1)} ${tail}`;
        const res = await ctx.member.post('/messages/render', { content });
        if (length > max && res.body?.result !== 'success') {
          expectErrorEnvelope(res, `rendering content of ${length} characters`);
          continue;
        }
        const body = expectSuccess(res, `rendering content of ${length} characters (max_message_length ${max})`);
        if (typeof body.rendered !== 'string') fail(res, 'wanted rendered to be a string');
        const whole = body.rendered.includes(tail);
        if (length <= max && !whole) fail(res, `wanted content of ${length} characters rendered to its end`);
        if (length > max && whole)
          fail(res, `content of ${length} characters, over max_message_length ${max}, was rendered whole`);
      }
    },
  );
});
