/**
 * conformance.html: one self-contained page (no network): the verdict, counts per level, filters by outcome, a
 * table per endpoint, and each failure's evidence (reason, exchanges, curl) beside its clause. Every text is escaped.
 * A run with failures or errors opens on its problems alone (endpoints with problems first), one click from all.
 */
import { OUTCOMES, type Outcome } from '../clauses/types.ts';
import { describeExchange } from '../http/exchange.ts';
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
    const main = `<tr class="clause" data-outcome="${c.outcome}" id="${esc(c.id)}"${hide(c.outcome)}><td class="id">${esc(c.id)}</td><td>${esc(c.level)}</td><td><span class="badge ${c.outcome}">${esc(c.outcome)}</span>${c.unexpectedPass ? ' <span class="badge warned">unexpected pass</span>' : ''}</td><td>${esc(c.title)}<div class="section">${esc(c.section)}${c.since !== undefined ? ` · level ${c.since}+` : ''}</div>${note ? `<div class="note">${esc(note)}</div>` : ''}</td></tr>`;
    if (!PROBLEMS.includes(c.outcome) || !c.reason) return main;
    const exchanges = (c.exchanges ?? [])
      .map((e) => `<pre class="exchange">${esc(describeExchange(e))}</pre>`)
      .join('');
    return `${main}\n<tr class="evidence" data-outcome="${c.outcome}"${hide(c.outcome)}><td colspan="4"><details${c.outcome === 'failed' || c.outcome === 'error' ? ' open' : ''}><summary>evidence</summary><pre class="reason">${esc(c.reason)}</pre>${exchanges}${c.curl ? `<div class="curl-title">reproduce</div><pre class="curl">${esc(c.curl)}</pre>` : ''}</details></td></tr>`;
  });
  return `<section class="endpoint"${clauses.some((c) => shown(c.outcome)) ? '' : ' hidden'}>
  <h2>${esc(endpoint === '*' ? 'Every operation' : endpoint)} <span class="tally">${passed}/${clauses.length} passed</span></h2>
  <table class="clauses"><thead><tr><th>clause</th><th>level</th><th>outcome</th><th>sentence</th></tr></thead>
  <tbody>
${rows.join('\n')}
  </tbody></table>
</section>`;
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:1rem 2rem;color:#1d1f23}
h1{margin:.2rem 0}.meta{color:#555;margin-top:0}
.verdict{font-size:16px;font-weight:600;padding:.5rem .8rem;border-radius:6px;margin:.4rem 0}
.verdict.conforming{background:#e3f6e9;color:#0b6b2e}.verdict.not-conforming{background:#fde7e8;color:#a30d14}
.verdict.inconclusive{background:#fff2d6;color:#8a5a00}.showing{color:#555;font-size:13px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.2rem}th,td{border-bottom:1px solid #e3e5e8;padding:.35rem .5rem;text-align:left;vertical-align:top}
table.counts{width:auto}table.counts td{text-align:right;min-width:4.5rem}tr.total{font-weight:600}
.id{font-family:ui-monospace,monospace;white-space:nowrap}.section,.note{color:#666;font-size:12px}.note{color:#8a5a00}
.badge{display:inline-block;border-radius:999px;padding:.05rem .55rem;font-size:12px;border:1px solid transparent;background:#eef0f3;white-space:nowrap}
.passed{color:#0b6b2e}.badge.passed{background:#e3f6e9}.failed,.error{color:#a30d14}.badge.failed,.badge.error{background:#fde7e8}
.warned,.known-failure{color:#8a5a00}.badge.warned,.badge.known-failure{background:#fff2d6}
nav{position:sticky;top:0;background:#fff;padding:.5rem 0;border-bottom:1px solid #e3e5e8;z-index:1}
nav button{cursor:pointer;margin:.1rem}nav button[aria-pressed=false]{opacity:.35;text-decoration:line-through}
h2{font-size:16px;margin:1.2rem 0 .2rem}.tally{color:#666;font-weight:400;font-size:13px}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f7f9;border-radius:4px;padding:.5rem;margin:.3rem 0;font-size:12px}
.curl-title{font-size:12px;color:#555;margin-top:.4rem}[hidden]{display:none!important}
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
