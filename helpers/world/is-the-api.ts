/**
 * Before anything else: does the target answer like a Team Chat API server at all? Every answer of the API, a
 * refusal included, is a JSON object with `result` (contract: Conventions, Errors), so an anonymous
 * `GET /users/me` must come back as one. A wrong URL (a web site, a proxy's 404 page, the API path given twice)
 * then stops the run with one line saying what was asked and what came back, instead of a report of failures —
 * unless a configured account's own call succeeds: then it is the API, answering its errors in a way the checks
 * will report.
 */
import { NotTheApiError } from '../errors.ts';
import type { ApiClient } from '../http/client.ts';

export async function notTheApi(anonymous: ApiClient): Promise<NotTheApiError | undefined> {
  const res = await anonymous.get('/users/me');
  const body = res.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && typeof body.result === 'string')
    return undefined;
  const type = res.headers['content-type'] ?? 'no content type';
  const excerpt = res.text.replace(/\s+/g, ' ').trim().slice(0, 120) || '(empty body)';
  // The suite follows no redirect (an answer is the target's answer): say where this one points.
  const location = res.status >= 300 && res.status < 400 ? res.headers.location : undefined;
  return new NotTheApiError(
    `${res.exchange.method} ${res.exchange.url} answered HTTP ${res.status} (${type}): ${excerpt}\n` +
      'This does not answer like a Team Chat API server (every answer is a JSON object with "result"). ' +
      (location
        ? `It redirects to ${location}: the suite follows no redirect; set TARGET_URL to where it points (https?).`
        : "Is TARGET_URL the server's root address (the suite adds /api/v1 itself)?"),
  );
}
