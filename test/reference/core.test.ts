// The pure pieces: the parameter reader and the router.
import { describe, expect, it } from 'vitest';
import type { Route } from '../../reference/core/context.ts';
import { ApiError } from '../../reference/core/errors.ts';
import { Params } from '../../reference/core/params.ts';
import { Faults } from '../../reference/faults.ts';
import { integerPathParams, Router } from '../../reference/http/router.ts';

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('nothing thrown');
}

describe('Params', () => {
  it('reads strings, integers, booleans and JSON, and reports what was never read', () => {
    const p = Params.of({ s: 'x', i: ' 42 ', b: 'true', j: '[1,{"a":2}]', o: '{"k":1}', extra: '1', more: '2' });
    expect(p.str('s')).toBe('x');
    expect(p.int('i')).toBe(42);
    expect(p.bool('b', false)).toBe(true);
    expect(p.bool('absent', true)).toBe(true);
    expect(p.jsonList('j')).toEqual([1, { a: 2 }]);
    expect(p.optJsonObject('o')).toEqual({ k: 1 });
    expect(p.unread()).toEqual(['extra', 'more']);
  });

  it('rejects missing and invalid values with BAD_REQUEST and var_name', () => {
    const p = Params.of({ i: '1.5', b: 'True', j: '[', l: '{}', big: '9007199254740993' });
    for (const [fn, name] of [
      [() => p.str('missing'), 'missing'],
      [() => p.int('i'), 'i'],
      [() => p.int('big'), 'big'],
      [() => p.optBool('b'), 'b'],
      [() => p.json('j'), 'j'],
      [() => p.jsonList('l'), 'l'],
    ] as const) {
      const err = thrown(fn);
      expect([err.status, err.code, err.extra.var_name]).toEqual([400, 'BAD_REQUEST', name]);
    }
    expect(thrown(() => p.json('j')).message).toBe('Argument "j" is not valid JSON.');
  });

  it('uses REQUEST_VARIABLE_MISSING for missing parameters only under its fault', () => {
    const p = Params.of({}, new Faults(['missing-parameter-specific-code']));
    expect(thrown(() => p.str('x')).code).toBe('REQUEST_VARIABLE_MISSING');
  });
});

describe('Router', () => {
  const handler = () => ({});
  const routes: Route[] = [
    { method: 'GET', path: '/users/{user_id}', handler },
    { method: 'GET', path: '/users/me', handler },
    { method: 'PATCH', path: '/drafts/{draft_id}', handler },
    { method: 'DELETE', path: '/drafts/{draft_id}', handler },
  ];
  const router = new Router(routes);

  it('prefers literal segments and extracts parameters', () => {
    expect(router.match('GET', '/users/me')).toMatchObject({ kind: 'found', route: { path: '/users/me' } });
    expect(router.match('GET', '/users/12')).toMatchObject({ kind: 'found', rawParams: { user_id: '12' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('POST', '/drafts/1')).toEqual({ kind: 'wrong-method', allowed: ['PATCH', 'DELETE'] });
    expect(router.match('GET', '/drafts')).toEqual({ kind: 'none' });
    expect(router.match('DELETE', '/drafts/')).toEqual({ kind: 'none' });
  });

  it('accepts only non-negative safe integers as path ids', () => {
    expect(integerPathParams({ id: '0012' })).toEqual({ id: 12 });
    for (const bad of ['-1', '1e3', ' 1', '9007199254740993', '']) {
      expect(thrown(() => integerPathParams({ id: bad })).extra.var_name).toBe('id');
    }
  });
});
