/**
 * conformance.html: one self-contained page (no network): the verdict, counts per level, filters by outcome, a
 * table per endpoint, and each failure's evidence (reason, exchanges, curl) beside its clause. Every text is escaped.
 * A run with failures or errors opens on its problems alone (endpoints with problems first), one click from all.
 * A problem's evidence opens on the exchange it is about (the evidence's last: the check records it so) and its
 * curl, JSON bodies pretty-printed; long lines and sentences wrap, so the page never scrolls sideways.
 */
import { OUTCOMES, type Outcome } from '../clauses/types.ts';
import type { Exchange } from '../http/exchange.ts';
import { type ClauseResult, judgedFigures, type RunResults, requestCount } from './results.ts';
import { verdictOf } from './verdict.ts';

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PROBLEMS: readonly Outcome[] = ['failed', 'error', 'warned', 'known-failure'];

export function toHtml(r: RunResults): string {
  const { run } = r;
  const target = run.embedded ? `embedded reference server (${run.target})` : run.target;
  const present = OUTCOMES.filter((o) => r.counts[o] > 0);
  const byEndpoint = new Map<string, ClauseResult[]>();
  for (const c of r.clauses) byEndpoint.set(c.endpoint, [...(byEndpoint.get(c.endpoint) ?? []), c]);
  const failing = r.counts.failed + r.counts.error > 0;
  const shown = (o: Outcome) => !failing || PROBLEMS.includes(o);
  const rank = (clauses: ClauseResult[]) =>
    failing && clauses.some((c) => c.outcome === 'failed' || c.outcome === 'error') ? 0 : 1;
  const endpoints = [...byEndpoint].sort(
    ([a, ca], [b, cb]) => rank(ca) - rank(cb) || (a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b)),
  );
  const verdict = verdictOf(r);

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance: ${esc(target)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
  <h1>Team Chat API conformance</h1>
  <p class="verdict ${verdict.kind}" role="status">${esc(verdict.text)}</p>
  <p class="meta">${esc(target)} · feature level ${esc(run.featureLevel ?? 'unknown')} · seed ${esc(run.seed)} · profile ${esc(run.profile)} · ${esc((run.durationMs / 1000).toFixed(1))} s · ${requestCount(r)} requests${esc(judgedFigures(r))} · ${esc(run.startedAt)}</p>
</header>
<section aria-label="counts">
  <table class="counts">
    <thead><tr><th>level</th>${present.map((o) => `<th>${esc(o)}</th>`).join('')}</tr></thead>
    <tbody>
${Object.entries(r.countsByLevel)
  .map(
    ([level, counts]) =>
      `      <tr><th>${esc(level)}</th>${present.map((o) => `<td class="${o}">${counts[o]}</td>`).join('')}</tr>`,
  )
  .join('\n')}
      <tr class="total"><th>all</th>${present.map((o) => `<td class="${o}">${r.counts[o]}</td>`).join('')}</tr>
    </tbody>
  </table>
</section>
<nav id="filters" aria-label="filter by outcome">
  ${present.map((o) => `<button type="button" class="badge ${o}" data-filter="${o}" aria-pressed="${shown(o)}">${esc(o)} (${r.counts[o]})</button>`).join('\n  ')}
  <button type="button" id="problems-only">problems only</button>
  <button type="button" id="show-all">show all</button>
</nav>
<main>
${failing ? '<p class="showing">Showing the problems only: <b>show all</b> lists every clause.</p>\n' : ''}${endpoints.map(([endpoint, clauses]) => section(endpoint, clauses, shown)).join('\n')}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** `shown`: the outcomes the page opens on (the script applies the same filter, so it works without it too). */
function section(endpoint: string, clauses: ClauseResult[], shown: (o: Outcome) => boolean): string {
  const hide = (o: Outcome) => (shown(o) ? '' : ' hidden');
  const passed = clauses.filter((c) => c.outcome === 'passed').length;
  const rows = clauses.map((c) => {
    const note = c.outcome === 'passed' ? (c.notes ?? []).join('; ') : (c.reason?.split('\n')[0] ?? '');
    const main = `<tr class="clause" data-outcome="${c.outcome}" id="${esc(c.id)}"${hide(c.outcome)}><td class="id">${esc(c.id)}</td><td>${esc(c.level)}</td><td><span class="badge ${c.outcome}">${esc(c.outcome)}</span>${c.unexpectedPass ? ' <span class="badge warned">unexpected pass</span>' : ''}</td><td class="sentence">${esc(c.title)}<div class="section">${esc(c.section)}${c.since !== undefined ? ` · level ${c.since}+` : ''}</div>${note ? `<div class="note">${esc(note)}</div>` : ''}</td></tr>`;
    if (!PROBLEMS.includes(c.outcome) || !c.reason) return main;
    // The exchange the failure is about (the evidence's last: see evidenceOf in helpers/checks/check.ts) comes first
    // and open, its curl below; the check's earlier ones follow, folded, in the order they were made.
    const all = c.exchanges ?? [];
    const failing = all.at(-1);
    const others = all.slice(0, -1);
    const earlier = others.length
      ? `<details class="earlier"><summary>${others.length} earlier exchange${others.length === 1 ? '' : 's'} of the check, in order</summary>${others.map((e) => exchangeHtml(e)).join('')}</details>`
      : '';
    const curl = c.curl ? `<div class="part">reproduce</div><pre class="curl">${esc(c.curl)}</pre>` : '';
    const open = c.outcome === 'known-failure' ? '' : ' open';
    return `${main}\n<tr class="evidence" data-outcome="${c.outcome}"${hide(c.outcome)}><td colspan="4"><details class="evidence"${open}><summary>evidence</summary>${reasonHtml(c.reason)}${failing ? exchangeHtml(failing, 'the exchange the failure is about') : ''}${curl}${earlier}</details></td></tr>`;
  });
  return `<section class="endpoint"${clauses.some((c) => shown(c.outcome)) ? '' : ' hidden'}>
  <h2>${esc(endpoint === '*' ? 'Every operation' : endpoint)} <span class="tally">${passed}/${clauses.length} passed</span></h2>
  <table class="clauses"><thead><tr><th>clause</th><th>level</th><th>outcome</th><th>sentence</th></tr></thead>
  <tbody>
${rows.join('\n')}
  </tbody></table>
</section>`;
}

/**
 * A failure's reason; a sequence of steps in it (an explored sequence: "the sequence:" then "  1. step", each with
 * its curl line indented below) as a numbered list, each step with its curl.
 */
export function reasonHtml(reason: string): string {
  const lines = reason.split('\n');
  const start = lines.indexOf('the sequence:');
  if (start === -1) return `<pre class="reason">${esc(reason)}</pre>`;
  const steps: { step: string; curl?: string }[] = [];
  let end = start + 1;
  for (; end < lines.length; end++) {
    const step = /^ {2}\d+\. (.*)$/.exec(lines[end]!);
    const curl = /^ {7}(curl .*)$/.exec(lines[end]!);
    if (step) steps.push({ step: step[1]! });
    else if (curl && steps.length) steps.at(-1)!.curl = curl[1]!;
    else break;
  }
  const before = lines.slice(0, start).join('\n').trim();
  const after = lines.slice(end).join('\n').trim();
  const items = steps.map(
    ({ step, curl }) => `<li>${esc(step)}${curl ? `<pre class="curl">${esc(curl)}</pre>` : ''}</li>`,
  );
  return `${before ? `<pre class="reason">${esc(before)}</pre>` : ''}<div class="part">the sequence</div><ol class="sequence">${items.join('')}</ol>${after ? `<pre class="reason">${esc(after)}</pre>` : ''}`;
}

/**
 * One exchange: what describeExchange prints (request line, caller, status, params, body, error), with a JSON body
 * and JSON param values pretty-printed and each param on its line. `label` names the exchange a failure is about.
 */
function exchangeHtml(e: Exchange, label?: string): string {
  const head = `${e.method} ${e.url} as ${e.caller} → ${e.status ?? 'no response'}`;
  const params = e.params.length
    ? `<div class="part">params</div><pre class="params">${esc(e.params.map(([k, v]) => `${k}=${prettyJson(v)}`).join('\n'))}</pre>`
    : '';
  const body =
    e.responseBody !== undefined
      ? `<div class="part">response body</div><pre class="body">${esc(prettyJson(e.responseBody))}</pre>`
      : '';
  const error = e.error ? `<div class="part">error</div><pre class="error">${esc(e.error)}</pre>` : '';
  return `<div class="exchange${label ? ' failing' : ''}">${label ? `<div class="part">${esc(label)}</div>` : ''}<div class="exchange-head">${esc(head)}</div>${params}${body}${error}</div>`;
}

/** The mark maskExchange leaves on a body it cut short: "… (12345 characters)". */
const CUT = /… \(\d+ characters\)$/;

/**
 * A JSON text (an object or an array) indented by two spaces; anything else as it is. A body cut short by
 * maskExchange is indented up to the cut, the mark on its own line. It re-spaces the text rather than parsing
 * it, so numbers and escapes read exactly as the target sent them; it never throws.
 */
export function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  const cut = CUT.exec(trimmed);
  if (cut) {
    const head = trimmed.slice(0, cut.index);
    return jsonTokensOnly(head) ? `${indentJson(head)}\n${cut[0]}` : text;
  }
  try {
    JSON.parse(trimmed);
  } catch {
    return text;
  }
  return indentJson(trimmed);
}

/** Whether a text cut short could be the start of a JSON text: outside its strings, JSON's tokens alone. */
function jsonTokensOnly(text: string): boolean {
  const outside = text.replace(/"(?:[^"\\]|\\.)*(?:"|\\?$)/g, '""');
  return outside
    .split(/[\s{}[\],:]+/)
    .every((token) => token === '' || token === '""' || /^(-?[\d.eE+-]+|[truefalsn]+)$/.test(token));
}

function indentJson(json: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${'  '.repeat(Math.max(depth, 0))}`;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += json[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '{' || ch === '[') {
      const close = ch === '{' ? '}' : ']';
      let j = i + 1;
      while (j < json.length && /\s/.test(json[j]!)) j++;
      if (json[j] === close) {
        // An empty object or array stays on its line.
        out += ch + close;
        i = j;
      } else {
        depth++;
        out += ch + newline();
      }
    } else if (ch === '}' || ch === ']') {
      depth--;
      out += newline() + ch;
    } else if (ch === ',') out += `,${newline()}`;
    else if (ch === ':') out += ': ';
    else if (!/\s/.test(ch)) out += ch;
  }
  return out;
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:1rem 2rem;color:#1d1f23}
h1{margin:.2rem 0}.meta{color:#555;margin-top:0}
.verdict{font-size:16px;font-weight:600;padding:.5rem .8rem;border-radius:6px;margin:.4rem 0}
.verdict.conforming{background:#e3f6e9;color:#0b6b2e}.verdict.not-conforming{background:#fde7e8;color:#a30d14}
.verdict.inconclusive,.verdict.incomplete{background:#fff2d6;color:#8a5a00}.showing{color:#555;font-size:13px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.2rem}th,td{border-bottom:1px solid #e3e5e8;padding:.35rem .5rem;text-align:left;vertical-align:top}
table.counts{width:auto}table.counts td{text-align:right;min-width:4.5rem}tr.total{font-weight:600}
.id{font-family:ui-monospace,monospace;white-space:nowrap}.section,.note{color:#666;font-size:12px}.note{color:#8a5a00}
.badge{display:inline-block;border-radius:999px;padding:.05rem .55rem;font-size:12px;border:1px solid transparent;background:#eef0f3;white-space:nowrap}
.passed{color:#0b6b2e}.badge.passed{background:#e3f6e9}.failed,.error{color:#a30d14}.badge.failed,.badge.error{background:#fde7e8}
.warned,.known-failure{color:#8a5a00}.badge.warned,.badge.known-failure{background:#fff2d6}
nav{position:sticky;top:0;background:#fff;padding:.5rem 0;border-bottom:1px solid #e3e5e8;z-index:1}
nav button{cursor:pointer;margin:.1rem}nav button[aria-pressed=false]{opacity:.35;text-decoration:line-through}
h2{font-size:16px;margin:1.2rem 0 .2rem}.tally{color:#666;font-weight:400;font-size:13px}
table.clauses th,tr.clause>td:nth-child(-n+3){white-space:nowrap}.sentence{overflow-wrap:anywhere;width:100%}
pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:normal;max-width:100%;box-sizing:border-box;background:#f6f7f9;border-radius:4px;padding:.5rem;margin:.3rem 0;font-size:12px}
ol.sequence{margin:.3rem 0;padding-left:1.6rem;font-size:13px}ol.sequence>li{margin:.2rem 0}
.exchange{border-left:3px solid #e3e5e8;padding-left:.6rem;margin:.5rem 0}.exchange-head{font-family:ui-monospace,monospace;font-size:12px;overflow-wrap:anywhere}
.part{font-size:12px;color:#555;margin-top:.4rem}details.earlier{margin-top:.6rem}details.earlier>summary{font-size:12px;color:#555;cursor:pointer}
[hidden]{display:none!important}
`;

// Filters: a button per outcome toggles its rows; endpoints with nothing left to show are hidden.
const SCRIPT = `
(function(){
  var buttons=[].slice.call(document.querySelectorAll('[data-filter]'));
  function apply(){
    var on={};buttons.forEach(function(b){on[b.dataset.filter]=b.getAttribute('aria-pressed')==='true';});
    [].forEach.call(document.querySelectorAll('tr[data-outcome]'),function(tr){tr.hidden=!on[tr.dataset.outcome];});
    [].forEach.call(document.querySelectorAll('section.endpoint'),function(s){s.hidden=!s.querySelector('tr.clause:not([hidden])');});
  }
  function set(pred){buttons.forEach(function(b){b.setAttribute('aria-pressed',String(pred(b.dataset.filter)));});apply();}
  buttons.forEach(function(b){b.addEventListener('click',function(){b.setAttribute('aria-pressed',String(b.getAttribute('aria-pressed')!=='true'));apply();});});
  document.getElementById('problems-only').addEventListener('click',function(){set(function(o){return ${JSON.stringify(PROBLEMS)}.indexOf(o)>=0;});});
  document.getElementById('show-all').addEventListener('click',function(){set(function(){return true;});var s=document.querySelector('.showing');if(s)s.hidden=true;});
  apply();
})();
`;
