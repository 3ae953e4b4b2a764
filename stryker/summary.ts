/**
 * The mutation run's summary (pure; scripts/mutation-summary.ts prints it): the score, and the surviving mutants
 * grouped by where they live. A mutant in a route handler is grouped under the route it serves (`GET /drafts`),
 * one in a route table entry under that entry's route; anything else under its file and function
 * (`core/drafts.ts › validateDraft`, `http/router.ts › Router.match`).
 */
import ts from 'typescript';

export interface Position {
  line: number;
  column: number;
}

/** A mutant as Stryker's JSON report (or the mutant log) gives it; lines and columns count from 1. */
export interface MutantRecord {
  id: string;
  fileName: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: string;
  statusReason?: string;
  static?: boolean;
}

/** Detected: killed or timed out. Undetected: survived or never reached. The rest count for neither. */
const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];

export interface Group {
  label: string;
  file: string;
  /** The label names routes, none of them an operation of the contract (setup operations only). */
  setupOnly: boolean;
  survivors: MutantRecord[];
  noCoverage: MutantRecord[];
}

export interface Summary {
  total: number;
  counts: Record<string, number>;
  /** Detected over detected + undetected, in percent (Stryker's mutation score). */
  score: number;
  /** Detected over detected + survived: the score of the code the suites reach. */
  coveredScore: number;
  /** Killed mutants whose run ended only in an `error` outcome (no clause failed or warned). */
  killedByErrorOnly: number;
  /** Ignored mutants by reason. */
  ignored: Record<string, number>;
  /** Groups with undetected mutants, most first. */
  groups: Group[];
}

interface Region {
  start: number;
  end: number;
  /** A function or class member name, or a route (`GET /drafts`) for a route table entry. */
  label: string;
  kind: 'function' | 'route' | 'value';
}

interface FileMap {
  regions: Region[];
  /** Handler name → the routes it serves. */
  handlers: Map<string, string[]>;
  source: ts.SourceFile;
}

function stringProperty(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return p.initializer;
  }
  return undefined;
}

/** `{ method: 'GET', path: '/drafts', handler: listDrafts }` → its route and handler. */
function routeEntry(node: ts.Node): { route: string; handler?: string } | undefined {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const method = stringProperty(node, 'method');
  const path = stringProperty(node, 'path');
  if (!method || !path || !ts.isStringLiteral(method) || !ts.isStringLiteral(path)) return undefined;
  const handler = stringProperty(node, 'handler');
  return {
    route: `${method.text} ${path.text}`,
    ...(handler && ts.isIdentifier(handler) ? { handler: handler.text } : {}),
  };
}

export function mapFile(fileName: string, text: string): FileMap {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const regions: Region[] = [];
  const handlers = new Map<string, string[]>();
  const add = (node: ts.Node, label: string, kind: Region['kind']) =>
    regions.push({ start: node.getStart(source), end: node.getEnd(), label, kind });
  const findRoutes = (node: ts.Node): void => {
    const entry = routeEntry(node);
    if (entry) {
      add(node, entry.route, 'route');
      if (entry.handler) handlers.set(entry.handler, [...(handlers.get(entry.handler) ?? []), entry.route]);
      return;
    }
    ts.forEachChild(node, findRoutes);
  };
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) add(statement, statement.name.text, 'function');
    else if (ts.isClassDeclaration(statement)) {
      const className = statement.name?.text ?? '(class)';
      add(statement, className, 'value');
      for (const member of statement.members) {
        const name =
          member.name && (ts.isIdentifier(member.name) || ts.isPrivateIdentifier(member.name))
            ? member.name.text
            : ts.isConstructorDeclaration(member)
              ? 'constructor'
              : undefined;
        if (name) add(member, `${className}.${name}`, 'function');
      }
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const init = declaration.initializer;
        const isFunction = init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init));
        add(statement, declaration.name.text, isFunction ? 'function' : 'value');
        if (init && !isFunction) findRoutes(init);
      }
    }
  }
  return { regions, handlers, source };
}

/** Where a mutant lives: its route, or `file › function`. `file` is relative to reference/. */
export function groupLabel(map: FileMap, file: string, at: Position): string {
  const lineStarts = map.source.getLineStarts();
  const lineStart = lineStarts[Math.min(at.line - 1, lineStarts.length - 1)] ?? 0;
  const offset = lineStart + Math.max(at.column - 1, 0);
  const inside = map.regions
    .filter((r) => r.start <= offset && offset < r.end)
    .sort((a, b) => a.end - a.start - (b.end - b.start));
  const region = inside[0];
  if (!region) return `${file} (module level)`;
  if (region.kind === 'route') return region.label;
  const routes = region.kind === 'function' ? map.handlers.get(region.label) : undefined;
  if (routes?.length) return routes.join(', ');
  return `${file} › ${region.label}`;
}

/** `reference/core/drafts.ts` → `core/drafts.ts`. */
export function shortName(fileName: string): string {
  return fileName.replace(/\\/g, '/').replace(/^(.*\/)?reference\//, '');
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/** `PATCH /messages/{message_id}` → `PATCH /messages/{}`: routes and clause endpoints name path parameters apart. */
export const endpointKey = (route: string) => route.replace(/\{[^}]*\}/g, '{}');

const ROUTE = /^(GET|POST|PATCH|PUT|DELETE) \//;

export function summarize(
  mutants: readonly MutantRecord[],
  sources: ReadonlyMap<string, string>,
  /** The contract's operations (`endpointKey` of each clause's endpoint): routes outside it are setup operations. */
  contract: ReadonlySet<string> = new Set(),
): Summary {
  const counts: Record<string, number> = {};
  const ignored: Record<string, number> = {};
  let killedByErrorOnly = 0;
  const maps = new Map<string, FileMap>();
  const groups = new Map<string, Group>();
  for (const m of mutants) {
    counts[m.status] = (counts[m.status] ?? 0) + 1;
    if (m.status === 'Ignored') ignored[m.statusReason ?? '?'] = (ignored[m.statusReason ?? '?'] ?? 0) + 1;
    if (m.status === 'Killed' && m.statusReason?.startsWith('error')) killedByErrorOnly++;
    if (!UNDETECTED.includes(m.status)) continue;
    const file = shortName(m.fileName);
    let label = `${file} (source not found)`;
    const text = sources.get(m.fileName);
    if (text !== undefined) {
      if (!maps.has(m.fileName)) maps.set(m.fileName, mapFile(m.fileName, text));
      label = groupLabel(maps.get(m.fileName)!, file, m.location.start);
    }
    const routes = label.split(', ');
    const setupOnly = contract.size > 0 && routes.every((r) => ROUTE.test(r) && !contract.has(endpointKey(r)));
    const group = groups.get(label) ?? { label, file, setupOnly, survivors: [], noCoverage: [] };
    (m.status === 'Survived' ? group.survivors : group.noCoverage).push(m);
    groups.set(label, group);
  }
  const count = (statuses: string[]) => statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const detected = count(DETECTED);
  const undetected = (g: Group) => g.survivors.length + g.noCoverage.length;
  return {
    total: mutants.length,
    counts,
    score: percent(detected, detected + count(UNDETECTED)),
    coveredScore: percent(detected, detected + (counts.Survived ?? 0)),
    killedByErrorOnly,
    ignored,
    groups: [...groups.values()].sort((a, b) => undetected(b) - undetected(a) || a.label.localeCompare(b.label)),
  };
}

/** One line per mutant: `12:5 ConditionalExpression → true`. */
export function describeMutant(m: MutantRecord, source?: string): string {
  const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70);
  const original = source ? originalText(source, m).replace(/\s+/g, ' ').slice(0, 60) : undefined;
  return `${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${original ? ` ${original}` : ''} → ${replacement}`;
}

function originalText(source: string, m: MutantRecord): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? '';
  return `${lines[start.line - 1]?.slice(start.column - 1) ?? ''}…`;
}

export function formatSummary(
  summary: Summary,
  sources: ReadonlyMap<string, string>,
  options: { perGroup: number; groups: number },
): string {
  const c = (s: string) => summary.counts[s] ?? 0;
  const lines = [
    `mutation score ${summary.score}% (score of covered code ${summary.coveredScore}%) · ${summary.total} mutants: ` +
      `${c('Killed')} killed, ${c('Timeout')} timeout, ${c('Survived')} survived, ${c('NoCoverage')} no coverage, ` +
      `${c('Ignored')} ignored, ${c('RuntimeError') + c('CompileError')} errors`,
  ];
  if (summary.killedByErrorOnly)
    lines.push(
      `  ${summary.killedByErrorOnly} of the killed ended only in an error outcome (no clause failed or warned)`,
    );
  for (const [reason, n] of Object.entries(summary.ignored).sort((a, b) => b[1] - a[1]))
    lines.push(`  ignored ${n}: ${reason}`);
  const shown = summary.groups.slice(0, options.groups);
  if (shown.length) lines.push('', 'undetected mutants by route (survived + no coverage), most first:');
  for (const g of shown) {
    const source = sources.get(g.survivors[0]?.fileName ?? g.noCoverage[0]?.fileName ?? '');
    const where = g.label.startsWith(g.file) ? '' : `  (${g.file})`;
    const noCoverage = g.noCoverage.length ? ` + ${g.noCoverage.length} no coverage` : '';
    const setup = g.setupOnly ? '  [setup operation, not in the contract]' : '';
    lines.push(`${String(g.survivors.length).padStart(5)}${noCoverage}  ${g.label}${where}${setup}`);
    for (const m of [...g.survivors, ...g.noCoverage].slice(0, options.perGroup))
      lines.push(`         ${m.status === 'NoCoverage' ? '(no coverage) ' : ''}${describeMutant(m, source)}`);
  }
  if (summary.groups.length > shown.length) lines.push(`  … and ${summary.groups.length - shown.length} more groups`);
  return lines.join('\n');
}
