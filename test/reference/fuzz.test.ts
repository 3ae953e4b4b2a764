// Fuzzing: generated requests to every route — random and missing parameters, wrong types, broken JSON, odd
// Unicode, huge values, wrong encodings and credentials — are all answered with the contract's envelope and never
// a 5xx. FUZZ_REQUESTS sets the count (CI: 1500; nightly: 10000 or more); FUZZ_SEED replays a run.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../reference/routes/index.ts';
import { ROUTE_PARAMS } from './route-params.ts';
import { type Auth, type CallOptions, useServer } from './support.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const logged: string[] = [];
const { call } = useServer({ pollTimeoutMs: 20, log: (line) => logged.push(line) });
afterAll(() => expect(logged, 'internal errors were logged').toEqual([]));

const pathId = fc.oneof(
  fc.nat(60).map(String),
  fc.constantFrom('0', '-1', '99999999999999999999', '1.5', 'abc', '%00', '%F0%9F%98%80', 'null', ''),
);
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }), // lone surrogates included
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '[{',
    '{"a":',
    'true',
    'false',
    'null',
    '-1',
    '1e309',
    '[]',
    '{}',
    '""',
    'NaN',
    '\u0000',
    '%',
    '%%41',
  ),
  fc.nat(5000).map((n) => 'x'.repeat(n * 20)),
);
const auth = fc.constantFrom<Auth>(
  'member',
  'admin',
  'guest',
  'bot',
  'none',
  { email: 'nobody@example.invalid', key: 'k' },
  { header: 'Basic %%%' },
  { header: 'Bearer x' },
);

const request = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    id: pathId,
    names: fc.uniqueArray(
      fc.oneof(fc.constantFrom('x', 'queue_id', 'to', 'type', 'content'), fc.string({ maxLength: 8 })),
      { maxLength: 3 },
    ),
    known: fc.nat(),
    values: fc.array(value, { minLength: 8, maxLength: 8 }),
    encoding: fc.constantFrom('query', 'form', 'multipart'),
    as: auth,
  })
  .map(({ route, id, names, known, values, encoding, as }) => {
    const params = ROUTE_PARAMS[`${route.method} ${route.path}`] ?? [];
    // Some of the route's own parameters (a changing subset), plus a few made-up ones.
    const chosen = [...params.filter((_, i) => (known >> i) & 1), ...names];
    const fields = Object.fromEntries(chosen.map((n, i) => [n, values[i % values.length]]));
    const options: CallOptions = { as, [encoding === 'query' || route.method === 'GET' ? 'query' : encoding]: fields };
    return { method: route.method, path: route.path.replace(/\{\w+\}/g, id), options };
  });

describe('fuzzing the reference server', () => {
  it(`answers ${REQUESTS} generated requests with the envelope, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, options }) => {
        const res = await call(method, path, options);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        expect(['success', 'error'], `${method} ${path}: ${res.text.slice(0, 200)}`).toContain(res.body?.result);
        expect(typeof res.body.msg).toBe('string');
        if (res.body.result === 'error') expect(typeof res.body.code).toBe('string');
      }),
      { numRuns: REQUESTS, seed: SEED, endOnFailure: false },
    );
  }, 600_000);
});
