/**
 * The thin HTTP adapter: URL and body → `Params`, Basic auth, route match, handler call, envelope.
 * Order: body size (413) → authentication for every /api/v1 path but the public routes (401) → route (404/405)
 * → parameters (400) → handler. Any error that is not an `ApiError` is logged and answered 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, methodNotAllowed, routeNotFound } from '../core/errors.ts';
import { Params } from '../core/params.ts';
import type { Store } from '../core/store.ts';
import type { Faults } from '../faults.ts';
import { ROUTES } from '../routes/index.ts';
import { authenticate } from './auth.ts';
import { crashedOnBadInput } from './bad-input.ts';
import { parseBody, parseUrlEncoded, readBody } from './body.ts';
import { sendError, sendSuccess } from './envelope.ts';
import { ServerLevel } from './levels.ts';
import type { RateLimiter } from './rate-limit.ts';
import { integerPathParams, Router } from './router.ts';

export interface AdapterOptions {
  readonly store: Store;
  readonly faults: Faults;
  readonly log: (line: string) => void;
  readonly pollTimeoutMs: number;
  /** False: act like a production server, without the development server's POST /dev_fetch_api_key. */
  readonly developmentLogin: boolean;
  /** Per-user request budget, when the server enforces one. */
  readonly rateLimiter?: RateLimiter;
  /** Aborted when the server closes. */
  readonly shutdown: AbortSignal;
  /** The feature level the server answers as (default: the reference's own, the newest). */
  readonly level?: ServerLevel;
}

const API_PREFIX = '/api/v1';

let delays = 0;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DEVELOPMENT_ONLY = new Set(['/dev_fetch_api_key']);

export function createRequestListener(options: AdapterOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const level = options.level ?? new ServerLevel();
  const routes = ROUTES.filter(
    (r) => (options.developmentLogin || !DEVELOPMENT_ONLY.has(r.path)) && level.hasOperation(`${r.method} ${r.path}`),
  );
  const router = new Router(routes);
  options = { ...options, level };
  return (req, res) => {
    handle(req, res, router, options).catch((err: unknown) => fail(res, err, options));
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  router: Router,
  options: AdapterOptions,
): Promise<void> {
  const { store, faults } = options;
  // Variant `slow-responses`.
  if (store.variants.has('slow-responses')) await delay(5 + ((delays++ * 37) % 56));
  const method = req.method ?? 'GET';
  const { path, query } = splitUrl(req.url ?? '/');
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) throw routeNotFound();
  const apiPath = path.slice(API_PREFIX.length);
  const body = await readBody(req);

  const match = router.match(method, apiPath);
  const isPublic = match.kind === 'found' && match.route.public === true;
  // Fault `fetchkey-requires-basic-auth`: the public login route demands credentials like any other.
  const needsAuth = !isPublic || (faults.has('fetchkey-requires-basic-auth') && apiPath === '/fetch_api_key');
  const auth = needsAuth
    ? authenticate({ method, path: apiPath, authorization: req.headers.authorization }, store, faults)
    : undefined;
  if (match.kind === 'none') throw routeNotFound();
  if (match.kind === 'wrong-method') throw methodNotAllowed(match.allowed);

  const raw = new Map(parseUrlEncoded(query, 'query string'));
  for (const [name, value] of await parseBody(body, req.headers['content-type'])) raw.set(name, value);
  const { route } = match;
  const key = `${route.method} ${route.path}`;
  const level = options.level ?? new ServerLevel();
  level.checkType(key, raw);
  const later = level.dropLaterParams(key, raw);
  const params = new Params(raw, faults);
  let fields: Fields;
  try {
    fields = await call(route, params, match.rawParams, auth, res, options);
  } catch (err) {
    // Faults `bad-input-…-crashes`: a parameter the operation cannot read escapes as a server error.
    if (crashedOnBadInput(res, err, key, faults)) return;
    // Fault `drafts-refusal-status-500`: POST /drafts refuses with a 5xx status, its error envelope intact.
    if (
      key === 'POST /drafts' &&
      faults.has('drafts-refusal-status-500') &&
      err instanceof ApiError &&
      !auth?.refusal
    ) {
      throw new ApiError(500, err.code, err.message, err.extra);
    }
    throw err;
  }
  const answer = level.answer(key, fields);
  const ignored = level.reportIgnored([...params.unread(), ...later]);
  sendSuccess(res, key, answer.fields, ignored, faults, store.variants, answer.result);
}

/** The route's handler on the parsed request: path ids, rate limit, the caller (unless the route is public). */
async function call(
  route: Route,
  params: Params,
  rawPath: Readonly<Record<string, string>>,
  auth: ReturnType<typeof authenticate> | undefined,
  res: ServerResponse,
  options: AdapterOptions,
): Promise<Fields> {
  const { store, faults, pollTimeoutMs } = options;
  const signal = abortSignalFor(res, options.shutdown);
  const base = { params, path: integerPathParams(rawPath), store, faults, signal, pollTimeoutMs };
  if (route.public) return route.handler(base);
  if (!auth) throw new Error('authentication skipped for a non-public route');
  options.rateLimiter?.take(auth.user.id, res);
  const ctx: Context = { ...base, user: auth.user };
  if (auth.refusal) {
    // Fault `auth-refused-write-applied`: apply the write, then refuse anyway.
    try {
      await route.handler(ctx);
    } catch {
      // whatever the handler thought of the request, the answer is the refusal
    }
    throw auth.refusal;
  }
  return route.handler(ctx);
}

function fail(res: ServerResponse, err: unknown, options: AdapterOptions): void {
  if (err instanceof ApiError) {
    sendError(res, options.level?.error(err) ?? err, options.faults, options.store.variants);
    return;
  }
  options.log(`reference server: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  sendError(
    res,
    new ApiError(500, 'INTERNAL_SERVER_ERROR', 'Internal server error'),
    options.faults,
    options.store.variants,
  );
}

/** Splits a request target into path and raw query (absolute-form targets are reduced to their path). */
function splitUrl(target: string): { path: string; query: string } {
  let rest = target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length) || '/';
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  return q < 0 ? { path: rest, query: '' } : { path: rest.slice(0, q), query: rest.slice(q + 1) };
}

/** Aborts when the client disconnects before the answer is sent, or when the server shuts down. */
function abortSignalFor(res: ServerResponse, shutdown: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (shutdown.aborted) abort();
  shutdown.addEventListener('abort', abort, { once: true });
  res.once('close', () => {
    shutdown.removeEventListener('abort', abort);
    abort();
  });
  return controller.signal;
}
