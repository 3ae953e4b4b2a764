/**
 * Every item of the contract model — operation, parameter, enumeration value, success field (at any depth), field
 * gone, error code and its extra fields — with the feature level it holds from, if dated. The suite judges an item
 * only at levels that have it, so an item Zulip's changelog dates but the model does not is a false failure against
 * every older server: test/unit/dated-items.test.ts pins this inventory.
 */
import { ERROR_CODES } from './codes.ts';
import { IGNORED_PARAMETERS } from './judge.ts';
import { OPERATIONS } from './model.ts';
import { keyOf } from './operation.ts';
import type { Dating, Field, Shape } from './shapes.ts';

export interface ModelItem extends Dating {
  /** Where the item is: `POST /messages param type = channel`, `GET /streams streams[].creator_id`, `code X`. */
  readonly item: string;
  /** `requiredSince` of a parameter: the level from which leaving it out is refused. */
  readonly requiredSince?: number;
}

const dating = (d: Dating & { requiredSince?: number }): Omit<ModelItem, 'item'> => ({
  ...(d.since !== undefined ? { since: d.since } : {}),
  ...(d.sinceFrom !== undefined ? { sinceFrom: d.sinceFrom } : {}),
  // A parameter's requiredSince comes from Zulip's changelog (the contract dates none).
  ...(d.requiredSince !== undefined ? { requiredSince: d.requiredSince, sinceFrom: d.sinceFrom ?? 'zulip' } : {}),
});

/** The fields of a shape, at any depth, named by path (`streams[].creator_id`), and its fields gone. */
function shapeItems(shape: Shape, at: string): ModelItem[] {
  switch (shape.kind) {
    case 'list':
      return shapeItems(shape.of, `${at}[]`);
    case 'map':
      return shapeItems(shape.of, `${at}{}`);
    case 'union':
      return shape.of.flatMap((s) => shapeItems(s, at));
    case 'object':
      return [
        ...fieldItems(shape.fields, at),
        ...Object.entries(shape.gone ?? {}).map(([name, d]) => ({ item: `${at}.${name} gone`, ...dating(d) })),
      ];
    default:
      return [];
  }
}

function fieldItems(fields: Readonly<Record<string, Field>>, at: string): ModelItem[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    // A top-level field follows its operation after a space ("GET /drafts count"), a nested one its parent's path.
    const path = at.endsWith(' ') ? `${at}${name}` : `${at}.${name}`;
    return [{ item: path, ...dating(field) }, ...shapeItems(field.shape, path)];
  });
}

/** The whole inventory, in the model's order; repeated items (a shape reached twice) appear once per path. */
export function modelItems(): ModelItem[] {
  const items: ModelItem[] = [];
  for (const op of OPERATIONS) {
    const key = keyOf(op);
    items.push({ item: key, ...dating(op) });
    for (const p of op.params) {
      items.push({ item: `${key} param ${p.name}`, ...dating(p) });
      for (const [value, since] of Object.entries(p.valueSince ?? {}))
        items.push({ item: `${key} param ${p.name} = ${value}`, since, sinceFrom: 'contract' });
      items.push(...shapeItems(p.type, `${key} param ${p.name}`));
    }
    items.push(...fieldItems(op.success, `${key} `));
  }
  items.push(...fieldItems(IGNORED_PARAMETERS, 'any success '));
  for (const code of ERROR_CODES) {
    items.push({ item: `code ${code.code}`, ...dating(code) });
    items.push(...fieldItems(code.extra, `code ${code.code} `));
  }
  return items;
}
