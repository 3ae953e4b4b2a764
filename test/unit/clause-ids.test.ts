// Clause ids are a public interface (reports, expected-failure files, baselines): pinned, unique, never reused.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import pins from '../../fixtures/clause-ids.json' with { type: 'json' };
import { LEVELS } from '../../helpers/clauses/types.ts';
import { OPERATIONS } from '../../helpers/contract/index.ts';
import { AREAS, CLAUSES } from '../../suites/catalog.ts';
import { BAD_INPUT_CLAUSES } from '../../suites/conventions/bad-input.ts';

const active = pins.active as Record<string, string>;
const retired = pins.retired as Record<string, string>;

/** Every `check('ID', …)` in the suites, with the file it is in (read from the sources: this test's business only). */
function checkEntries(root: string): { id: string; file: string }[] {
  const entries: { id: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(test|model)\.ts$/.test(entry.name)) {
        const file = relative(root, path).split(sep).join('/');
        for (const m of readFileSync(path, 'utf8').matchAll(/\bcheck\(\s*'([^']+)'/g))
          entries.push({ id: m[1]!, file });
      }
    }
  };
  walk(join(root, 'suites'));
  return entries;
}
/** The BAD-* family, derived from the operations, is checked by one loop in its file (asserted below). */
const BAD_INPUT_FILE = 'suites/conventions/bad-input.test.ts';
const loopsOverBadInput = /for \(const \{ id \} of BAD_INPUT_CLAUSES\) check\(id, /.test(
  readFileSync(join(process.cwd(), BAD_INPUT_FILE), 'utf8'),
);
const checks = [
  ...checkEntries(process.cwd()),
  ...(loopsOverBadInput ? BAD_INPUT_CLAUSES.map(({ id }) => ({ id, file: BAD_INPUT_FILE })) : []),
];

describe('clause registry', () => {
  it('has unique ids of the form AREA-…-NNN', () => {
    const ids = CLAUSES.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-\d{3}$/);
  });

  it('pins every id with its section: a new clause is added to fixtures/clause-ids.json deliberately', () => {
    const unpinned = CLAUSES.filter((c) => active[c.id] === undefined).map((c) => c.id);
    expect(unpinned, 'clauses missing from fixtures/clause-ids.json').toEqual([]);
    const moved = CLAUSES.filter((c) => active[c.id] !== undefined && active[c.id] !== c.section).map(
      (c) => `${c.id}: ${active[c.id]} → ${c.section}`,
    );
    expect(moved, 'a clause id now points at another section: issue a new id instead').toEqual([]);
  });

  it('never drops a pinned id silently, nor reuses a retired one', () => {
    const ids = new Set(CLAUSES.map((c) => c.id));
    expect(
      Object.keys(active).filter((id) => !ids.has(id)),
      'pinned ids no longer registered: move them to retired',
    ).toEqual([]);
    expect(
      Object.keys(retired).filter((id) => ids.has(id) || id in active),
      'retired ids in use again',
    ).toEqual([]);
  });

  it('gives every clause a level, a one-sentence title and a section', () => {
    for (const c of CLAUSES) {
      expect(LEVELS).toContain(c.level);
      expect(c.title, c.id).not.toMatch(/^(MUST|SHOULD|MAY)\b/);
      expect(c.title.length, c.id).toBeGreaterThan(10);
      expect(c.section.length, c.id).toBeGreaterThan(3);
    }
  });

  it('has exactly one check per clause, and no check of an unregistered clause', () => {
    // RESP-* clauses are judged over every response of their operation, not by a check of their own.
    const ids = CLAUSES.filter((c) => !c.drivenBy).map((c) => c.id);
    expect(
      ids.filter((id) => !checks.some((c) => c.id === id)),
      'clauses without a check',
    ).toEqual([]);
    const counted = checks.map((c) => c.id);
    expect(
      counted.filter((id, i) => counted.indexOf(id) !== i),
      'clauses checked twice',
    ).toEqual([]);
    expect(
      checks.filter((c) => !ids.includes(c.id)),
      'checks of unknown clauses',
    ).toEqual([]);
  });

  it('declares each clause in the area of the folder that checks it, for the file that checks it', () => {
    const misplaced = checks
      .filter((c) => CLAUSES.find((k) => k.id === c.id)?.file !== c.file)
      .map((c) => `${c.id}: checked in ${c.file}, declared for ${CLAUSES.find((k) => k.id === c.id)?.file}`);
    expect(misplaced).toEqual([]);
    for (const area of AREAS) for (const c of area.clauses) expect(c.file).toMatch(new RegExp(`^suites/${area.name}/`));
  });

  it('drives each clause judged over every response by a check of its operation', () => {
    for (const c of CLAUSES.filter((k) => k.drivenBy)) {
      const driver = CLAUSES.find((k) => k.id === c.drivenBy);
      expect(driver?.endpoint, c.id).toBe(c.endpoint);
      expect(driver?.drivenBy, c.id).toBeUndefined();
    }
    expect(new Set(CLAUSES.filter((k) => k.drivenBy).map((k) => k.endpoint)).size).toBe(OPERATIONS.length);
  });
});
