// Imports go one way (docs/contributing.md, "Imports go one way"): between the top-level folders as MAY_IMPORT says,
// and inside helpers/ from a layer to the layers below it only. A cycle, or an import against the direction, fails.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cycleIn,
  folderGraph,
  helpersFolder,
  type Import,
  importsUnder,
  sourceFiles,
  topFolder,
} from '../support/module-graph.ts';

const root = join(import.meta.dirname, '..', '..');

/**
 * What each top-level folder may import. The contract model and the fixtures import no project code; the harness
 * and the reference read only those two, never each other (the reference is a second reading of the contract);
 * the entry points sit on top. Nothing imports scripts; only the root's vitest.config.ts imports test.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  contract: [],
  fixtures: [],
  helpers: ['contract', 'fixtures'],
  reference: ['contract', 'fixtures'],
  suites: ['helpers', 'contract', 'fixtures'],
  stryker: ['suites', 'helpers', 'reference', 'contract', 'fixtures'],
  scripts: ['stryker', 'suites', 'helpers', 'reference', 'contract', 'fixtures'],
  bin: ['scripts'],
  test: ['bin', 'stryker', 'suites', 'helpers', 'reference', 'contract', 'fixtures'],
  '(root)': ['helpers', 'test'],
};

/**
 * helpers/ from the bottom: each layer imports only the layers before it (and itself, within a folder). The
 * errors, progress and roles modules; the HTTP client, the configuration and the clause declarations; the world a
 * run prepares and the expected failures; the checks; the arbitraries and reporters; the run and the command line.
 */
const HELPERS_LAYERS: readonly (readonly string[])[] = [
  ['(files)'],
  ['http', 'config', 'clauses'],
  ['world', 'expectations'],
  ['checks'],
  ['arbitraries', 'reporters'],
  ['run', 'cli'],
];
const layerOf = (folder: string) => HELPERS_LAYERS.findIndex((layer) => layer.includes(folder));

const imports = importsUnder(root);
const show = (list: readonly Import[]) => list.map(({ from, to }) => `${from} → ${to}`);

/** Imports between top-level folders that MAY_IMPORT does not allow (a folder it does not name allows none). */
function againstTheTop(list: readonly Import[]): Import[] {
  return list.filter(({ from, to }) => {
    const [a, b] = [topFolder(from), topFolder(to)];
    return a !== b && !(MAY_IMPORT[a] ?? []).includes(b);
  });
}

/** Imports inside helpers/ from a folder to one of its own layer or above (or to a folder no layer names). */
function upwardInHelpers(list: readonly Import[]): Import[] {
  return list.filter(({ from, to }) => {
    const [a, b] = [helpersFolder(from), helpersFolder(to)];
    if (a === undefined || b === undefined || a === b) return false;
    return layerOf(b) < 0 || layerOf(a) <= layerOf(b);
  });
}

describe('the direction of imports', () => {
  it('reads the imports of every source file', () => {
    expect(sourceFiles(root).length).toBeGreaterThan(300);
    expect(imports.length).toBeGreaterThan(1000);
  });

  it('goes between the top-level folders as stated, without a cycle', () => {
    expect(show(againstTheTop(imports))).toEqual([]);
    expect(cycleIn(folderGraph(imports, topFolder))).toBeUndefined();
  });

  it('inside helpers/, goes from each layer to the ones below only', () => {
    const folders = new Set(
      sourceFiles(root)
        .map(helpersFolder)
        .filter((f) => f !== undefined),
    );
    expect(
      [...folders].filter((f) => layerOf(f) < 0),
      'helpers folders no layer names',
    ).toEqual([]);
    expect(show(upwardInHelpers(imports))).toEqual([]);
    expect(cycleIn(folderGraph(imports, helpersFolder))).toBeUndefined();
  });

  it('would catch each kind of departure', () => {
    const bad: Import[] = [
      { from: 'helpers/config/load.ts', to: 'reference/faults.ts' },
      { from: 'reference/http/bad-input.faults.ts', to: 'helpers/contract/index.ts' },
      { from: 'helpers/world/recover.ts', to: 'helpers/checks/actors.ts' },
      { from: 'helpers/checks/context.ts', to: 'helpers/run/run-scoped.ts' },
    ];
    expect(show(againstTheTop(bad))).toEqual(show(bad.slice(0, 2)));
    expect(show(upwardInHelpers(bad))).toEqual(show(bad.slice(2)));
    const cyclic = folderGraph(bad.slice(0, 2), topFolder);
    expect(cycleIn(cyclic)).toEqual(['helpers', 'reference', 'helpers']);
  });
});
