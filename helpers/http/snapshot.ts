/**
 * State read through POST /register (a set-up operation): `fetch_event_types` asks for the current state of those
 * types. Registering also opens an event queue, which a snapshot deletes at once, so that nothing is left to expire.
 */
import type { ApiClient, ApiResponse } from './client.ts';

export async function snapshot(client: ApiClient, types: readonly string[]): Promise<ApiResponse> {
  const res = await client.request('POST', '/register', { fetch_event_types: types, event_types: types });
  if (typeof res.body?.queue_id === 'string') await client.delete('/events', { queue_id: res.body.queue_id });
  return res;
}
