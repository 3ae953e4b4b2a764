// The rate-limit reserve (helpers/world/prepare.ts) keeps room for one request on its way per worker: no check, and
// no helper a check calls, may send several requests of a worker at once.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('requests of a worker', () => {
  it('go one at a time: no check or helper of the checks awaits several promises at once', () => {
    const files = [
      ...sources(join(root, 'suites')),
      ...sources(join(root, 'helpers', 'checks')),
      ...sources(join(root, 'helpers', 'http')),
      ...sources(join(root, 'contract')),
    ];
    expect(files.length).toBeGreaterThan(50);
    const concurrent = files.filter((file) => /Promise\.(all|allSettled|any)\(/.test(readFileSync(file, 'utf8')));
    expect(concurrent.map((file) => relative(root, file))).toEqual([]);
  });
});
