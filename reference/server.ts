/**
 * The embedded reference server: an in-memory implementation of the contract and the setup operations,
 * seeded with `fixtures/realm.ts`. Start it with `startReferenceServer()`; stop it with `close()`.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Store } from './core/store.ts';
import { type FaultId, Faults } from './faults.ts';
import { FLAVOUR_NAMES, FLAVOURS, type Flavour, type FlavourName, flavourFaultsAt, isFlavourName } from './flavours.ts';
import { createRequestListener } from './http/adapter.ts';
import { keepConnections } from './http/connections.ts';
import { ServerLevel } from './http/levels.ts';
import { type RateLimit, RateLimiter, type UserTally } from './http/rate-limit.ts';
import { type VariantId, Variants } from './variants.ts';

export type { Store } from './core/store.ts';
export type { FaultId } from './faults.ts';
export type { FlavourName } from './flavours.ts';
export type { VariantId } from './variants.ts';

import { sendParseError } from './http/envelope.ts';

/** Request line plus headers; room for a 1 MB parameter value in a GET query string. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

export interface ReferenceServerOptions {
  /** 0 (the default): an ephemeral port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Fault ids from `FAULTS`; an unknown name throws. */
  readonly faults?: readonly string[];
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly clock?: () => number;
  /** Messages deleted per delete_topic request before it answers `complete: false` (default 3). */
  readonly deleteTopicBatchSize?: number;
  /** Where internal errors are logged; default stderr. */
  readonly log?: (line: string) => void;
  /** How long GET /events waits for an event before answering a heartbeat; default 10 000 ms. */
  readonly pollTimeoutMs?: number;
  /** Default true, like Zulip's development server; false hides POST /dev_fetch_api_key, like production. */
  readonly developmentLogin?: boolean;
  /** Enforce a per-user request budget with X-RateLimit-* headers and 429s (Zulip's default: 200 per 60 s). */
  readonly rateLimit?: RateLimit;
  /** Seconds added to every edit and move time limit (real Zulip: 20); default 0, or the flavour's. */
  readonly editGraceSeconds?: number;
  /** `contract` (default) or `zulip`: Zulip's departures and choices on top (reference/flavours.ts); unknown throws. */
  readonly flavour?: string;
  /** Variant ids from `VARIANTS` (conforming choices made otherwise); an unknown name or a clash throws. */
  readonly variants?: readonly string[];
  /** Answer as a server of this feature level (reference/http/levels.ts); default the reference's own, the newest. */
  readonly featureLevel?: number;
}

export interface ReferenceServer {
  /** e.g. `http://127.0.0.1:9991`: no trailing slash, no `/api/v1`. */
  readonly url: string;
  /** The live in-memory state (for tests that need to look behind the API). */
  readonly store: Store;
  readonly faults: readonly FaultId[];
  readonly flavour: FlavourName;
  readonly variants: readonly VariantId[];
  /** What the rate limiter counted of each account, by its email; undefined where the server limits nobody. */
  rateLimitTally(): Record<string, Readonly<UserTally>> | undefined;
  close(): Promise<void>;
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const flavourName = options.flavour ?? 'contract';
  if (!isFlavourName(flavourName))
    throw new Error(`unknown flavour "${flavourName}" (known: ${FLAVOUR_NAMES.join(', ')})`);
  const flavour: Flavour = FLAVOURS[flavourName];
  const level = new ServerLevel(options.featureLevel);
  const faults = new Faults([...new Set([...flavourFaultsAt(flavour, level.level), ...(options.faults ?? [])])]);
  const variants = new Variants([...new Set([...flavour.variants, ...(options.variants ?? [])])]);
  const store = new Store({
    clock: options.clock,
    faults,
    variants,
    deleteTopicBatchSize: options.deleteTopicBatchSize,
    ...(options.editGraceSeconds !== undefined ? { editGraceSeconds: options.editGraceSeconds } : {}),
  });
  const rateLimiter = options.rateLimit
    ? new RateLimiter(options.rateLimit, options.clock ?? Date.now, variants)
    : undefined;
  const shutdown = new AbortController();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const server = createServer(
    { keepAliveTimeout: 30_000, maxHeaderSize: MAX_HEADER_BYTES },
    createRequestListener({
      store,
      faults,
      log,
      shutdown: shutdown.signal,
      pollTimeoutMs: options.pollTimeoutMs ?? 10_000,
      developmentLogin: options.developmentLogin ?? true,
      level,
      ...(rateLimiter ? { rateLimiter } : {}),
    }),
  );
  keepConnections(server, variants);
  server.on('clientError', (err, socket) => sendParseError(socket as Socket, err, faults));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      shutdown.abort(); // long polls answer now
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 500).unref();
    });
    return closing;
  };
  const rateLimitTally = () =>
    rateLimiter &&
    Object.fromEntries(
      [...rateLimiter.tallyByUser()].map(([id, tally]) => [store.userById(id)?.email ?? `user ${id}`, tally]),
    );
  return {
    url,
    store,
    faults: faults.active,
    flavour: flavourName,
    variants: variants.active,
    rateLimitTally,
    close,
  };
}
