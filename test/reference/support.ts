/** Test support for the reference server's own tests: start a server, call it as a persona through supertest. */
import { Agent } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import type { Role } from '../../helpers/roles.ts';
import { type ReferenceServer, type ReferenceServerOptions, startReferenceServer } from '../../reference/server.ts';

export type Auth = Role | 'none' | { readonly email: string; readonly key: string } | { readonly header: string };
export type Values = Readonly<Record<string, unknown>>;

export interface CallOptions {
  /** Default `member` (hamlet). */
  readonly as?: Auth;
  readonly query?: Values;
  readonly form?: Values;
  readonly multipart?: Values;
  /** A raw body, sent with `contentType` (or none). */
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Send `path` as it is instead of under /api/v1. */
  readonly rawPath?: boolean;
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  readonly body: any;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Reply>;

/** Strings go as they are; anything else JSON-encoded (the contract's convention). */
export const encode = (values: Values): [string, string][] =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);

export const basic = (email: string, key: string): string =>
  `Basic ${Buffer.from(`${email}:${key}`, 'utf8').toString('base64')}`;

function authHeader(auth: Auth): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'string') return basic(REFERENCE_ACCOUNTS[auth].email, REFERENCE_ACCOUNTS[auth].apiKey);
  return 'header' in auth ? auth.header : basic(auth.email, auth.key);
}

/** supertest opens a connection per request unless given an agent that keeps them (one for the whole process). */
const keepAlive = new Agent({ keepAlive: true });

/** What `fetch` sent, so that the tests judge the same requests: a string body is text, a form says its charset. */
const TEXT = 'text/plain;charset=UTF-8';
const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';

/**
 * Calls the server at `baseUrl`, the one the test started in this process: its own http.Server rather than its
 * handler in a server supertest makes (one per request), which would lose the reference's header limit and
 * connection handling that the tests judge. A Test of its own takes any method by name.
 */
export function caller(baseUrl: string): Call {
  return async (method, path, options = {}) => {
    const query = options.query ? `?${new URLSearchParams(encode(options.query))}` : '';
    const req = new request.Test(baseUrl, method, `${options.rawPath ? path : `/api/v1${path}`}${query}`)
      .agent(keepAlive)
      // Every answer is the test's to judge, and its body raw: the tests parse it as they need.
      .ok(() => true)
      .responseType('arraybuffer')
      // A body goes as the test wrote it: superagent would encode a Buffer anew by its content type.
      .serialize((body) => body)
      .set(options.headers ?? {});
    const auth = authHeader(options.as ?? 'member');
    if (auth !== undefined) req.set('authorization', auth);
    const typed = (type: string) => {
      if (!Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'content-type'))
        req.set('content-type', type);
    };
    if (options.body !== undefined) {
      if (typeof options.body === 'string') typed(TEXT);
      req.send(Buffer.from(options.body));
    }
    if (options.form) {
      typed(FORM);
      req.send(new URLSearchParams(encode(options.form)).toString());
    }
    if (options.multipart) for (const [k, v] of encode(options.multipart)) req.field(k, v);
    if (options.contentType !== undefined) req.set('content-type', options.contentType);
    const res = await req;
    const text = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : '';
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers as Record<string, string | string[]>))
      for (const v of [value].flat()) headers.append(name, v);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers, text, body: parsed };
  };
}

/** One server for the whole file (started in beforeAll, closed in afterAll). */
export function useServer(options: ReferenceServerOptions = {}): { call: Call; readonly server: ReferenceServer } {
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  const get = (): ReferenceServer => {
    if (!server) throw new Error('the reference server is not started yet');
    return server;
  };
  return {
    call: (method, path, opts) => caller(get().url)(method, path, opts),
    get server() {
      return get();
    },
  };
}

/** A fresh server for one test, closed afterwards. */
export async function withServer<T>(
  options: ReferenceServerOptions,
  body: (call: Call, server: ReferenceServer) => Promise<T>,
): Promise<T> {
  const server = await startReferenceServer({ port: 0, ...options });
  try {
    return await body(caller(server.url), server);
  } finally {
    await server.close();
  }
}

export const ACCOUNTS = REFERENCE_ACCOUNTS;

/** A valid draft of each kind, for a channel id and a user id. */
export const draftOf = {
  channel: (channelId: number, extra: Values = {}) => ({
    type: 'stream',
    to: [channelId],
    topic: 'greetings',
    content: 'hello',
    ...extra,
  }),
  direct: (userIds: number[], extra: Values = {}) => ({
    type: 'private',
    to: userIds,
    topic: '',
    content: 'psst',
    ...extra,
  }),
  unaddressed: (extra: Values = {}) => ({ type: '', to: [], topic: '', content: 'note to self', ...extra }),
};

/**
 * Ids of seeded things, looked up through the API like a client would, as the administrator: it sees every real
 * address (`delivery_email`), and is subscribed to every seeded channel.
 */
export async function lookup(call: Call): Promise<{
  userId: (role: Role) => number;
  /** As the administrator unless told: GET /get_stream_id needs content access (a subscriber, for a private channel). */
  channelId: (name: string, as?: Role) => Promise<number>;
}> {
  const members: { delivery_email: string | null; email: string; user_id: number }[] = (
    await call('GET', '/users', { as: 'admin' })
  ).body.members;
  return {
    userId: (role) => {
      // By the real address, wherever a fault under test puts it.
      const address = REFERENCE_ACCOUNTS[role].email;
      const found = members.find((m) => m.delivery_email === address || m.email === address);
      if (!found) throw new Error(`no user for ${role}`);
      return found.user_id;
    },
    channelId: async (name, as = 'admin') => {
      const res = await call('GET', '/get_stream_id', { as, query: { stream: name } });
      if (res.body?.result !== 'success') throw new Error(`no channel ${name}: ${res.text}`);
      return res.body.stream_id;
    },
  };
}

/** Makes every message sent so far an hour old (the server's clock stands still in these tests). */
export function ageAll(server: ReferenceServer): void {
  for (const m of server.store.messages.values())
    (m as { sentAtMs?: number }).sentAtMs = server.store.clock() - 3_600_000;
}
