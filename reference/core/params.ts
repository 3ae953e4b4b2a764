/**
 * A reader over a request's raw string parameters (query merged with body; the body wins). It converts and
 * validates on read, throws `ApiError` for missing or invalid values, and records which names were read so that
 * the adapter can report the others in `ignored_parameters_unsupported`.
 */
import type { Faults } from '../faults.ts';
import { invalidParam, missingParam } from './errors.ts';

export type JsonObject = Record<string, unknown>;

export class Params {
  readonly #raw: ReadonlyMap<string, string>;
  readonly #read = new Set<string>();
  readonly #missingCode: string;

  constructor(raw: ReadonlyMap<string, string>, faults?: Faults) {
    this.#raw = raw;
    // Fault `missing-parameter-specific-code`: Zulip's finer code instead of the contract's BAD_REQUEST.
    this.#missingCode = faults?.has('missing-parameter-specific-code') ? 'REQUEST_VARIABLE_MISSING' : 'BAD_REQUEST';
  }

  static of(entries: Record<string, string>, faults?: Faults): Params {
    return new Params(new Map(Object.entries(entries)), faults);
  }

  /** Whether the parameter was given (counts as reading it). */
  has(name: string): boolean {
    this.#read.add(name);
    return this.#raw.has(name);
  }

  optStr(name: string): string | undefined {
    this.#read.add(name);
    return this.#raw.get(name);
  }

  str(name: string): string {
    const value = this.optStr(name);
    if (value === undefined) throw missingParam(name, this.#missingCode);
    return value;
  }

  optInt(name: string): number | undefined {
    const value = this.optStr(name);
    return value === undefined ? undefined : parseInteger(name, value);
  }

  int(name: string): number {
    return parseInteger(name, this.str(name));
  }

  optBool(name: string): boolean | undefined {
    const value = this.optStr(name);
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    if (trimmed === 'true') return true;
    if (trimmed === 'false') return false;
    throw invalidParam(name, `${name} is not a boolean`);
  }

  bool(name: string, fallback: boolean): boolean {
    return this.optBool(name) ?? fallback;
  }

  /** The parsed JSON value of a parameter, or undefined when absent. */
  optJson(name: string): unknown {
    const value = this.optStr(name);
    return value === undefined ? undefined : parseJson(name, value);
  }

  json(name: string): unknown {
    return parseJson(name, this.str(name));
  }

  optJsonList(name: string): unknown[] | undefined {
    const value = this.optJson(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidParam(name, `${name} is not a list`);
    return value;
  }

  jsonList(name: string): unknown[] {
    const value = this.optJsonList(name);
    if (value === undefined) throw missingParam(name, this.#missingCode);
    return value;
  }

  optJsonObject(name: string): JsonObject | undefined {
    const value = this.optJson(name);
    if (value === undefined) return undefined;
    if (!isJsonObject(value)) throw invalidParam(name, `${name} is not a dict`);
    return value;
  }

  jsonObject(name: string): JsonObject {
    const value = this.optJsonObject(name);
    if (value === undefined) throw missingParam(name, this.#missingCode);
    return value;
  }

  /** A JSON list of strings, e.g. `event_types`. */
  optStringList(name: string): string[] | undefined {
    const list = this.optJsonList(name);
    if (list === undefined) return undefined;
    if (!list.every((item) => typeof item === 'string')) throw invalidParam(name, `${name}[] is not a string`);
    return list as string[];
  }

  /** The file parts of a multipart body: field, file name and content (text). */
  files(): { field: string; name: string; content: string }[] {
    const suffix = '\u0000filename';
    return [...this.#raw.keys()]
      .filter((key) => key.endsWith(suffix))
      .map((key) => {
        const field = key.slice(0, -suffix.length);
        return { field, name: this.str(key), content: this.optStr(field) ?? '' };
      });
  }

  /** The names given but never read, in the order they were given. */
  unread(): string[] {
    return [...this.#raw.keys()].filter((name) => !this.#read.has(name));
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseInteger(name: string, value: string): number {
  const trimmed = value.trim();
  const n = Number(trimmed);
  if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(n)) throw invalidParam(name, `${name} is not an integer`);
  return n;
}

function parseJson(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw invalidParam(name, `Argument "${name}" is not valid JSON.`);
  }
}
