/**
 * The contract as data: its 21 operations (Endpoints 1–21), and the lookup from a concrete request to the
 * operation it calls.
 */
import { type KeyOf, keyOf, type Operation, type Param } from './operation.ts';
import { channelOperations } from './operations/channels.ts';
import { deviceAndQueueOperations } from './operations/devices-queues.ts';
import { draftOperations } from './operations/drafts.ts';
import { messageOperations } from './operations/messages.ts';
import { userOperations } from './operations/users.ts';
import type { Condition, Scalar } from './shapes.ts';

const REGISTERED = [
  ...messageOperations,
  ...channelOperations,
  ...userOperations,
  ...draftOperations,
  ...deviceAndQueueOperations,
];

/** Every operation of the contract, in the order of its sections. */
export const OPERATIONS: readonly Operation[] = [...REGISTERED].sort((a, b) => a.n - b.n);

/**
 * The key of each registered operation ("POST /drafts"), as a type: a `Record<OperationKey, …>` that misses an
 * operation fails the typecheck (the probe set-ups' table, suites/conventions/probe-setups.ts).
 */
export type OperationKey = KeyOf<(typeof REGISTERED)[number]>;

/** All paths sit under this prefix (Versioning 1). */
export const API_PREFIX = '/api/v1';

const BY_KEY = new Map(OPERATIONS.map((op) => [keyOf(op), op]));

/** The operation with this key ("POST /drafts"), or its section number. */
export function operation(keyOrNumber: string | number): Operation {
  const op = typeof keyOrNumber === 'number' ? OPERATIONS.find((o) => o.n === keyOrNumber) : BY_KEY.get(keyOrNumber);
  if (!op) throw new Error(`no operation ${keyOrNumber} in the contract model`);
  return op;
}

interface Matcher {
  op: Operation;
  regex: RegExp;
  names: string[];
  literals: number;
}

/** Path parameters are integer ids: `/users/me` is not `GET /users/{user_id}`. */
const MATCHERS: Matcher[] = OPERATIONS.map((op) => {
  const names: string[] = [];
  const segments = op.path.split('/').map((segment) => {
    const m = /^\{(\w+)\}$/.exec(segment);
    if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(m[1]!);
    return '(-?\\d+)';
  });
  return {
    op,
    regex: new RegExp(`^${segments.join('/')}$`),
    names,
    literals: op.path.split('/').length - names.length,
  };
}).sort((a, b) => b.literals - a.literals);

export interface OperationMatch {
  operation: Operation;
  /** Path parameter values as written in the path. */
  pathParams: Record<string, string>;
}

/** The path relative to `/api/v1`: accepts a full URL, a path with or without the prefix, and drops a query. */
export function relativePath(pathOrUrl: string): string {
  let path = pathOrUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) path = new URL(path).pathname;
  path = path.replace(/[?#].*$/, '');
  const at = path.indexOf(`${API_PREFIX}/`);
  if (at >= 0) path = path.slice(at + API_PREFIX.length);
  return path;
}

/** The contract operation a concrete request calls, with its path parameters; undefined for any other request. */
export function matchOperation(method: string, pathOrUrl: string): OperationMatch | undefined {
  const path = relativePath(pathOrUrl);
  const upper = method.toUpperCase();
  for (const m of MATCHERS) {
    if (m.op.method !== upper) continue;
    const found = m.regex.exec(path);
    if (!found) continue;
    return { operation: m.op, pathParams: Object.fromEntries(m.names.map((n, i) => [n, found[i + 1]!])) };
  }
  return undefined;
}

/** `operationOf('GET', '/api/v1/users/123')` is `GET /users/{user_id}`. */
export const operationOf = (method: string, pathOrUrl: string): Operation | undefined =>
  matchOperation(method, pathOrUrl)?.operation;

/** The path template filled in with values (encoded), e.g. `/users/123`. */
export function fillPath(op: Operation, values: Readonly<Record<string, string | number>>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${keyOf(op)}: no value for path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const paramOf = (op: Operation, name: string): Param | undefined => op.params.find((p) => p.name === name);

/**
 * Whether a condition holds for these request values (an absent parameter counts as its default). Values are
 * compared as text, as they travel: `3` and `"3"`, `true` and `"true"` are the same.
 */
export function holds(
  condition: Condition,
  values: Readonly<Record<string, unknown>>,
  op?: Pick<Operation, 'params'>,
): boolean {
  const given = values[condition.field];
  if (condition.present !== undefined) return (given !== undefined) === condition.present;
  const value = given ?? op?.params.find((p) => p.name === condition.field)?.default;
  if (value === undefined) return false;
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const same = (list: readonly Scalar[]) => list.some((v) => text(v) === text(value));
  if (condition.in && !same(condition.in)) return false;
  if (condition.notIn && same(condition.notIn)) return false;
  return true;
}
