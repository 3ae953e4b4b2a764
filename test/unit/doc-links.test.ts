// The README and docs/ point at each other; a moved section or a renamed heading must not leave a pointer dangling.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../helpers/cli/args.ts';

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** Everything that may point a reader at a README section: pages, comments, examples. */
const SOURCES = [
  ...PAGES,
  '.env.example',
  'action.yml',
  ...['bin', 'contract', 'examples', 'helpers', 'reference', 'scripts', 'suites', 'test'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|mjs|js|md|yml|yaml)$/.test(f))
      .map((f) => join(dir, f)),
  ),
];

/** The page's text with fenced code blocks and inline code removed: links and headings there are not Markdown's. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, title] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = title!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Every relative link of a page: [text](target) and [text]: target, external ones left out. */
function links(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!);
  return [...inline, ...defined].filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('links in README.md and docs/', () => {
  it('the helpers find GitHub anchors and skip code', () => {
    expect([...anchors("# A title\n## The project's own tests\n```\n# not a heading\n```\n## A title")]).toEqual([
      'a-title',
      'the-projects-own-tests',
      'a-title-1',
    ]);
    expect(links('[a](b.md#c) `[x](y.md)` [web](https://example.com) [d](#e)')).toEqual(['b.md#c', '#e']);
  });

  for (const page of PAGES) {
    it(`${page}: every relative link names an existing file, and every #anchor a heading of it`, () => {
      const broken: string[] = [];
      for (const target of links(readFileSync(page, 'utf8'))) {
        const [path, anchor] = target.split('#', 2) as [string, string | undefined];
        const file = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
        if (!existsSync(file)) {
          broken.push(`${target}: no file ${file}`);
          continue;
        }
        if (anchor === undefined) continue;
        if (statSync(file).isDirectory() || !file.endsWith('.md')) {
          broken.push(`${target}: an anchor into ${file}, which is not a Markdown page`);
        } else if (!anchors(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${target}: no heading "#${anchor}" in ${file}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it('every page of docs/ is reachable from the README', () => {
    const reached = new Set(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      const page = queue.shift()!;
      for (const target of links(readFileSync(page, 'utf8'))) {
        const path = target.split('#')[0]!;
        if (!path.endsWith('.md')) continue;
        const file = normalize(join(dirname(page), decodeURI(path)));
        if (PAGES.includes(file) && !reached.has(file)) {
          reached.add(file);
          queue.push(file);
        }
      }
    }
    expect(PAGES.filter((p) => !reached.has(p))).toEqual([]);
  });

  it('no file names a README section that has no heading', () => {
    // A section named in prose (README, then its name in double quotes) escapes the link check.
    const readme = [...anchors(readFileSync('README.md', 'utf8'))];
    const stale: string[] = [];
    for (const file of SOURCES) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/README(?:'s|,)\s+"([^"]+)"/g)) {
        const slug = [...anchors(`# ${name}`)][0]!;
        // "Outcomes" names the section "Outcomes and exit codes".
        if (!readme.some((a) => a.startsWith(slug))) stale.push(`${file}: README "${name}"`);
      }
    }
    expect(stale).toEqual([]);
  });
});

describe('the README', () => {
  it('stays a five-minute read: at most 200 lines', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('docs/command-line.md lists every flag --help prints', () => {
    const page = readFileSync('docs/command-line.md', 'utf8');
    const flags = new Set([...USAGE.matchAll(/^\s{2}(--[a-z-]+)/gm)].map((m) => m[1]!));
    expect(flags.size).toBeGreaterThan(10);
    expect([...flags].filter((flag) => !page.includes(`| \`${flag}`))).toEqual([]);
  });
});
