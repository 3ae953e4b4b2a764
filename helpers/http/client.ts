/**
 * Per-account API client. Raw calls (`get`, `post`, …) return whatever the target answered, for the behaviour
 * under test; `must…` calls are for setup and throw unless the target succeeded (see STYLE.md): SetupError (outcome
 * error), or Unsupported where the target lacks the operation — never an assertion, so that a broken set-up step
 * is never reported as the clause failed (the rule for every `must…` helper: helpers/checks/context.ts).
 */
import type { Method } from '../../contract/wire.ts';
import { TargetError } from '../errors.ts';
import { announceWait } from '../progress.ts';
import { beforeRequest, onNetworkFailure, onResponse } from './breaker.ts';
import { encodeParams, type Params } from './encoding.ts';
import { type Exchange, maskExchange } from './exchange.ts';
import type { Pacing } from './pacing/pacing.ts';
import type { Spacer } from './pacing/spacer.ts';
import { pacing as currentPacing, processSpacer } from './rate-budget.ts';
import type { Recorder, WaitKind } from './recorder.ts';
import { retryAfterSeconds } from './retry-after.ts';
import { mustBeOffered, mustSucceed } from './setup-failure.ts';
import { type Answer, networkCause, send } from './transport.ts';

export type { Method } from '../../contract/wire.ts';
export type Encoding = 'query' | 'form' | 'multipart';

export interface Identity {
  email: string;
  apiKey: string;
  /** The configured variable holding the key (for curl reproductions); absent for made-up credentials. */
  secretVar?: string;
}

export interface ApiResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any;
  exchange: Exchange;
}

export interface CallOptions {
  encoding?: Encoding;
  headers?: Record<string, string>;
  /** Overrides the client's identity for one call: null sends no Authorization header. */
  identity?: Identity | null;
  /** Files sent as multipart parts (field → file name and text), with the parameters as fields. */
  files?: Readonly<Record<string, { name: string; content: string }>>;
}

export interface ClientOptions {
  baseUrl: string;
  identity: Identity | null;
  timeoutMs: number;
  rateLimitMaxWaitSeconds: number;
  /** Least time between two requests of this process (MAX_RPS); 0 or absent: no pacing. */
  minIntervalMs?: number;
  /**
   * Requests of an account's rate-limit budget left to other processes: pace when down to this many. A function is
   * asked at each request (a check that goes first from some point on: see CheckContext.goFirst).
   */
  rateLimitReserve?: number | (() => number);
  recorder?: Recorder;
  /** The run's pacing of accounts; by default the current run's in this thread (rate-budget.ts). */
  pacing?: Pacing;
  /** MAX_RPS spacing; by default the process's. */
  spacer?: Spacer;
}

/** Workers freed at the same moment may meet a few 429s more before the slots they need are free. */
const RATE_LIMIT_RETRIES = 20;

export class ApiClient {
  constructor(readonly options: ClientOptions) {}

  get identity(): Identity | null {
    return this.options.identity;
  }

  /** The same client acting as someone else (or no one), recording into the same check. */
  as(identity: Identity | null): ApiClient {
    return new ApiClient({ ...this.options, identity });
  }

  get(path: string, params?: Params, opts?: CallOptions) {
    return this.request('GET', path, params, opts);
  }
  post(path: string, params?: Params, opts?: CallOptions) {
    return this.request('POST', path, params, opts);
  }
  patch(path: string, params?: Params, opts?: CallOptions) {
    return this.request('PATCH', path, params, opts);
  }
  delete(path: string, params?: Params, opts?: CallOptions) {
    return this.request('DELETE', path, params, opts);
  }

  /** Setup call: returns the body of a success, throws SetupError otherwise. */
  async must(method: Method, path: string, params?: Params, opts?: CallOptions): Promise<any> {
    return mustSucceed(await this.request(method, path, params, opts));
  }

  /**
   * Setup call to an operation a target may lack (TARGET.md): a 404 or 405 that is not a success means the
   * target does not offer it, and the check is skipped-unsupported with that reason.
   */
  async mustSetup(method: Method, path: string, params?: Params, opts?: CallOptions): Promise<any> {
    return mustBeOffered(await this.request(method, path, params, opts));
  }

  private get pacing(): Pacing {
    return this.options.pacing ?? currentPacing();
  }

  async request(method: Method, path: string, params?: Params, opts: CallOptions = {}): Promise<ApiResponse> {
    const { clock } = this.pacing;
    for (let attempt = 0; ; attempt++) {
      const res = await this.once(method, path, params, opts);
      if (res.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return res;
      const wait = retryAfterSeconds(res.headers, res.body);
      const account = budgetAccount(opts.identity === undefined ? this.options.identity : opts.identity);
      if (wait > this.options.rateLimitMaxWaitSeconds) {
        throw new TargetError(
          `the target rate-limited ${res.exchange.caller} for ${wait} s, longer than RATE_LIMIT_MAX_WAIT_SECONDS (${this.options.rateLimitMaxWaitSeconds})`,
        );
      }
      // The account's next request, this one or another check's in any worker, waits until then (once() told them).
      const until = account ? this.pacing.blockedUntil(account) : clock.now() + wait * 1000;
      announceWait(res.exchange.caller, `the target's rate limit (429, Retry-After ${wait.toFixed(1)} s)`, until);
      if (!account) await this.waiting(clock.sleep(until - clock.now()), 'rate-limit');
    }
  }

  /** Awaits a rate-limit or pacing wait, recording it as such. */
  private async waiting<T>(wait: Promise<T>, kind: WaitKind = 'other'): Promise<T> {
    const { clock } = this.pacing;
    const end = this.options.recorder?.beginWait(clock.now(), kind);
    try {
      return await wait;
    } finally {
      end?.(clock.now());
    }
  }

  private reserve(): number {
    const { rateLimitReserve } = this.options;
    return (typeof rateLimitReserve === 'function' ? rateLimitReserve() : rateLimitReserve) ?? 0;
  }

  private async once(
    method: Method,
    path: string,
    params: Params | undefined,
    opts: CallOptions,
  ): Promise<ApiResponse> {
    beforeRequest();
    const pacing = this.pacing;
    const { clock } = pacing;
    await this.waiting((this.options.spacer ?? processSpacer()).pace(this.options.minIntervalMs ?? 0));
    const identity = opts.identity === undefined ? this.options.identity : opts.identity;
    const account = budgetAccount(identity);
    if (account) {
      // Recorded from the moment the account must wait: a budget with room costs no time, and no rate-limit wait.
      let endRateLimitWait: ((end?: number) => void) | undefined;
      const onWait = (until: number) => {
        endRateLimitWait = this.options.recorder?.beginWait(clock.now(), 'rate-limit');
        announceWait(account, "its rate-limit budget is spent until the target's window resets", until);
      };
      await this.waiting(pacing.waitForBudget(account, this.reserve(), { onWait }));
      endRateLimitWait?.(clock.now());
    }
    const encoding: Encoding = opts.encoding ?? (opts.files ? 'multipart' : method === 'GET' ? 'query' : 'form');
    const pairs = encodeParams(params);
    const url = `${this.options.baseUrl}/api/v1${path}`;
    const exchange: Exchange = {
      method,
      url,
      caller: identity ? identity.email : 'no credentials',
      ...(identity?.secretVar ? { secretVar: identity.secretVar } : {}),
      encoding,
      params: pairs,
      at: Date.now(),
      ms: 0,
    };
    const started = performance.now();
    let res: Answer;
    try {
      res = await send(this.options.baseUrl, { method, path, identity, encoding, pairs, opts }, this.options.timeoutMs);
    } catch (error) {
      const cause = networkCause(error, this.options.timeoutMs);
      exchange.error = cause;
      exchange.ms = Math.round(performance.now() - started);
      this.options.recorder?.add(maskExchange(exchange));
      onNetworkFailure(cause);
      if (account) pacing.noteLost(account);
      throw new TargetError(`${method} ${url}: ${cause}`);
    }
    onResponse();
    const { headers, text } = res;
    const body = parseJson(text);
    if (account) {
      // A 429's wait first, then the budget (none left), which ends the probe that met the 429: told the other way
      // round, another request of the account took the probe's place in between and met a 429 of its own.
      if (res.status === 429) {
        const wait = retryAfterSeconds(headers, body);
        if (wait <= this.options.rateLimitMaxWaitSeconds)
          pacing.noteRefusal(account, wait * 1000, clock.now(), headers);
      }
      // The budget before the count: the answer that ends a probe lets the waiting requests go by what it says is left.
      const now = clock.now();
      pacing.noteBudget(account, headers, now);
      pacing.noteAnswered(account, res.status !== 429, now, 'x-ratelimit-remaining' in headers, res.status === 401);
    }
    if (res.resentAfter) exchange.resent = res.resentAfter;
    exchange.status = res.status;
    exchange.responseHeaders = pickHeaders(headers);
    exchange.responseBody = text;
    exchange.ms = Math.round(performance.now() - started);
    const masked = maskExchange(exchange);
    this.options.recorder?.add(masked, text);
    // A gateway's or a restarting server's answer (502/503/504 without a JSON body) says nothing about the
    // contract: the target is unavailable. Any other answer, a 500 included, is judged by the checks.
    if (res.status >= 502 && res.status <= 504 && (body === null || typeof body !== 'object')) {
      throw new TargetError(
        `${method} ${url}: HTTP ${res.status} without a JSON body (the target or a gateway is unavailable)`,
      );
    }
    return { status: res.status, headers, text, body, exchange: masked };
  }
}

function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The account a request's rate budget is kept under: its identity's address. None without credentials, nor for an
 * identity built from a server's answer that gave no address (FETCHKEY-002 signing in with the email a fetched key
 * came with): no user of the target is known to be spending, and a budget kept under no address broke the shared
 * holds keyed by address (a kill-matrix fault answers without it).
 */
function budgetAccount(identity: Identity | null | undefined): string | undefined {
  return typeof identity?.email === 'string' ? identity.email : undefined;
}

const KEPT_HEADERS = ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

function pickHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(KEPT_HEADERS.filter((h) => headers[h] !== undefined).map((h) => [h, headers[h]!]));
}
