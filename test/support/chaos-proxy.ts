/**
 * A misbehaving target for the suite's own robustness tests: a proxy in front of a real server that injects
 * latency, gateway error pages, truncated JSON, dropped connections, rate-limit 429s, or stops answering.
 * Faults start after the first `after` requests (the world's set-up) and are drawn from a seeded PRNG.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom } from '../../helpers/checks/seeds.ts';

export interface ChaosOptions {
  upstream: string;
  after?: number;
  latencyMs?: number;
  gatewayError?: number;
  malformedJson?: number;
  drop?: number;
  rateLimit?: number;
  /** The Retry-After of an injected 429, in seconds (default 1). */
  retryAfterSeconds?: number;
  /** Inject 429s only into requests whose method and path (`PATCH /api/v1/messages/…`) this matches. */
  rateLimitOnly?: RegExp;
  /** From this request on, accept and never answer. */
  hangFrom?: number;
  seed?: number;
}

export interface ChaosProxy {
  url: string;
  injected: Record<string, number>;
  close(): Promise<void>;
}

export async function startChaosProxy(options: ChaosOptions): Promise<ChaosProxy> {
  const random = seededRandom(options.seed ?? 1);
  const injected: Record<string, number> = {};
  const sockets = new Set<Socket>();
  let count = 0;
  const inject = (kind: string) => {
    injected[kind] = (injected[kind] ?? 0) + 1;
  };
  const chance = (p: number | undefined) => p !== undefined && random() < p;

  const server = http.createServer(async (req, res) => {
    count += 1;
    const body = await readAll(req);
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    if (options.hangFrom !== undefined && count >= options.hangFrom) return inject('hang');
    if (count > (options.after ?? 0)) {
      if (chance(options.drop)) {
        inject('drop');
        return req.socket.destroy();
      }
      if (chance(options.gatewayError)) {
        inject('gateway error');
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      if ((options.rateLimitOnly?.test(`${req.method} ${req.url}`) ?? true) && chance(options.rateLimit)) {
        inject('rate limit');
        const retryAfter = options.retryAfterSeconds ?? 1;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) });
        return res.end(
          JSON.stringify({
            result: 'error',
            msg: 'API usage exceeded rate limit',
            code: 'RATE_LIMIT_HIT',
            'retry-after': retryAfter,
          }),
        );
      }
    }
    const malformed = count > (options.after ?? 0) && chance(options.malformedJson);
    const upstream = http.request(
      `${options.upstream}${req.url}`,
      { method: req.method, headers: req.headers },
      async (up) => {
        const payload = await readAll(up);
        if (malformed) inject('malformed JSON');
        const out = malformed ? payload.subarray(0, Math.floor(payload.length / 2)) : payload;
        const headers = { ...up.headers, 'content-length': String(out.length) };
        res.writeHead(up.statusCode ?? 502, headers);
        res.end(out);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    injected,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
