/**
 * The catalogue's declarations, kept between processes: reading them imports every suite file (a quarter of a
 * second in each run's process, and in each of the hundreds of processes and workers of the project's own tests).
 * The cache is named by a hash of every source a declaration can depend on (the suites, the harness, the fixtures),
 * so an entry is only ever read for the very sources that declared it; any edit makes a new one. It lives in the
 * temporary folder; where that cannot be written, the declarations are read every time.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clause } from './types.ts';

/** Per user: the temporary folder may be shared, and an entry is read only if this user wrote it. */
const PREFIX = `teamchat-conformance-catalogue-${process.getuid?.() ?? 'user'}-`;

/** A hash of the TypeScript and JSON files under `dirs` (paths and contents). */
export function sourcesHash(dirs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const dir of dirs)
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!/\.(ts|json)$/.test(file)) continue;
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(dir, file)));
    }
  return hash.digest('hex').slice(0, 16);
}

/** The clauses `read` declares, from the entry for `key` when there is one, else read and kept under it. */
export async function cachedDeclarations(
  key: string,
  read: () => Promise<Clause[]>,
  dir = tmpdir(),
): Promise<Clause[]> {
  const file = join(dir, `${PREFIX}${key}.json`);
  try {
    if (process.getuid && statSync(file).uid !== process.getuid()) throw new Error("another user's entry");
    return JSON.parse(readFileSync(file, 'utf8')) as Clause[];
  } catch {
    // No entry yet (a broken one, another user's): read the suite files.
  }
  const clauses = await read();
  try {
    // Written whole or not at all (a rename), so that a process reading at the same moment never sees half of it.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(clauses));
    renameSync(partial, file);
    // The entries of other sources (an older checkout) are not needed any more; one in use is read again.
    for (const name of readdirSync(dir))
      if (name.startsWith(PREFIX) && name !== `${PREFIX}${key}.json` && name.endsWith('.json'))
        rmSync(join(dir, name), { force: true });
  } catch {
    // A temporary folder that cannot be written: the next process reads the suite files again.
  }
  return clauses;
}
