/**
 * The switch of the bad-input faults (bad-input.faults.ts): with an operation's fault on, a parameter it cannot read
 * (an `InputError`: missing, not an integer, not JSON, outside its set) escapes as a plain-text server error.
 */
import type { ServerResponse } from 'node:http';
import { InputError } from '../core/errors.ts';
import type { FaultId, Faults } from '../faults.ts';
import { BAD_INPUT_FAULTS } from './bad-input.faults.ts';

/** Operation → its crash fault, from the catalogue (each crash names its operation). */
const CRASHES: Readonly<Record<string, FaultId>> = Object.fromEntries(
  Object.entries(BAD_INPUT_FAULTS).flatMap(([id, fault]) =>
    'operation' in fault ? [[fault.operation, id as FaultId]] : [],
  ),
);

/** Answers HTTP 500 in plain text, and says so, when the error is bad input to an operation whose fault is on. */
export function crashedOnBadInput(res: ServerResponse, err: unknown, operation: string, faults: Faults): boolean {
  const fault = CRASHES[operation];
  if (!(err instanceof InputError) || !fault || !faults.has(fault)) return false;
  res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
  return true;
}
