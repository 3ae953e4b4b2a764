/**
 * Bad-input probes generated from the model: for each operation, requests that a conforming server must refuse,
 * each built from a valid request the caller supplies (ids come from the run's world) and one mutation.
 *
 * - each required parameter left out (a conditionally required one, from a base where the condition holds);
 * - each JSON-encoded parameter given text that is not JSON, and JSON of a type it does not admit;
 * - each integer parameter (path ones included) given a non-integer; each boolean a non-boolean;
 * - each enumerated parameter given a value outside its set;
 * - each bound the contract says is refused, one past it (never content or topic length: servers may truncate);
 * - inside JSON lists of objects (drafts, narrow): each required field left out, enumerations, types, bounds;
 * - the rules tying parameters together (queue_id with local_id, content with stream_id, …).
 * A parameter the contract marks ignored in some case (`usedWhen`) is probed only from a base where it is read.
 */

import { jsonOfWrongType, NO_SUCH_ID, NOT_BOOLEAN, NOT_INTEGER, NOT_JSON, outsideEnum } from './bad-values.ts';
import { REFINEMENTS } from './codes.ts';
import { fillPath, holds, OPERATIONS, paramOf } from './model.ts';
import { keyOf, type Operation, type Param, type ParamRule } from './operation.ts';
import { elementProbes, type ProbeSeed, ruleMutations } from './probe-rules.ts';
import type { Method, Params, ParamValue } from './wire.ts';

export type ProbeKind =
  | 'missing'
  | 'not-json'
  | 'wrong-json-type'
  | 'not-integer'
  | 'not-boolean'
  | 'outside-enum'
  | 'beyond-limit'
  | 'rule';

/** A valid request of an operation, from the caller's world. */
export interface BaseRequest {
  readonly pathParams?: Readonly<Record<string, string | number>>;
  readonly params: Params;
}

/** The valid requests of an operation (several, where conditions need different bases), or none to skip it. */
export type ValidRequests = (op: Operation) => BaseRequest | readonly BaseRequest[] | undefined;

export type Mutation =
  | { readonly param: string; readonly action: 'remove' }
  /** A string value is sent as it is (the client never re-encodes one), so it can carry broken JSON. */
  | { readonly param: string; readonly action: 'set'; readonly value: ParamValue; readonly in?: 'path' };

export interface ProbeRequest {
  readonly method: Method;
  readonly path: string;
  readonly params: Params;
}

export interface ProbeExpectation {
  readonly result: 'error';
  /** The code to answer with: BAD_REQUEST here, or the code the contract names for the case; undefined: any. */
  readonly code?: string;
  /** True where the contract fixes the code (a missing parameter, a bound it names a code for). */
  readonly codeFixed: boolean;
  /** More specific codes a server may use instead (a refinement, SHOULD-level at most). */
  readonly refinements: readonly string[];
  /** A 404 without the envelope is accepted: a non-integer path id names no operation. */
  readonly notFoundAccepted?: boolean;
}

export interface Probe {
  /** Stable: operation, target, kind and variant. */
  readonly id: string;
  readonly operation: string;
  /** The operation's section number in the contract. */
  readonly n: number;
  /** The parameter probed (for rules, the one the rule is about). */
  readonly param: string;
  /** Inside a JSON list of objects, the field probed (`type` of each draft). */
  readonly element?: string;
  readonly kind: ProbeKind;
  /** 0 for the `full` profile's probe, 1… for the `nightly` variants. */
  readonly variant: number;
  /** "drafts: not JSON". */
  readonly label: string;
  readonly base: ProbeRequest;
  readonly mutations: readonly Mutation[];
  readonly request: ProbeRequest;
  readonly expect: ProbeExpectation;
  /**
   * Who should send it, so that only the bad input can be the reason for a refusal: `administrator` for
   * operations or parameters reserved to administrators, `anyone` otherwise (Fetch an API key needs no
   * credentials at all).
   */
  readonly caller: 'administrator' | 'anyone';
}

export interface ProbeOptions {
  /** Register-response settings (max_message_length …), for bounds given by name. */
  readonly settings?: Readonly<Record<string, number>>;
}

const basesOf = (op: Operation, valid: ValidRequests): readonly BaseRequest[] => {
  const found = valid(op);
  return found === undefined ? [] : Array.isArray(found) ? found : [found as BaseRequest];
};

/** Every probe of one operation (all variants). */
export function probesFor(op: Operation, valid: ValidRequests, opts: ProbeOptions = {}): Probe[] {
  const bases = basesOf(op, valid);
  if (bases.length === 0) return [];
  const probes: Probe[] = [];
  const add = (seed: ProbeSeed, base: BaseRequest) => probes.push(build(op, base, seed));
  for (const p of op.params) {
    for (const [seed, base] of paramProbes(op, p, bases, opts)) add(seed, base);
  }
  for (const rule of op.rules ?? []) {
    for (const [seed, base] of ruleMutations(op, rule, bases)) add({ ...seed, expect: ruleExpectation(rule) }, base);
  }
  return probes;
}

/**
 * Whether a request to the operation can get a parameter wrong at all: a path id, a required parameter, a JSON,
 * integer, boolean or enumerated one, a refused length, or a rule over several (what paramProbes and the rules
 * mutate). Such an operation has a BAD-* clause (suites/conventions/bad-input.test.ts); one whose only parameters take
 * any text (a test notification's optional token) or that has none (getting drafts) does not.
 */
export function takesBadInput(op: Operation): boolean {
  const refusedLength = (p: Param) =>
    (p.limits ?? []).some((l) => l.beyond === 'refuse' && l.measure === 'length' && l.scope !== 'organization');
  return (
    (op.rules ?? []).length > 0 ||
    op.params.some(
      (p) =>
        p.in === 'path' ||
        p.required !== false ||
        p.encoding === 'json' ||
        p.type.kind === 'integer' ||
        p.type.kind === 'boolean' ||
        outsideEnum(p.type).length > 0 ||
        refusedLength(p),
    )
  );
}

/** Every probe of every operation: the `nightly` set, in the contract's order. */
export function allProbes(valid: ValidRequests, opts: ProbeOptions & { operations?: readonly Operation[] } = {}) {
  return (opts.operations ?? OPERATIONS).flatMap((op) => probesFor(op, valid, opts));
}

const invalid = (p: Param): ProbeExpectation => ({
  result: 'error',
  code: 'BAD_REQUEST',
  codeFixed: false,
  refinements: p.name === 'narrow' ? [...REFINEMENTS.invalid, ...REFINEMENTS.narrow] : REFINEMENTS.invalid,
});

const MISSING: ProbeExpectation = {
  result: 'error',
  code: 'BAD_REQUEST',
  codeFixed: true,
  refinements: REFINEMENTS.missing,
};
const PATH_ID: ProbeExpectation = { result: 'error', codeFixed: false, refinements: [], notFoundAccepted: true };

/** The probes of one parameter, each with the base it mutates. */
function paramProbes(op: Operation, p: Param, bases: readonly BaseRequest[], opts: ProbeOptions) {
  const out: [ProbeSeed, BaseRequest][] = [];
  const read = bases.filter((b) => !p.usedWhen || holds(p.usedWhen, b.params, op));
  const base = read[0];
  if (!base) return out;
  const seed = (kind: ProbeKind, variant: number, label: string, mutation: Mutation, expect: ProbeExpectation) =>
    ({ param: p.name, kind, variant, label: `${p.name}: ${label}`, mutations: [mutation], expect }) as ProbeSeed;
  const set = (kind: ProbeKind, values: readonly ParamValue[], label: (v: ParamValue) => string) => {
    for (const [variant, value] of values.entries()) {
      const mutation: Mutation = { param: p.name, action: 'set', value, ...(p.in === 'path' ? { in: 'path' } : {}) };
      out.push([seed(kind, variant, label(value), mutation, p.in === 'path' ? PATH_ID : invalid(p)), base]);
    }
  };

  // Left out: from a base that has it, where it is required (a conditional requirement holding there).
  if (p.in === 'request' && p.required !== false) {
    const required = p.required;
    const from = read.find(
      (b) => b.params[p.name] !== undefined && (required === true || holds(required, b.params, op)),
    );
    const label = required === true ? 'missing' : 'missing where required';
    if (from) out.push([seed('missing', 0, label, { param: p.name, action: 'remove' }, MISSING), from]);
  }
  if (p.encoding === 'json') {
    set('not-json', NOT_JSON, () => 'not JSON');
    set('wrong-json-type', jsonOfWrongType(p.type), (v) => `JSON of the wrong type (${v})`);
  }
  if (p.type.kind === 'integer') set('not-integer', notIntegerFor(base, p), (v) => `not an integer (${v})`);
  if (p.type.kind === 'boolean') set('not-boolean', NOT_BOOLEAN, (v) => `not a boolean (${v})`);
  set('outside-enum', outsideEnum(p.type), (v) => `${JSON.stringify(v)}, outside its set`);
  // Lengths one past a bound the contract says is refused (none of the truncated ones).
  for (const limit of p.limits ?? []) {
    if (limit.beyond !== 'refuse' || limit.scope === 'organization' || limit.measure !== 'length') continue;
    const max = typeof limit.max === 'string' ? opts.settings?.[limit.max] : limit.max;
    const lengths = [...(limit.min ? [limit.min - 1] : []), ...(max !== undefined ? [max + 1] : [])];
    const expect = { ...invalid(p), code: limit.code ?? 'BAD_REQUEST', codeFixed: limit.code !== undefined };
    for (const [variant, length] of lengths.entries()) {
      const label = length === 0 ? 'empty' : `${length} characters, beyond its bound`;
      const mutation: Mutation = { param: p.name, action: 'set', value: 'x'.repeat(length) };
      out.push([seed('beyond-limit', variant, label, mutation, expect), base]);
    }
  }
  for (const [s, from] of elementProbes(p, read)) out.push([{ ...s, expect: s.expect ?? invalid(p) }, from]);
  return out;
}

/**
 * The non-integers for a parameter: a fraction is built on the base's own id ("42.5"), so that a server that
 * reads it leniently acts on the caller's own object, never on whatever id 1 names.
 */
function notIntegerFor(base: BaseRequest, p: Param): string[] {
  const current = p.in === 'path' ? base.pathParams?.[p.name] : base.params[p.name];
  const own = typeof current === 'number' || (typeof current === 'string' && /^\d+$/.test(current)) ? current : 1;
  return NOT_INTEGER.map((v) => (v === '1.5' ? `${own}.5` : v));
}

function ruleExpectation(rule: ParamRule): ProbeExpectation {
  // "If given, X is required" (any value of the parameter, needing another one present) is a missing parameter:
  // BAD_REQUEST by the Errors table. Every other rule — a value allowed only in some cases, such as change_later
  // on a content-only edit, or two parameters that exclude each other — is an invalid value, whose code the
  // contract leaves open ("errors for invalid field values not listed above: not shown"): any error code.
  const missing =
    rule.kind === 'only-when' && rule.values === undefined && rule.conditions.every((c) => c.present === true);
  return {
    result: 'error',
    code: 'BAD_REQUEST',
    codeFixed: missing,
    refinements: [...REFINEMENTS.missing, ...REFINEMENTS.invalid],
  };
}

function build(op: Operation, base: BaseRequest, seed: ProbeSeed): Probe {
  const params: Record<string, ParamValue> = { ...base.params };
  const pathParams: Record<string, string | number> = { ...base.pathParams };
  for (const m of seed.mutations) {
    if (m.action === 'remove') delete params[m.param];
    else if (m.in === 'path') pathParams[m.param] = String(m.value);
    else params[m.param] = m.value;
  }
  const key = keyOf(op);
  const target = seed.element ? `${seed.param}[].${seed.element}` : seed.param;
  return {
    id: `${key} ${target} ${seed.kind}#${seed.variant}`,
    operation: key,
    n: op.n,
    param: seed.param,
    ...(seed.element ? { element: seed.element } : {}),
    kind: seed.kind,
    variant: seed.variant,
    label: seed.label,
    base: { method: op.method, path: fillPath(op, base.pathParams ?? {}), params: base.params },
    mutations: seed.mutations,
    request: { method: op.method, path: fillPath(op, pathParams), params },
    expect: seed.expect ?? { result: 'error', code: 'BAD_REQUEST', codeFixed: false, refinements: REFINEMENTS.invalid },
    caller: op.callers === 'administrators' || paramOf(op, seed.param)?.callers ? 'administrator' : 'anyone',
  };
}

export {
  type ProbeVerdict,
  type Profile,
  probeArbitrary,
  probeVerdict,
  QUICK_KINDS,
  sampleProbes,
} from './probe-sample.ts';
export { NO_SUCH_ID };
