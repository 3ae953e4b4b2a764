// Clause ids are a public interface (reports, expected-failure files, baselines): pinned, unique, never reused.

import { describe, expect, it } from 'vitest';
import { keyOf, OPERATIONS, takesBadInput } from '../../contract/index.ts';
import pins from '../../fixtures/clause-ids.json' with { type: 'json' };
import { LEVELS } from '../../helpers/clauses/types.ts';
import { CLAUSES } from '../../suites/catalog.ts';

const active = pins.active as Record<string, string>;
const retired = pins.retired as Record<string, string>;

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

  // One check per clause holds by construction: a clause is declared by its check (helpers/clauses/declare.ts).
  it('files each clause under the area of the folder whose file checks it', () => {
    // A RESP-* clause is filed under the file of the check that drives it (see below).
    for (const c of CLAUSES.filter((k) => !k.drivenBy))
      expect(c.file, c.id).toMatch(new RegExp(`^suites/${c.area}/[^/]+\\.(test|model)\\.ts$`));
  });

  it('has one BAD-* clause for every operation that takes bad input, in the contract order', () => {
    const bad = CLAUSES.filter((c) => c.id.startsWith('BAD-'));
    expect(bad.map((c) => c.endpoint)).toEqual(OPERATIONS.filter(takesBadInput).map(keyOf));
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
