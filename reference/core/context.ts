/** What a route handler gets, and the shape of a route table entry. */
import type { Faults } from '../faults.ts';
import type { User } from './model.ts';
import type { Params } from './params.ts';
import type { Store } from './store.ts';

/** The operation fields of a success response (the adapter adds `result` and `msg`). */
export type Fields = Record<string, unknown>;

export interface PublicContext {
  readonly params: Params;
  /** Integer path parameters by name, e.g. `{ draft_id: 12 }`. */
  readonly path: Readonly<Record<string, number>>;
  readonly store: Store;
  readonly faults: Faults;
  /** Aborts when the client goes away or the server closes (long polls stop waiting). */
  readonly signal: AbortSignal;
  /** How long GET /events waits for an event before answering a heartbeat. */
  readonly pollTimeoutMs: number;
}

export interface Context extends PublicContext {
  readonly user: User;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

interface RouteBase {
  readonly method: Method;
  /** Relative to /api/v1, with `{name}` integer path parameters, e.g. `/drafts/{draft_id}`. */
  readonly path: string;
}

export type Route =
  | (RouteBase & { readonly public: true; readonly handler: (ctx: PublicContext) => Fields | Promise<Fields> })
  | (RouteBase & { readonly public?: false; readonly handler: (ctx: Context) => Fields | Promise<Fields> });
