/**
 * Route matching: `{name}` segments match any non-empty segment; literal segments beat parameters
 * (`/users/me` before `/users/{user_id}`). A known path with an unknown method is reported separately (405).
 */
import type { Method, Route } from '../core/context.ts';
import { invalidParam } from '../core/errors.ts';

export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly rawParams: Readonly<Record<string, string>> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly Method[] }
  | { readonly kind: 'none' };

interface Compiled {
  readonly route: Route;
  /** A parameter name for `{name}` segments, else null with the literal in `literals`. */
  readonly segments: readonly { readonly literal: string | null; readonly param: string | null }[];
  readonly literalCount: number;
}

export class Router {
  readonly #compiled: readonly Compiled[];

  constructor(routes: readonly Route[]) {
    this.#compiled = routes.map((route) => {
      const segments = route.path.split('/').map((s) => {
        const param = /^\{(\w+)\}$/.exec(s)?.[1] ?? null;
        return { literal: param === null ? s : null, param };
      });
      return { route, segments, literalCount: segments.filter((s) => s.param === null).length };
    });
  }

  match(method: string, path: string): RouteMatch {
    const parts = path.split('/');
    const candidates: { compiled: Compiled; rawParams: Record<string, string> }[] = [];
    for (const compiled of this.#compiled) {
      const rawParams = matchSegments(compiled, parts);
      if (rawParams) candidates.push({ compiled, rawParams });
    }
    if (candidates.length === 0) return { kind: 'none' };
    candidates.sort((a, b) => b.compiled.literalCount - a.compiled.literalCount);
    const hit = candidates.find((c) => c.compiled.route.method === method);
    if (hit) return { kind: 'found', route: hit.compiled.route, rawParams: hit.rawParams };
    return { kind: 'wrong-method', allowed: [...new Set(candidates.map((c) => c.compiled.route.method))] };
  }
}

function matchSegments(compiled: Compiled, parts: readonly string[]): Record<string, string> | null {
  if (compiled.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of compiled.segments.entries()) {
    const part = parts[i] ?? '';
    if (segment.param !== null) {
      if (part === '') return null;
      params[segment.param] = part;
    } else if (segment.literal !== part) return null;
  }
  return params;
}

/** Path parameters are non-negative integers; anything else is a 400 naming the parameter. */
export function integerPathParams(raw: Readonly<Record<string, string>>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [name, value] of Object.entries(raw)) {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw invalidParam(name, `Invalid ${name}: not an integer`);
    result[name] = n;
  }
  return result;
}
