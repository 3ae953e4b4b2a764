/**
 * A small descriptor language for the contract's tables: the type of a value (Shape), a named field of an object
 * (Field, with its presence), and the limits the contract puts on a value (Limit). Plain data, so that the judge,
 * the probe generator and the zod bridge can all read the same description.
 */

export type Scalar = string | number | boolean;

/** A test on a sibling field (inside an object) or on another parameter of the same request. */
export interface Condition {
  /** The sibling field or parameter. */
  readonly field: string;
  /** Holds when its value is one of these (an absent value counts as its default, if it has one). */
  readonly in?: readonly Scalar[];
  /** Holds when its value is none of these. */
  readonly notIn?: readonly Scalar[];
  /** Holds when it is given (true) or absent (false). */
  readonly present?: boolean;
}

/**
 * A bound the contract puts on a value. `beyond` says what a server does past it: `refuse` only where the
 * contract's words require a rejection; `truncate` where a server may cut the value (real Zulip truncates
 * over-long content and topics); `unspecified` where the contract states the bound without a consequence.
 */
export interface Limit {
  readonly measure: 'length' | 'count' | 'null-bytes';
  readonly min?: number;
  /** A number, or the register-response setting that holds it ("max_message_length"). */
  readonly max?: number | string;
  readonly when?: Condition;
  readonly beyond: 'refuse' | 'truncate' | 'unspecified';
  /** The error code the contract names for going beyond it. */
  readonly code?: string;
  /** `organization`: a bound over stored state (not one request), which a single request cannot go beyond. */
  readonly scope?: 'request' | 'organization';
  readonly note?: string;
}

export type Shape =
  | { readonly kind: 'string'; readonly enum?: readonly string[]; readonly format?: 'iso-8601' }
  | { readonly kind: 'integer'; readonly enum?: readonly number[]; readonly min?: number; readonly max?: number }
  | { readonly kind: 'boolean'; readonly enum?: readonly boolean[] }
  | { readonly kind: 'null' }
  | { readonly kind: 'list'; readonly of: Shape }
  | {
      readonly kind: 'object';
      readonly fields: Readonly<Record<string, Field>>;
      /**
       * Fields the contract says are no longer returned, with the feature level they went at (Zulip's changelog):
       * below it, or with the level unknown, their presence is not judged.
       */
      readonly gone?: Readonly<Record<string, Dating>>;
      /** What the contract leaves "not shown" of the object (further fields): never judged. */
      readonly notShown?: string;
    }
  /** An object used as a dictionary: keys are integer ids written as strings (`integer`), or any string. */
  | { readonly kind: 'map'; readonly keys: 'integer' | 'string'; readonly of: Shape }
  | { readonly kind: 'union'; readonly of: readonly Shape[] }
  /** Any JSON value: the contract names the field but not its type (e.g. a narrow's operand). */
  | { readonly kind: 'any' }
  /** The contract says "not shown": never judged. */
  | { readonly kind: 'not-shown'; readonly note: string };

export const SHAPE_KINDS = [
  'string',
  'integer',
  'boolean',
  'null',
  'list',
  'object',
  'map',
  'union',
  'any',
  'not-shown',
] as const;

/**
 * When an item of the contract (a field, parameter, value, operation, error code) came, or went: the lowest feature
 * level it holds at, and whether the contract's Versioning dates it or Zulip's changelog does (the contract leaves
 * it undated). An item without `since` holds at every level.
 */
export interface Dating {
  readonly since?: number;
  readonly sinceFrom?: 'contract' | 'zulip';
}

/**
 * A named field. `always`: present in every instance; `conditional`: present only in some cases the contract
 * describes (`when`), judged for its type when present; `optional`: a client may leave it out (input shapes).
 */
export interface Field extends Dating {
  readonly shape: Shape;
  readonly presence: 'always' | 'conditional' | 'optional';
  readonly when?: string;
  /* `since`: the lowest feature level the field exists at; below it (or with the level unknown) its absence is not
     judged. */
  readonly deprecated?: boolean;
  /** A server reads the field only when this holds of its siblings (the contract: "ignored" otherwise). */
  readonly usedWhen?: Condition;
  readonly limits?: readonly Limit[];
  readonly note?: string;
}

// Shapes.
export const str = (opts: { enum?: readonly string[]; format?: 'iso-8601' } = {}): Shape => ({
  kind: 'string',
  ...opts,
});
export const int = (opts: { enum?: readonly number[]; min?: number; max?: number } = {}): Shape => ({
  kind: 'integer',
  ...opts,
});
export const bool = (opts: { enum?: readonly boolean[] } = {}): Shape => ({ kind: 'boolean', ...opts });
export const list = (of: Shape): Shape => ({ kind: 'list', of });
export const obj = (
  fields: Record<string, Field>,
  more: { gone?: Readonly<Record<string, Dating>>; notShown?: string } = {},
): Shape => ({ kind: 'object', fields, ...more });
export const idMap = (of: Shape): Shape => ({ kind: 'map', keys: 'integer', of });
export const dict = (of: Shape): Shape => ({ kind: 'map', keys: 'string', of });
export const oneOf = (...of: Shape[]): Shape => ({ kind: 'union', of });
export const nullable = (shape: Shape): Shape => oneOf(shape, { kind: 'null' });
export const anyJson = (): Shape => ({ kind: 'any' });
export const notShown = (note: string): Shape => ({ kind: 'not-shown', note });

type FieldOpts = Omit<Field, 'shape' | 'presence'>;
/** A field present in every instance. */
export const always = (shape: Shape, opts: FieldOpts = {}): Field => ({ shape, presence: 'always', ...opts });
/** A field present only when `when` holds. */
export const onlyWhen = (when: string, shape: Shape, opts: FieldOpts = {}): Field => ({
  shape,
  presence: 'conditional',
  when,
  ...opts,
});
/** An input field a client may leave out. */
export const optional = (shape: Shape, opts: FieldOpts = {}): Field => ({ shape, presence: 'optional', ...opts });

/** The shape of an object, for reading its fields; throws for other shapes (a model error). */
export function fieldsOf(shape: Shape): Readonly<Record<string, Field>> {
  if (shape.kind !== 'object') throw new Error(`not an object shape: ${shape.kind}`);
  return shape.fields;
}

/** "an integer", "a string or null", "a list of integers", "one of 1, 2, 3" — for messages. */
export function describe(shape: Shape): string {
  switch (shape.kind) {
    case 'string':
      return shape.enum ? `one of ${shape.enum.map((v) => JSON.stringify(v)).join(', ')}` : 'a string';
    case 'integer':
      if (shape.enum) return `one of ${shape.enum.join(', ')}`;
      return shape.min !== undefined && shape.max !== undefined
        ? `an integer from ${shape.min} to ${shape.max}`
        : 'an integer';
    case 'boolean':
      return shape.enum ? shape.enum.map(String).join(' or ') : 'a boolean';
    case 'null':
      return 'null';
    case 'list':
      return `a list of ${plural(describe(shape.of))}`;
    case 'object':
      return 'an object';
    case 'map':
      return shape.keys === 'integer' ? 'an object keyed by integer ids' : 'an object';
    case 'union':
      return shape.of.map(describe).join(' or ');
    case 'any':
      return 'any JSON value';
    case 'not-shown':
      return 'not shown';
  }
}

function plural(phrase: string): string {
  return phrase
    .replace(/^an? /, '')
    .replace(/^(integer|string|boolean|object|list)\b/, '$1s')
    .replace(/ or an? /g, ' or ');
}
