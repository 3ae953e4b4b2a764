/** HTTP Basic authentication (`email:api_key`, email case-insensitive), with the authentication faults. */
import { timingSafeEqual } from 'node:crypto';
import { type ApiError, unauthorized } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import type { Store } from '../core/store.ts';
import type { Faults } from '../faults.ts';

export interface Authenticated {
  readonly user: User;
  /**
   * Set only by fault `auth-refused-write-applied`: the request is refused with this error, but only after
   * the handler has run.
   */
  readonly refusal?: ApiError;
}

interface Request {
  readonly method: string;
  /** Relative to /api/v1. */
  readonly path: string;
  readonly authorization: string | undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function authenticate(req: Request, store: Store, faults: Faults): Authenticated {
  if (req.authorization === undefined || req.authorization.trim() === '') {
    // Fault `auth-missing-credentials-accepted`: GET /drafts as the first human without credentials.
    if (faults.has('auth-missing-credentials-accepted') && req.method === 'GET' && req.path === '/drafts')
      return { user: store.firstHuman() };
    // Fault `auth-topic-read-without-credentials`: POST /mark_topic_as_read as the first human without credentials.
    if (
      faults.has('auth-topic-read-without-credentials') &&
      req.method === 'POST' &&
      req.path === '/mark_topic_as_read'
    )
      return { user: store.firstHuman() };
    throw unauthorized("Missing 'Authorization' header.");
  }
  const { email, apiKey } = parseBasic(req.authorization);
  const user = store.userByLogin(email);
  if (!user) {
    // Fault `auth-unknown-email-accepted`.
    if (faults.has('auth-unknown-email-accepted')) return { user: store.firstHuman() };
    throw unauthorized('Account is not associated with this subdomain');
  }
  if (!user.isActive) throw unauthorized('Account is deactivated');
  // Fault `auth-bot-key-refused`.
  if (user.bot && faults.has('auth-bot-key-refused')) throw unauthorized('Invalid API key');
  if (!sameKey(apiKey, user.apiKey)) {
    // Fault `auth-wrong-key-accepted`.
    if (faults.has('auth-wrong-key-accepted')) return { user };
    // Fault `auth-refused-write-applied`.
    if (faults.has('auth-refused-write-applied') && req.method === 'POST' && req.path === '/drafts')
      return { user, refusal: invalidKey() };
    throw invalidKey();
  }
  return { user };
}

const invalidKey = () => unauthorized('Invalid API key');

function parseBasic(header: string): { email: string; apiKey: string } {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header.trim());
  if (!match) throw unauthorized('This endpoint requires HTTP basic authentication.');
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(match[1]!, 'base64'));
  } catch {
    throw unauthorized('Invalid authorization header for basic auth');
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized('Invalid authorization header for basic auth');
  return { email: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
}

function sameKey(given: string, actual: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}
