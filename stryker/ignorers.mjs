/**
 * Stryker ignorer plugins: mutants that no conformance check can or should kill, excluded from the score with a
 * reason the reports show (Stryker lists them as Ignored).
 *
 * - `fault-switches`: the sensitivity catalogue's switches (`faults.has('id')`) and the code that runs only when a
 *   fault is on. A mutation run starts the reference server with no fault, so mutating the switch's argument or
 *   the code behind it changes nothing; that code is what test/sensitivity.test.ts (the kill matrix) exercises.
 * - `not-shown-texts`: the text of an error's `msg` and of log lines. The contract leaves `msg` texts "not shown"
 *   and the suite never asserts them; log lines are not part of the API.
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** `faults.has(…)`, `ctx.faults.has(…)`, `this.#faults.has(…)`. */
export function isFaultSwitch(node) {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return false;
  const { object, property } = node.callee;
  if (property.type !== 'Identifier' || property.name !== 'has') return false;
  if (object.type === 'Identifier') return object.name === 'faults';
  if (object.type === 'MemberExpression') {
    const p = object.property;
    return (p.type === 'Identifier' || p.type === 'PrivateName') && (p.name ?? p.id?.name) === 'faults';
  }
  return false;
}

/** True only with a fault on: a switch, or a conjunction with a switch in it. */
export function needsFault(node) {
  if (isFaultSwitch(node)) return true;
  return (
    node?.type === 'LogicalExpression' && node.operator === '&&' && (needsFault(node.left) || needsFault(node.right))
  );
}

const FAULT_REASON =
  'fault-only code: no fault is active in a mutation run; the kill matrix (test/sensitivity.test.ts) exercises it';

export const faultSwitches = {
  shouldIgnore(path) {
    if (isFaultSwitch(path.node)) return 'fault switch: no fault is active in a mutation run';
    // `x && faults.has(…)` anywhere (a filter, an assignment): false in every mutation run, whatever x is.
    if (needsFault(path.node)) return FAULT_REASON;
    const parent = path.parentPath?.node;
    if (parent?.type !== 'IfStatement' && parent?.type !== 'ConditionalExpression') return undefined;
    if ((path.key === 'test' || path.key === 'consequent') && needsFault(parent.test)) return FAULT_REASON;
    return undefined;
  },
};

/** Error helpers of reference/core/errors.ts and the index of their `msg` argument. */
const MESSAGE_ARGUMENT = { badRequest: 0, notFound: 0, unauthorized: 0, invalidParam: 1, ApiError: 2 };

function calleeName(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

export const notShownTexts = {
  shouldIgnore(path) {
    const parent = path.parentPath?.node;
    if (path.listKey !== 'arguments' || (parent?.type !== 'CallExpression' && parent?.type !== 'NewExpression'))
      return undefined;
    const name = calleeName(parent);
    if (name === 'log') return 'log text: not part of the API';
    if (name !== undefined && Object.hasOwn(MESSAGE_ARGUMENT, name) && MESSAGE_ARGUMENT[name] === path.key)
      return 'error msg text: the contract leaves msg texts not shown';
    return undefined;
  },
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'fault-switches', faultSwitches),
  declareValuePlugin(PluginKind.Ignore, 'not-shown-texts', notShownTexts),
];
