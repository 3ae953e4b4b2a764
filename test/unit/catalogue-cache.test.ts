// The catalogue's declarations kept between processes, under a hash of the sources (helpers/clauses/catalogue-cache.ts).
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedDeclarations, sourcesHash } from '../../helpers/clauses/catalogue-cache.ts';
import type { Clause } from '../../helpers/clauses/types.ts';

const clause = (id: string): Clause => ({
  id,
  level: 'MUST',
  title: 'answer',
  section: 'S',
  endpoint: '*',
  area: 'a',
  file: 'suites/a/b.test.ts',
});

describe('the catalogue cache', () => {
  it('names the sources by their paths and contents', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-sources-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub/a.ts'), 'one');
    const first = sourcesHash([dir]);
    expect(sourcesHash([dir])).toBe(first);
    writeFileSync(join(dir, 'sub/a.ts'), 'two');
    const second = sourcesHash([dir]);
    expect(second).not.toBe(first);
    writeFileSync(join(dir, 'notes.txt'), 'not a source');
    expect(sourcesHash([dir])).toBe(second);
  });

  it('reads the declarations once per key, and keeps only the entry of the sources now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-catalogue-'));
    const key = 'sources';
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [clause('A-001')];
    };
    expect(await cachedDeclarations(`${key}-1`, read, dir)).toEqual([clause('A-001')]);
    expect(await cachedDeclarations(`${key}-1`, read, dir)).toEqual([clause('A-001')]);
    expect(reads).toBe(1);
    await cachedDeclarations(`${key}-2`, read, dir);
    expect(reads).toBe(2);
    const entries = readdirSync(dir);
    expect(entries).toEqual([`teamchat-conformance-catalogue-${process.getuid?.() ?? 'user'}-${key}-2.json`]);
  });
});
