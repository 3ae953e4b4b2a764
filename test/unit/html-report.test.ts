// conformance.html's evidence: the exchange a failure is about first and open, JSON bodies pretty-printed,
// other text verbatim, everything escaped, and CSS that wraps long lines and sentences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Clause, Outcome } from '../../helpers/clauses/types.ts';
import type { Exchange } from '../../helpers/http/exchange.ts';
import { prettyJson, reasonHtml, toHtml } from '../../helpers/reporters/html.ts';
import { buildResults } from '../../helpers/reporters/results.ts';
import { RUN } from '../support/run-info.ts';

const CLAUSE: Clause = {
  id: 'C-001',
  area: 'drafts',
  file: 'suites/drafts/post-drafts.test.ts',
  level: 'MUST',
  title: `the server answers ${'with a sentence long enough to need several lines '.repeat(6)}${'x'.repeat(300)}`,
  section: '10. Create drafts',
  endpoint: 'POST /drafts',
};

const messages = Array.from({ length: 40 }, (_, id) => ({
  id,
  sender_email: `user${id}@example.com`,
  content: `message ${id} <script>alert(${id})</script> ${'lorem ipsum '.repeat(6)}`,
}));
const BIG = JSON.stringify({ result: 'success', msg: '', messages });
const GATEWAY = '<html><body>502 Bad Gateway <script>alert("gw")</script>\n  upstream   timed out</body></html>';

const earlier: Exchange = {
  method: 'GET',
  url: 'http://t/api/v1/messages',
  caller: 'a@example.com',
  encoding: 'query',
  params: [['narrow', '[{"operator":"channel","operand":"general"}]']],
  status: 502,
  responseBody: GATEWAY,
  ms: 4,
};
const failing: Exchange = {
  method: 'POST',
  url: 'http://t/api/v1/drafts',
  caller: 'a@example.com',
  encoding: 'form',
  params: [['drafts', '[{"type":"stream","content":"hi"}]']],
  status: 200,
  responseBody: BIG,
  ms: 3,
};

function page(outcome: Outcome = 'failed', exchanges: Exchange[] = [earlier, failing]): string {
  return toHtml(
    buildResults(
      [
        {
          clauseId: 'C-001',
          state: 'failed',
          record: { clauseId: 'C-001', outcome, reason: 'wanted 400, got 200', exchanges, curl: "curl -sS 'x'" },
        },
      ],
      RUN,
      '0.1.0',
      [CLAUSE],
    ),
  );
}

const unescaped = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const bodies = (html: string) => [...html.matchAll(/<pre class="body">([\s\S]*?)<\/pre>/g)].map((m) => m[1]!);
const cssRule = (html: string, selector: RegExp) => {
  const css = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
  return [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, sel]) => selector.test(sel!)).map(([, , body]) => body);
};

describe('conformance.html evidence', () => {
  it('shows the exchange the failure is about first and open, the earlier ones folded after it', () => {
    expect(BIG.length).toBeGreaterThan(4500);
    expect(BIG).not.toContain('\n');
    const html = page();
    const evidence = html.slice(html.indexOf('<tr class="evidence"'));
    expect(evidence).toMatch(/^<tr class="evidence"[^>]*><td colspan="4"><details class="evidence" open>/);
    const first = evidence.indexOf('<div class="exchange failing">');
    const folded = evidence.indexOf('<details class="earlier">');
    expect(first).toBeGreaterThan(0);
    expect(folded).toBeGreaterThan(first);
    expect(evidence.slice(first, folded)).toContain('POST http://t/api/v1/drafts as a@example.com → 200');
    expect(evidence.slice(folded)).toContain('GET http://t/api/v1/messages as a@example.com → 502');
    expect(evidence.slice(folded)).toContain('1 earlier exchange of the check, in order');
  });

  it("shows the evidence's last exchange first (the check records the one its failure is about last), with its curl", () => {
    const html = toHtml(
      buildResults(
        [
          {
            clauseId: 'C-001',
            state: 'failed',
            record: {
              clauseId: 'C-001',
              outcome: 'failed',
              reason: 'wanted 400',
              exchanges: [earlier, failing],
              curl: "curl -sS -X POST 'http://t/api/v1/drafts'",
            },
          },
        ],
        RUN,
        '0.1.0',
        [CLAUSE],
      ),
    );
    const evidence = html.slice(html.indexOf('<tr class="evidence"'));
    const heads = [...evidence.matchAll(/<div class="exchange-head">([^<]*)<\/div>/g)].map(
      (m) => m[1]!.split(' as ')[0],
    );
    expect(heads).toEqual(['POST http://t/api/v1/drafts', 'GET http://t/api/v1/messages']);
    expect(evidence).toContain('<pre class="curl">curl -sS -X POST &#39;http://t/api/v1/drafts&#39;</pre>');
  });

  it('opens the evidence of warnings and errors too, and folds a known failure', () => {
    expect(page('warned')).toContain('<details class="evidence" open>');
    expect(page('error')).toContain('<details class="evidence" open>');
    expect(page('known-failure')).toContain('<details class="evidence"><summary>');
    expect(page('failed', [failing])).not.toContain('details class="earlier"');
  });

  it('pretty-prints a one-line JSON body with two-space indentation', () => {
    const [json] = bodies(page('failed', [failing]));
    const text = unescaped(json!);
    expect(text).toBe(JSON.stringify(JSON.parse(BIG), null, 2));
    expect(text).toContain('\n  "messages": [\n    {\n      "id": 0,');
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(200);
  });

  it('shows a body that is not JSON as it is, escaped, and never turns a body into markup', () => {
    const html = page();
    const [json, gateway] = bodies(html).map(unescaped); // the failing exchange first
    expect(gateway).toBe(GATEWAY);
    expect(json).toContain('"content": "message 0 <script>alert(0)</script>');
    expect(html).toContain('502 Bad Gateway &lt;script&gt;alert(&quot;gw&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;script&gt;alert(0)&lt;/script&gt;');
    expect(html).not.toContain('<html><body>');
    expect(html.match(/<script>/g)).toHaveLength(1); // only the page's own filter script
  });

  it('puts each param on its line, a JSON value pretty-printed', () => {
    const params = unescaped(page('failed', [failing]).match(/<pre class="params">([\s\S]*?)<\/pre>/)![1]!);
    expect(params).toBe('drafts=[\n  {\n    "type": "stream",\n    "content": "hi"\n  }\n]');
  });

  it('wraps long lines in the evidence and the sentence instead of scrolling sideways', () => {
    const html = page();
    const pre = cssRule(html, /(^|,)\s*pre\s*$/).join(';');
    expect(pre).toMatch(/white-space:\s*pre-wrap/);
    expect(pre).toMatch(/overflow-wrap:\s*anywhere/);
    expect(html).toContain(`<td class="sentence">${CLAUSE.title}`);
    const sentence = cssRule(html, /\.sentence/).join(';');
    expect(sentence).toMatch(/overflow-wrap:\s*anywhere/);
    for (const rule of cssRule(html, /\.sentence|(^|,)\s*td\s*(,|$)/))
      expect(rule).not.toMatch(/nowrap|ellipsis|overflow:\s*hidden/);
  });
});

describe('prettyJson', () => {
  it('indents JSON exactly as JSON.stringify(…, null, 2) would', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(prettyJson(text)).toBe(/^[[{]/.test(text) ? JSON.stringify(JSON.parse(text), null, 2) : text);
      }),
    );
  });

  it('keeps numbers, escapes and spaces inside strings as the target sent them', () => {
    expect(prettyJson('{"n":1.0,"big":12345678901234567890,"s":"a\\u00e9 \\"}{, b","e":[],"o":{ }}')).toBe(
      '{\n  "n": 1.0,\n  "big": 12345678901234567890,\n  "s": "a\\u00e9 \\"}{, b",\n  "e": [],\n  "o": {}\n}',
    );
  });

  it('indents a body cut short up to the cut, and leaves text that is not JSON as it is', () => {
    expect(prettyJson('{"result":"success","messages":[{"id":1,"content":"ab… (5012 characters)')).toBe(
      '{\n  "result": "success",\n  "messages": [\n    {\n      "id": 1,\n      "content": "ab\n… (5012 characters)',
    );
    for (const text of [
      'Internal Server Error',
      '[error] upstream timed out',
      '[error] upstream   timed out… (5012 characters)',
      '{not json}',
      '{"a":1',
      '  ',
      '',
    ])
      expect(prettyJson(text)).toBe(text);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (s, curly) => {
        for (const text of [s, `${curly ? '{' : '['}${s}`, `${curly ? '{' : '['}${s}… (9999 characters)`])
          expect(typeof prettyJson(text)).toBe('string');
      }),
    );
  });
});

describe("a failed sequence's steps", () => {
  const reason = [
    'Property failed after 1 tests',
    'the sequence:',
    '  1. send to t0',
    "       curl -sS -X POST 'http://x/api/v1/messages' --data-urlencode 'topic=<t0>'",
    '  2. move message #0 to another topic #0 (change_one)',
    '  3. the end',
    "       curl -sS -X PATCH 'http://x/api/v1/messages/7'",
    'after the end: wanted message 7 in topic "spare"',
    'replay: npm run conformance -- --only EXPLORE-001 --replay=1:0@A:B',
  ].join('\n');

  it('are a numbered list, each with its curl line, between what came before and after', () => {
    const html = reasonHtml(reason);
    expect(html.startsWith('<pre class="reason">Property failed after 1 tests</pre>')).toBe(true);
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual([
      'send to t0<pre class="curl">curl -sS -X POST &#39;http://x/api/v1/messages&#39; --data-urlencode &#39;topic=&lt;t0&gt;&#39;</pre>',
      'move message #0 to another topic #0 (change_one)',
      'the end<pre class="curl">curl -sS -X PATCH &#39;http://x/api/v1/messages/7&#39;</pre>',
    ]);
    expect(html.endsWith('--replay=1:0@A:B</pre>')).toBe(true);
    expect(html).toContain('</ol><pre class="reason">after the end: wanted message 7 in topic &quot;spare&quot;\n');
  });

  it('leave any other reason as it is', () => {
    expect(reasonHtml('wanted 400\n  1. not a sequence')).toBe(
      '<pre class="reason">wanted 400\n  1. not a sequence</pre>',
    );
  });
});
