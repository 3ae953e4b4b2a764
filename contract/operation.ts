/**
 * The description of one operation of the contract ("Endpoints"): its parameters, its success fields, the error
 * codes its section names, and the rules that tie parameters together.
 */

import type { Condition, Dating, Field, Limit, Scalar, Shape } from './shapes.ts';
import type { Method } from './wire.ts';

export interface Param extends Dating {
  readonly name: string;
  /** `path`: in the path template; `request`: a query parameter for GET, a form field otherwise (Conventions). */
  readonly in: 'path' | 'request';
  readonly type: Shape;
  /**
   * `json`: sent as JSON text (lists and objects, Conventions); `plain`: the text as it is (strings, and integers
   * and booleans whose text is the same either way); `json-or-plain`: a list as JSON, a name as plain text.
   */
  readonly encoding: 'json' | 'plain' | 'json-or-plain';
  /** true, false, or only when a condition on another parameter holds ("for channel messages"). */
  readonly required: boolean | Condition;
  readonly default?: Scalar;
  /** The server reads the parameter only when this holds (the contract: "ignored for …" otherwise). */
  readonly usedWhen?: Condition;
  readonly limits?: readonly Limit[];
  /* `since`: the lowest feature level the parameter exists at (an older server ignores it). */
  /** Values of the enumeration that arrived later, with their feature levels (the contract's Versioning). */
  readonly valueSince?: Readonly<Record<string, number>>;
  /** Required from this feature level on (Zulip's changelog); optional before it, so never probed as missing. */
  readonly requiredSince?: number;
  readonly deprecated?: boolean;
  /** Only some callers may use it (e.g. administrators). */
  readonly callers?: 'administrators';
  readonly note?: string;
}

/**
 * Rules over several parameters. `only-when`: giving `param` (one of `values`, if listed) is an error unless one
 * of `conditions` holds. `exclusive`: giving all of `params` together is an error.
 */
export type ParamRule =
  | {
      readonly kind: 'only-when';
      readonly param: string;
      readonly values?: readonly Scalar[];
      readonly conditions: readonly Condition[];
      readonly note: string;
    }
  | { readonly kind: 'exclusive'; readonly params: readonly string[]; readonly note: string };

/** An error code the operation's section names, with when it is given. */
export interface ErrorUse {
  readonly code: string;
  readonly when: string;
}

export interface Operation extends Dating {
  /** The contract's section number under "Endpoints". */
  readonly n: number;
  /**
   * What the suite's clause ids of this operation start with ("MSG-SEND"): its per-operation clauses are
   * RESP-<clauses>-001 (every answer judged) and BAD-<clauses>-001 (bad input refused), derived from this registry.
   */
  readonly clauses: string;
  readonly title: string;
  readonly method: Method;
  /** Relative to `/api/v1`, with `{param}` placeholders. */
  readonly path: string;
  /** Who may call it: `none` needs no Basic credentials; `administrators`: organization administrators only. */
  readonly auth: 'basic' | 'none';
  readonly callers?: 'administrators';
  readonly params: readonly Param[];
  /** Fields of a success body beside result and msg. */
  readonly success: Readonly<Record<string, Field>>;
  readonly errors: readonly ErrorUse[];
  readonly rules?: readonly ParamRule[];
  /** The feature level at which the contract marks the operation deprecated (true: deprecated, level not given). */
  readonly deprecated?: number | true;
  /* `since`: the lowest feature level the operation exists at (Zulip's changelog: the contract dates none). */
  /** Older answers the contract records, accepted below the given feature level. */
  readonly legacyResults?: readonly { readonly result: string; readonly before: number }[];
  readonly note?: string;
}

/**
 * An operation's key, "POST /drafts": of a registered operation, its literal type (OperationKey); of a union of
 * operations, each one's (not every method with every path).
 */
export type KeyOf<O extends Pick<Operation, 'method' | 'path'>> = O extends unknown
  ? `${O['method']} ${O['path']}`
  : never;

export const keyOf = (op: Pick<Operation, 'method' | 'path'>): string => `${op.method} ${op.path}`;

/**
 * An operation of the registry (operations/*.ts), its method and path kept as literal types: the model derives
 * OperationKey from them, so that a table keyed by operation misses none without the typecheck failing.
 */
export const defineOperation = <const M extends Method, const P extends string>(
  op: Operation & { readonly method: M; readonly path: P },
): Operation & { readonly method: M; readonly path: P } => op;

type ParamOpts = Omit<Param, 'name' | 'in' | 'type' | 'encoding' | 'required'>;

const encodingOf = (type: Shape): Param['encoding'] => {
  if (type.kind === 'list' || type.kind === 'object' || type.kind === 'map') return 'json';
  if (type.kind === 'union') {
    const kinds = type.of.map((s) => s.kind);
    const structured = kinds.some((k) => k === 'list' || k === 'object' || k === 'map');
    if (structured && kinds.includes('string')) return 'json-or-plain';
    if (structured) return 'json';
  }
  return 'plain';
};

/** A path parameter: always an integer id here, always required. */
export const pathParam = (name: string, type: Shape): Param => ({
  name,
  in: 'path',
  type,
  encoding: 'plain',
  required: true,
});

/** A required request parameter. */
export const required = (name: string, type: Shape, opts: ParamOpts = {}): Param => ({
  name,
  in: 'request',
  type,
  encoding: encodingOf(type),
  required: true,
  ...opts,
});

/** An optional request parameter (with its default, if the contract gives one). */
export const optionalParam = (name: string, type: Shape, opts: ParamOpts = {}): Param => ({
  name,
  in: 'request',
  type,
  encoding: encodingOf(type),
  required: false,
  ...opts,
});

/** A parameter required only when a condition holds ("for channel messages"). */
export const requiredWhen = (name: string, type: Shape, when: Condition, opts: ParamOpts = {}): Param => ({
  name,
  in: 'request',
  type,
  encoding: encodingOf(type),
  required: when,
  ...opts,
});
