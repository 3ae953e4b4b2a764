/**
 * The same shapes as zod schemas, for hand-written field checks that prefer zod: objects are loose (extra fields
 * allowed), fields that are not always present are optional, "not shown" parts accept anything. Feature levels are
 * not applied here: a dated field is optional (use `validate.ts` for level-aware judgement).
 */
import { z } from 'zod';
import type { Field, Shape } from './shapes.ts';

export function toZod(shape: Shape): z.ZodType {
  switch (shape.kind) {
    case 'string': {
      const base = z.string();
      if (shape.enum) return z.enum(shape.enum as [string, ...string[]]);
      return shape.format === 'iso-8601' ? base.regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/) : base;
    }
    case 'integer': {
      if (shape.enum)
        return z.union(shape.enum.map((v) => z.literal(v)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]);
      let n = z.int();
      if (shape.min !== undefined) n = n.min(shape.min);
      if (shape.max !== undefined) n = n.max(shape.max);
      return n;
    }
    case 'boolean':
      return shape.enum?.length === 1 ? z.literal(shape.enum[0]!) : z.boolean();
    case 'null':
      return z.null();
    case 'list':
      return z.array(toZod(shape.of));
    case 'object':
      return z.looseObject(Object.fromEntries(Object.entries(shape.fields).map(([k, f]) => [k, fieldToZod(f)])));
    case 'map':
      return z.record(shape.keys === 'integer' ? z.string().regex(/^-?\d+$/) : z.string(), toZod(shape.of));
    case 'union':
      return z.union(shape.of.map(toZod) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    case 'any':
    case 'not-shown':
      return z.unknown();
  }
}

function fieldToZod(field: Field): z.ZodType {
  const schema = toZod(field.shape);
  return field.presence === 'always' && field.since === undefined ? schema : schema.optional();
}
