// The pure parts of `npm run mutation`: the verdict of a run, the ignorers' predicates and the survivor summary.
import { describe, expect, it } from 'vitest';
import { isFaultSwitch, needsFault } from '../../stryker/ignorers.mjs';
import { endpointKey, formatSummary, type MutantRecord, summarize } from '../../stryker/summary.ts';
import { setupFailure, verdictOf } from '../../stryker/verdict.ts';

const ROUTES = `import { notFound } from '../core/errors.ts';

function listThings(ctx) {
  return { things: [] };
}

function ownThing(ctx) {
  if (!ctx.thing) throw notFound('no');
  return ctx.thing;
}

function editThing(ctx) {
  ownThing(ctx);
  return {};
}

export const thingRoutes = [
  { method: 'GET', path: '/things', handler: listThings },
  { method: 'PATCH', path: '/things/{id}', handler: editThing },
  { method: 'PUT', path: '/things/{id}', handler: editThing },
];
`;

const CORE = `export class Store {
  count = 0;
  next(): number {
    return ++this.count;
  }
}
const LIMIT = 3;
`;

const at = (line: number, column: number) => ({ start: { line, column }, end: { line, column: column + 1 } });
const mutant = (id: string, fileName: string, line: number, column: number, status: string, reason?: string) =>
  ({
    id,
    fileName,
    mutatorName: 'ConditionalExpression',
    replacement: 'true',
    location: at(line, column),
    status,
    ...(reason ? { statusReason: reason } : {}),
  }) as MutantRecord;

describe('the verdict of a conformance run on a mutant', () => {
  it('kills on a failed, warned or error clause, naming the most severe first', () => {
    expect(verdictOf([{ id: 'A-001', outcome: 'passed' }])).toEqual({ killed: false });
    expect(verdictOf([{ id: 'A-001', outcome: 'skipped-unsupported' }])).toEqual({ killed: false });
    const v = verdictOf([
      { id: 'B-001', outcome: 'error', reason: 'boom' },
      { id: 'A-002', outcome: 'warned', reason: 'should\nmore' },
      { id: 'A-001', outcome: 'passed' },
    ]);
    expect(v).toEqual({ killed: true, clauses: ['A-002', 'B-001'], message: 'warned A-002: should' });
  });

  it('kills when the run never reached the checks', () => {
    expect(setupFailure(new Error('no server\nstack'), 'server start')).toEqual({
      killed: true,
      clauses: [],
      message: 'error (server start): no server',
    });
  });
});

describe('the ignorers', () => {
  const call = (object: object) => ({
    type: 'CallExpression',
    callee: { type: 'MemberExpression', object, property: { type: 'Identifier', name: 'has' } },
  });
  const faults = call({ type: 'Identifier', name: 'faults' });
  const ctxFaults = call({ type: 'MemberExpression', property: { type: 'Identifier', name: 'faults' } });
  const privateFaults = call({ type: 'MemberExpression', property: { type: 'PrivateName', id: { name: 'faults' } } });
  const other = call({ type: 'Identifier', name: 'users' });

  it('know a fault switch', () => {
    expect([faults, ctxFaults, privateFaults].map(isFaultSwitch)).toEqual([true, true, true]);
    expect(isFaultSwitch(other)).toBe(false);
  });

  it('know a condition that holds only with a fault on', () => {
    const and = (left: object, right: object) => ({ type: 'LogicalExpression', operator: '&&', left, right });
    expect(needsFault(and(other, faults))).toBe(true);
    expect(needsFault({ type: 'LogicalExpression', operator: '||', left: other, right: faults })).toBe(false);
    expect(needsFault({ type: 'UnaryExpression', operator: '!', argument: faults })).toBe(false);
  });
});

describe('the survivor summary', () => {
  const sources = new Map([
    ['reference/routes/things.ts', ROUTES],
    ['reference/core/store.ts', CORE],
  ]);
  const mutants = [
    mutant('1', 'reference/routes/things.ts', 4, 10, 'Survived'),
    mutant('2', 'reference/routes/things.ts', 13, 3, 'Survived'),
    mutant('3', 'reference/routes/things.ts', 13, 3, 'NoCoverage'),
    mutant('4', 'reference/routes/things.ts', 8, 7, 'Survived'),
    mutant('5', 'reference/routes/things.ts', 19, 14, 'Survived'),
    mutant('6', 'reference/core/store.ts', 4, 12, 'Survived'),
    mutant('7', 'reference/core/store.ts', 7, 15, 'Survived'),
    mutant('8', 'reference/core/store.ts', 4, 12, 'Killed', 'failed A-001: x'),
    mutant('9', 'reference/core/store.ts', 4, 12, 'Killed', 'error B-001: y'),
    mutant('10', 'reference/core/store.ts', 4, 12, 'Timeout'),
    mutant('11', 'reference/core/store.ts', 4, 12, 'Ignored', 'fault switch'),
    mutant('12', 'reference/core/store.ts', 4, 12, 'RuntimeError'),
  ];

  it('groups handlers under their routes, route entries under theirs, the rest by file and function', () => {
    const summary = summarize(mutants, sources, new Set([endpointKey('GET /things'), 'PATCH /things/{}']));
    expect(summary.groups.filter((g) => g.setupOnly).map((g) => g.label)).toEqual([]);
    expect(summarize(mutants, sources, new Set(['GET /things'])).groups.filter((g) => g.setupOnly).length).toBe(2);
    expect(summary.groups.map((g) => [g.label, g.survivors.length, g.noCoverage.length])).toEqual([
      ['PATCH /things/{id}, PUT /things/{id}', 1, 1],
      ['core/store.ts › LIMIT', 1, 0],
      ['core/store.ts › Store.next', 1, 0],
      ['GET /things', 1, 0],
      ['PATCH /things/{id}', 1, 0],
      ['routes/things.ts › ownThing', 1, 0],
    ]);
  });

  it('scores like Stryker: detected over detected and undetected; ignored and errors count for neither', () => {
    const summary = summarize(mutants, sources);
    expect(summary.score).toBe(30); // 3 detected of 10
    expect(summary.coveredScore).toBe(33.3); // 3 of 9
    expect(summary.killedByErrorOnly).toBe(1);
    expect(summary.ignored).toEqual({ 'fault switch': 1 });
    const text = formatSummary(summary, sources, { groups: 2, perGroup: 1 });
    expect(text).toMatch(
      /^mutation score 30% \(score of covered code 33.3%\) · 12 mutants: 2 killed, 1 timeout, 6 survived, 1 no coverage, 1 ignored, 1 errors/,
    );
    expect(text).toContain('    1 + 1 no coverage  PATCH /things/{id}, PUT /things/{id}  (routes/things.ts)');
    expect(text).toContain('… and 4 more groups');
  });
});
