/**
 * The bad values the probes send, by what the parameter is. Each list starts with the value of the `full`
 * profile; the rest are the `nightly` variants. Values that some conforming server could read as valid are left
 * out: `""` (an optional parameter may read it as absent), JSON `null`, `true` for an integer and `"true"` for a
 * boolean (lenient parsers coerce them), `1e3` for an integer (a float without fraction).
 */
import type { Shape } from './shapes.ts';
import { shapeProblems } from './validate.ts';

/** Text that is not JSON at all. */
export const NOT_JSON = ['[1,', '{"cf":', 'cf-not-json'] as const;

/** JSON values of various types; a probe uses those its parameter's type does not admit. */
const JSON_OF_OTHER_TYPES = ['{"cf":1}', '[1]', '"cf"', '7'] as const;

export const NOT_INTEGER = ['cf-not-an-integer', '1.5', '{}'] as const;
export const NOT_BOOLEAN = ['cf-not-a-boolean', '2'] as const;
export const OUTSIDE_STRING = 'cf-outside-the-set';

/** Integer ids nothing has: what a probe adds to a list to go one past its count. */
export const NO_SUCH_ID = 2_000_000_000;

/**
 * JSON texts of a type the shape does not admit (wrong type, or wrong element type; a value of the right type
 * outside an enumeration is another probe). A shape with a "not shown" alternative admits anything, so gets none.
 */
export function jsonOfWrongType(shape: Shape): string[] {
  return JSON_OF_OTHER_TYPES.filter((text) =>
    shapeProblems(JSON.parse(text), shape, '').some((p) => p.rule === 'shape.field-type'),
  );
}

/** Values outside an enumeration: a made-up string, or the integers just past each end. */
export function outsideEnum(shape: Shape): (string | number)[] {
  if (shape.kind === 'string' && shape.enum) return [OUTSIDE_STRING];
  if (shape.kind === 'integer' && shape.enum) {
    return [Math.max(...shape.enum) + 1, Math.min(...shape.enum) - 1].filter((v) => !shape.enum?.includes(v));
  }
  return [];
}
