/**
 * The probes that need more than one parameter's description: inside JSON lists of objects (each draft of
 * `drafts`, each element of `narrow`), and the rules that tie parameters together.
 */

import { jsonOfWrongType, NO_SUCH_ID, outsideEnum } from './bad-values.ts';
import { holds, paramOf } from './model.ts';
import type { Operation, Param, ParamRule } from './operation.ts';
import type { BaseRequest, Mutation, ProbeExpectation, ProbeKind } from './probes.ts';
import type { Condition, Scalar } from './shapes.ts';
import type { ParamValue } from './wire.ts';

/** A probe before it is built into a request. */
export interface ProbeSeed {
  param: string;
  element?: string;
  kind: ProbeKind;
  variant: number;
  label: string;
  mutations: readonly Mutation[];
  expect?: ProbeExpectation;
}

type Element = Record<string, unknown>;
const isElementList = (v: unknown): v is Element[] =>
  Array.isArray(v) && v.length > 0 && v.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e));

/** Probes of the fields of each object in a JSON list parameter, from a base that has such a list. */
export function elementProbes(p: Param, bases: readonly BaseRequest[]): [ProbeSeed, BaseRequest][] {
  if (p.type.kind !== 'list' || p.type.of.kind !== 'object') return [];
  const base = bases.find((b) => isElementList(b.params[p.name]));
  if (!base) return [];
  const elements = base.params[p.name] as Element[];
  const out: [ProbeSeed, BaseRequest][] = [];
  for (const [name, field] of Object.entries(p.type.of.fields)) {
    const pick = (when?: Condition) =>
      elements.findIndex((e) => (!field.usedWhen || holds(field.usedWhen, e)) && (!when || holds(when, e)));
    const changed = (at: number, value: unknown): string =>
      JSON.stringify(
        elements.map((e, i) => {
          if (i !== at) return e;
          const copy: Element = { ...e };
          if (value === undefined) delete copy[name];
          else copy[name] = value;
          return copy;
        }),
      );
    const push = (kind: ProbeKind, variant: number, label: string, value: ParamValue, expect?: ProbeExpectation) => {
      const mutations: Mutation[] = [{ param: p.name, action: 'set', value }];
      out.push([
        {
          param: p.name,
          element: name,
          kind,
          variant,
          label: `${p.name}: ${label}`,
          mutations,
          ...(expect ? { expect } : {}),
        },
        base,
      ]);
    };
    const at = pick();
    if (at < 0) continue;
    if (field.presence === 'always') push('missing', 0, `[${at}] without ${name}`, changed(at, undefined));
    for (const [i, v] of outsideEnum(field.shape).entries()) {
      push('outside-enum', i, `[${at}].${name} ${JSON.stringify(v)}, outside its set`, changed(at, v));
    }
    for (const [i, text] of jsonOfWrongType(field.shape).entries()) {
      push('wrong-json-type', i, `[${at}].${name} of the wrong type (${text})`, changed(at, JSON.parse(text)));
    }
    for (const limit of field.limits ?? []) {
      if (limit.beyond !== 'refuse') continue;
      const j = pick(limit.when);
      if (j < 0) continue;
      const current = elements[j]![name];
      const expect: ProbeExpectation = {
        result: 'error',
        code: limit.code ?? 'BAD_REQUEST',
        codeFixed: limit.code !== undefined,
        refinements: ['REQUEST_VARIABLE_INVALID'],
      };
      if (limit.measure === 'null-bytes') {
        push(
          'beyond-limit',
          0,
          `[${j}].${name} with a null byte`,
          changed(j, `${String(current ?? '')}\u0000cf`),
          expect,
        );
      } else if (limit.measure === 'count' && Array.isArray(current)) {
        const values: unknown[][] = [];
        if (typeof limit.max === 'number')
          values.push([...current, ...Array(limit.max + 1 - current.length).fill(NO_SUCH_ID)]);
        if (limit.min !== undefined && limit.min > 0) values.push(current.slice(0, limit.min - 1));
        for (const [i, v] of values.entries()) {
          push('beyond-limit', i, `[${j}].${name} with ${v.length} entries, outside its bounds`, changed(j, v), expect);
        }
      }
    }
  }
  return out;
}

/** Mutations that break a rule over several parameters, from the first base they can be made from. */
export function ruleMutations(
  op: Operation,
  rule: ParamRule,
  bases: readonly BaseRequest[],
): [ProbeSeed, BaseRequest][] {
  const fromBases = (name: string): ParamValue | undefined =>
    bases.find((b) => b.params[name] !== undefined)?.params[name];
  if (rule.kind === 'exclusive') {
    const base = bases.find((b) => rule.params.some((n) => b.params[n] !== undefined));
    const values = rule.params.map((n) => base?.params[n] ?? fromBases(n));
    if (!base || values.some((v) => v === undefined)) return [];
    const mutations = rule.params.map((param, i): Mutation => ({ param, action: 'set', value: values[i] }));
    const label = `${rule.params.join(' with ')}: ${rule.note}`;
    return [[{ param: rule.params[0]!, kind: 'rule', variant: 0, label, mutations }, base]];
  }
  const p = paramOf(op, rule.param);
  const value =
    rule.values?.[0] ?? fromBases(rule.param) ?? (p?.type.kind === 'string' ? `cf-probe-${rule.param}` : undefined);
  if (value === undefined) return [];
  for (const base of bases) {
    const mutations: Mutation[] = [{ param: rule.param, action: 'set', value }];
    let possible = true;
    for (const c of rule.conditions) {
      const m = falsify(op, c, fromBases);
      if (m) mutations.push(m);
      else possible = false;
    }
    if (!possible) continue;
    const params: Record<string, unknown> = { ...base.params };
    for (const m of mutations) {
      if (m.action === 'remove') delete params[m.param];
      else params[m.param] = m.value;
    }
    if (rule.conditions.some((c) => holds(c, params, op))) continue;
    return [[{ param: rule.param, kind: 'rule', variant: 0, label: `${rule.param}: ${rule.note}`, mutations }, base]];
  }
  return [];
}

/** A mutation after which the condition no longer holds, or undefined when the model offers none. */
function falsify(
  op: Operation,
  c: Condition,
  fromBases: (name: string) => ParamValue | undefined,
): Mutation | undefined {
  if (c.present === true) return { param: c.field, action: 'remove' };
  if (c.present === false) {
    const value = fromBases(c.field);
    return value === undefined ? undefined : { param: c.field, action: 'set', value };
  }
  if (c.notIn?.length) return { param: c.field, action: 'set', value: c.notIn[0]! };
  const shape = paramOf(op, c.field)?.type;
  const choices = (shape && 'enum' in shape ? (shape.enum ?? []) : []) as readonly Scalar[];
  const other = choices.find((v) => !c.in?.includes(v));
  return other === undefined ? undefined : { param: c.field, action: 'set', value: other };
}
