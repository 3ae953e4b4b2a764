/**
 * Checks a JSON value against a shape, returning every problem with the path where it was found. Extra fields are
 * always allowed; "not shown" parts are never judged; a field dated by a feature level is required only when the
 * target's level is known and at least that.
 */
import { type Dating, describe, type Field, type Shape } from './shapes.ts';

export type ShapeRule = 'shape.field-missing' | 'shape.field-type' | 'shape.field-value' | 'shape.field-gone';

export interface ShapeProblem {
  rule: ShapeRule;
  /** Where, e.g. `user.bot_type` or `streams[3].can_add_subscribers_group`. */
  path: string;
  message: string;
}

export interface ShapeOptions {
  /** The target's feature level; unknown: fields dated by a level are not required. */
  featureLevel?: number;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function excerpt(value: unknown, max = 60): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Whether a field must be there: always-present fields, once the target has them. */
export function isRequired(field: Field, opts: ShapeOptions = {}): boolean {
  return field.presence === 'always' && heldAt(field, opts);
}

/** Whether a dated item holds for the target: undated, or dated at or below its level (unknown: not judged). */
function heldAt(dating: Dating, opts: ShapeOptions): boolean {
  if (dating.since === undefined) return true;
  return opts.featureLevel !== undefined && opts.featureLevel >= dating.since;
}

/** Problems of the named fields of an object (a body, or an object value). */
export function fieldProblems(
  object: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, Field>>,
  at: string,
  opts: ShapeOptions = {},
): ShapeProblem[] {
  const found: ShapeProblem[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = at ? `${at}.${name}` : name;
    if (!(name in object) || object[name] === undefined) {
      if (isRequired(field, opts)) found.push({ rule: 'shape.field-missing', path, message: `${path} missing` });
      continue;
    }
    found.push(...shapeProblems(object[name], field.shape, path, opts));
  }
  return found;
}

/** Problems of a value against a shape; empty when it fits. */
export function shapeProblems(value: unknown, shape: Shape, path: string, opts: ShapeOptions = {}): ShapeProblem[] {
  if (!fitsKind(value, shape)) {
    return [{ rule: 'shape.field-type', path, message: `${path} was ${excerpt(value)}, not ${describe(shape)}` }];
  }
  switch (shape.kind) {
    case 'string':
    case 'integer':
    case 'boolean': {
      const allowed = shape.enum as readonly unknown[] | undefined;
      const outOfRange =
        shape.kind === 'integer' &&
        ((shape.min !== undefined && (value as number) < shape.min) ||
          (shape.max !== undefined && (value as number) > shape.max));
      const badFormat = shape.kind === 'string' && shape.format === 'iso-8601' && !ISO_8601.test(value as string);
      if ((allowed && !allowed.includes(value)) || outOfRange || badFormat) {
        const want = badFormat ? 'an ISO 8601 time' : describe(shape);
        return [{ rule: 'shape.field-value', path, message: `${path} was ${excerpt(value)}, not ${want}` }];
      }
      return [];
    }
    case 'list':
      return (value as unknown[]).flatMap((v, i) => shapeProblems(v, shape.of, `${path}[${i}]`, opts));
    case 'object': {
      const object = value as Record<string, unknown>;
      const gone = Object.entries(shape.gone ?? {})
        .filter(([name, dating]) => name in object && heldAt(dating, opts))
        .map(([name]) => ({
          rule: 'shape.field-gone' as const,
          path: `${path}.${name}`,
          message: `${path}.${name} present, though no longer returned`,
        }));
      return [...fieldProblems(object, shape.fields, path, opts), ...gone];
    }
    case 'map':
      return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        shape.keys === 'integer' && !/^-?\d+$/.test(k)
          ? [
              {
                rule: 'shape.field-type' as const,
                path: `${path}`,
                message: `${path} has key ${excerpt(k)}, not an id`,
              },
            ]
          : shapeProblems(v, shape.of, `${path}[${JSON.stringify(k)}]`, opts),
      );
    case 'union': {
      // The first alternative of the value's kind decides (e.g. an integer or a {direct_members, …} object).
      const fitting = shape.of.filter((s) => fitsKind(value, s));
      let best: ShapeProblem[] | undefined;
      for (const alternative of fitting) {
        const problems = shapeProblems(value, alternative, path, opts);
        if (problems.length === 0) return [];
        if (!best || problems.length < best.length) best = problems;
      }
      return best ?? [];
    }
    default:
      return [];
  }
}

/** Whether the value is of the shape's kind at all (an integer for `integer`, an array for `list`, …). */
function fitsKind(value: unknown, shape: Shape): boolean {
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'list':
      return Array.isArray(value);
    case 'object':
    case 'map':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'union':
      return shape.of.some((s) => fitsKind(value, s));
    case 'any':
      return value !== undefined;
    case 'not-shown':
      return true;
  }
}
