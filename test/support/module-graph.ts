/**
 * The project's imports as a graph of folders, for test/unit/module-direction.test.ts: every relative import (static,
 * dynamic, type-only, re-export) of every .ts and .mjs file, each side named by the folder it sits in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Import {
  readonly from: string;
  readonly to: string;
}

const SKIPPED = new Set(['node_modules', 'reports', 'coverage', '.stryker-tmp', '.git']);
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every .ts and .mjs file under `root`, relative to it, with `/` between folders. */
export function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** The relative imports of each file, resolved to paths under `root`. */
export function importsUnder(root: string, files = sourceFiles(root)): Import[] {
  return files.flatMap((from) =>
    [...readFileSync(join(root, from), 'utf8').matchAll(SPECIFIER)].map((match) => ({
      from,
      to: relative(root, resolve(root, dirname(from), match[1]!))
        .split(sep)
        .join('/'),
    })),
  );
}

/** The top-level folder of a path; `(root)` for the files beside package.json. */
export const topFolder = (path: string): string => (path.includes('/') ? path.split('/')[0]! : '(root)');

/** The folder of a path inside helpers/ (`(files)` for helpers/errors.ts and its siblings), or undefined outside. */
export function helpersFolder(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'helpers') return undefined;
  return parts.length > 2 ? parts[1] : '(files)';
}

/** folder → the folders it imports, from the imports between two folders as `folderOf` names them. */
export function folderGraph(
  imports: readonly Import[],
  folderOf: (path: string) => string | undefined,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === undefined || b === undefined || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/** One cycle of the graph as the folders along it (first repeated at the end), or undefined when there is none. */
export function cycleIn(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}
