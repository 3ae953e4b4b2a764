/**
 * Parameter encoding as the contract's Conventions say: strings go as they are; lists, objects, booleans and
 * numbers go JSON-encoded. A string is never re-encoded, so a check can send deliberately broken JSON.
 */
import type { Params } from '../../contract/wire.ts';

export type { Params, ParamValue } from '../../contract/wire.ts';

export function encodeParams(params: Params = {}): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out.push([name, typeof value === 'string' ? value : JSON.stringify(value)]);
  }
  return out;
}

export function toQueryString(pairs: readonly [string, string][]): string {
  return new URLSearchParams(pairs as [string, string][]).toString();
}
