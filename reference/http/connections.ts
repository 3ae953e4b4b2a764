/**
 * How the reference server keeps its connections. By default each is kept alive for 30 s of idleness, and the
 * answers say so (Keep-Alive: timeout=30). The contract shows requests and JSON answers, never connections, and HTTP
 * lets a server close one after any answer (RFC 9112 §9.6) or when idle (§9.5): the variants make those choices.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Variants } from '../variants.ts';

/**
 * How long an idle connection stays open with `idle-close-early`: about as long as a client takes from one answer to
 * its next request, so that the close often meets that request on its way.
 */
const IDLE_CLOSE_MS = 2;

export function keepConnections(server: Server, variants: Variants): void {
  // Variant `connection-close`: every answer says Connection: close, and the server closes the connection after it.
  if (variants.has('connection-close'))
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
  // Variant `idle-close-early`: a connection idle for a moment is closed, and nothing in the answers announces it
  // (no Keep-Alive hint, like nginx), so a client finds out as its next request meets the close.
  if (variants.has('idle-close-early')) {
    server.keepAliveTimeout = 0;
    const idle = new WeakMap<Socket, NodeJS.Timeout>();
    server.prependListener('request', (req, res) => {
      const socket = req.socket;
      clearTimeout(idle.get(socket));
      res.once('finish', () =>
        idle.set(
          socket,
          setTimeout(() => socket.destroy(), IDLE_CLOSE_MS),
        ),
      );
    });
  }
}
