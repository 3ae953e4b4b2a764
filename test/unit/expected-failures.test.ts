// Zulip's expected-failures file holds its evidence: every entry links lines of Zulip's source at a commit, names
// the releases it applies to, and entries that share a departure agree on them. The loader keeps since/until and
// an entry applies only to targets whose feature level is within [since, until) (all of them when it is unknown).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../helpers/config/load.ts';
import {
  applicableAt,
  appliesAt,
  type ExpectedFailure,
  loadExpectedFailures,
} from '../../helpers/expectations/expected-failures.ts';

const ZULIP = 'fixtures/expected-failures/zulip.json';
const zulip: ExpectedFailure[] = JSON.parse(readFileSync(ZULIP, 'utf8')).failures;
const LINK = /^https:\/\/github\.com\/zulip\/zulip\/blob\/[0-9a-f]{40}\/[^#]+#L\d+(-L\d+)?$/;

const dir = mkdtempSync(join(tmpdir(), 'cf-expected-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};

describe("Zulip's expected-failures file", () => {
  it('loads with the same schema a run uses', () => {
    const loaded = loadExpectedFailures(ZULIP, new Set(zulip.map((e) => e.id)));
    expect(loaded.stale).toEqual([]);
    expect(loaded.entries.map((e) => e.id)).toEqual(zulip.map((e) => e.id));
  });

  it('links every entry to lines of Zulip source at a full commit', () => {
    for (const entry of zulip) expect(entry.link, entry.id).toMatch(LINK);
  });

  it('gives line ranges that run forwards', () => {
    for (const entry of zulip) {
      const [, from, to] = /#L(\d+)(?:-L(\d+))?$/.exec(entry.link ?? '') ?? [];
      if (to !== undefined) expect(Number(to), entry.id).toBeGreaterThan(Number(from));
    }
  });

  it('names the releases of every entry, with since below until', () => {
    for (const entry of zulip) {
      expect(entry.releases?.length ?? 0, entry.id).toBeGreaterThan(20);
      for (const level of [entry.since, entry.until])
        if (level !== undefined) expect(Number.isInteger(level) && level >= 0, entry.id).toBe(true);
      if (entry.since !== undefined && entry.until !== undefined)
        expect(entry.since, entry.id).toBeLessThan(entry.until);
    }
  });

  it('agrees on the releases of entries that share a departure (the same link)', () => {
    const byLink = new Map<string, ExpectedFailure[]>();
    for (const entry of zulip) byLink.set(entry.link ?? '', [...(byLink.get(entry.link ?? '') ?? []), entry]);
    for (const [link, entries] of byLink) {
      const releases = entries.map((e) => ({ since: e.since, until: e.until, releases: e.releases }));
      expect(releases, `${link}: ${entries.map((e) => e.id).join(', ')}`).toEqual(entries.map(() => releases[0]));
    }
  });
});

describe('the releases an entry applies to', () => {
  it('applies from since on', () => {
    expect(appliesAt({ since: 300 }, 200)).toBe(false);
    expect(appliesAt({ since: 300 }, 299)).toBe(false);
    expect(appliesAt({ since: 300 }, 300)).toBe(true);
    expect(appliesAt({ since: 300 }, 472)).toBe(true);
  });

  it('stops at until, which is the first level without the departure', () => {
    expect(appliesAt({ since: 100, until: 200 }, 199)).toBe(true);
    expect(appliesAt({ since: 100, until: 200 }, 200)).toBe(false);
    expect(appliesAt({ until: 200 }, 0)).toBe(true);
  });

  it('applies at every level when it names none, and to a target of unknown level whatever it names', () => {
    expect(appliesAt({}, 0)).toBe(true);
    expect(appliesAt({}, 509)).toBe(true);
    expect(appliesAt({ since: 300, until: 400 }, null)).toBe(true);
    expect(appliesAt({ since: 300, until: 400 }, undefined)).toBe(true);
  });

  it('narrows the expectations to the entries that apply, keeping the file and its stale entries', () => {
    const path = file('levels.json', {
      failures: [
        { id: 'OLD-001', reason: 'fixed at 200', link: 'https://example.com/old', since: 100, until: 200 },
        { id: 'NEW-001', reason: 'since 300', since: 300, releases: 'level 300 and later' },
        { id: 'ALL-001', reason: 'always' },
        { id: 'GONE-001', reason: 'retired', since: 300 },
      ],
    });
    const loaded = loadExpectedFailures(path, new Set(['OLD-001', 'NEW-001', 'ALL-001']));
    expect(loaded.byId).toEqual({
      'OLD-001': 'fixed at 200 (https://example.com/old)',
      'NEW-001': 'since 300',
      'ALL-001': 'always',
    });
    expect(loaded.entries.find((e) => e.id === 'NEW-001')).toMatchObject({
      since: 300,
      releases: 'level 300 and later',
    });

    const at = (level: number | null) => applicableAt(loaded, level);
    expect(Object.keys(at(150).byId)).toEqual(['OLD-001', 'ALL-001']);
    expect(Object.keys(at(250).byId)).toEqual(['ALL-001']);
    expect(Object.keys(at(300).byId)).toEqual(['NEW-001', 'ALL-001']);
    expect(at(300).entries.map((e) => e.id)).toEqual(['NEW-001', 'ALL-001']);
    expect(at(null).byId).toEqual(loaded.byId);
    for (const level of [150, 250, 300, null]) {
      expect(at(level).stale, String(level)).toEqual(['GONE-001']);
      expect(at(level).file).toBe(path);
    }
  });

  it('refuses since at or above until, and levels that are not whole non-negative numbers', () => {
    const bad = (entry: object) => file('bad.json', { failures: [{ id: 'X-001', reason: 'r', ...entry }] });
    expect(() => loadExpectedFailures(bad({ since: 300, until: 300 }), new Set())).toThrow(ConfigError);
    expect(() => loadExpectedFailures(bad({ since: 300, until: 200 }), new Set())).toThrow(/failures\.0\.until/);
    expect(() => loadExpectedFailures(bad({ since: -1 }), new Set())).toThrow(/failures\.0\.since/);
    expect(() => loadExpectedFailures(bad({ until: 2.5 }), new Set())).toThrow(/failures\.0\.until/);
    expect(() => loadExpectedFailures(bad({ releases: '' }), new Set())).toThrow(/failures\.0\.releases/);
    expect(loadExpectedFailures(bad({ since: 0, until: 1 }), new Set(['X-001'])).entries[0]).toMatchObject({
      since: 0,
      until: 1,
    });
  });
});
