// The project's pages and comments describe the product as it is; how it came to be is git's. A dated entry, a
// session's news or a figure set against the one it replaced belongs in a commit body, and a figure worth keeping in
// docs/performance.md with the command that reproduces it. (The contract model's feature levels, which date what
// Zulip added, are dated-items.test.ts's.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = [
  'README.md',
  'reference/README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const SOURCES = [
  ...['bin', 'contract', 'helpers', 'reference', 'scripts', 'stryker', 'suites', 'test'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|mjs|js)$/.test(f))
      .map((f) => join(dir, f)),
  ),
  ...readdirSync('.').filter((f) => /\.(ts|mjs|js)$/.test(f)),
];

/** What makes a line a diary entry, each with what the line should be instead. */
const DIARY: [RegExp, string][] = [
  // A calendar date, not a timestamp in an example value (one with a time after its T).
  [/\b20\d\d-(?:0[1-9]|1[0-2])(?:-[0-3]\d)?\b(?![-T\d])/, 'a dated entry'],
  [
    /\b(?:this|last|previous) (?:session|week)\b|\bsession \d+\b|\byesterday\b|\bearlier today\b|\bthis (?:morning|afternoon|evening)\b/i,
    'news of a working session',
  ],
  [
    /\((?:was|were) \d|, (?:was|were) \d[\d,.]*\s*\w*\)|\bwas \d[\d,.]*\s*\w* before\b|\b(?:before|after):\s*\d/i,
    'a figure against the one it replaced',
  ],
  [/\(caught \d+ of \d+\)|\btook \d[\d,.]*\s*(?:s|ms|minutes|min|seconds)\b/i, 'a tally of one measurement'],
  // An aside telling where a figure came from ("measured", "in N runs of M"); "measured in ms" names a unit, and passes.
  [
    /\(measured\b|\bmeasured\)|[:;]\s*measured[,:]|(?:^|[.:]\s+)Measured (?:against|on|over|with)\b|\b\d+ (?:\w+ )?runs of \d+\b/,
    'a tally of one measurement',
  ],
];
/** A date is a fact where it dates what Zulip or the contract did, not the project's work. */
const DATED_FACT = /\bfeature level\b|\bZulip \d+(?:\.\d+)?\b|\bchangelog\b/i;

/** A page's prose, line by line: fenced code blocks and inline code blanked (example values, commands). */
function proseLines(markdown: string): string[] {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ''))
    .replace(/`[^`\n]*`/g, '')
    .split('\n');
}

/** A source file's comments, line by line (code blanked): whole comment lines, and `// …` after code. */
function commentLines(source: string): string[] {
  return source.split('\n').map((line) => {
    const trimmed = line.trim();
    if (/^(?:\/\/|\/\*|\*)/.test(trimmed)) return trimmed;
    return /\s\/\/\s(.*)$/.exec(line)?.[1] ?? '';
  });
}

function diaryIn(file: string, lines: string[]): string[] {
  const found: string[] = [];
  lines.forEach((text, i) => {
    for (const [pattern, what] of DIARY) {
      if (!pattern.test(text)) continue;
      if (what === 'a dated entry' && DATED_FACT.test(text)) continue;
      found.push(`${file}:${i + 1}: ${what}: ${text.trim()}`);
    }
  });
  return found;
}

describe('no work diary in the project files', () => {
  it('the rules find dated entries, session news, before/after tallies and measured asides, and leave facts alone', () => {
    const flagged = (text: string) => diaryIn('x', [text]).length;
    expect(flagged('## 2026-11-27: the quick profile fits one window')).toBe(1);
    expect(flagged('Last result (2026-11-22, the whole run)')).toBe(1);
    expect(flagged('as in session 45')).toBe(1);
    expect(flagged('a sixth less CPU (422 CPU-s, was 459)')).toBe(1);
    expect(flagged('kill matrix (caught 12 of 13)')).toBe(1);
    expect(flagged('edit-content-limit-ignored took 71 s under load')).toBe(1);
    expect(flagged('until a hold lapsed (15 s, measured).')).toBe(1);
    expect(flagged('met a 429 (measured: two to five on an account)')).toBe(1);
    expect(flagged('the calls it lacks: measured, a few calls missing')).toBe(1);
    expect(flagged('Measured against the reference limiting each user')).toBe(1);
    expect(flagged('the member answered 209-218 requests in 4 runs of 18')).toBe(1);
    expect(flagged('one account over a window in 7 quick runs of 8')).toBe(1);
    expect(flagged('Message ages are measured in milliseconds.')).toBe(0);
    expect(flagged("judged by the age of what it takes, measured on this machine's clock")).toBe(0);
    expect(flagged('so that runs of earlier versions wait')).toBe(0);
    expect(flagged("date_joined: '2024-01-02T03:04:05.678901+00:00'")).toBe(0);
    expect(flagged('released with Zulip 7.0 (2023-05-31), feature level 185')).toBe(0);
    expect(flagged('prints what newly fails since last night')).toBe(0);
    expect(flagged('seed 20261122')).toBe(0);
    expect(proseLines('a\n```\n2026-11-27\n```\n`2026-11-27` b')).toEqual(['a', '', '', '', ' b']);
    const source = ["const a = 'http://x'; ", '// took 3 s', '\n * (was 4 s)\nconst b = 1;'].join('');
    expect(commentLines(source)).toEqual(['took 3 s', '* (was 4 s)', '']);
  });

  it('README.md, reference/README.md and docs/*.md carry none', () => {
    expect(PAGES.flatMap((page) => diaryIn(page, proseLines(readFileSync(page, 'utf8'))))).toEqual([]);
  });

  it("the source files' comments carry none", () => {
    expect(SOURCES.flatMap((file) => diaryIn(file, commentLines(readFileSync(file, 'utf8'))))).toEqual([]);
  });

  it('docs/performance.md is the current figures, not their history: at most 200 lines', () => {
    expect(readFileSync('docs/performance.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });
});
