// A real client: the published zulip-js, pointed at the reference server, performs the operations it wraps. It
// sends POST bodies as multipart form data and GET/PATCH/DELETE parameters in the query string, as real clients
// do, which is what the reference server must accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zulipInit from 'zulip-js';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { startReferenceServer } from '../../reference/server.ts';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
let hamlet: any;
let othelloId: number;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
  // Logging in with a password: zulip-js fetches the key with POST /fetch_api_key.
  hamlet = await zulipInit({
    username: REFERENCE_ACCOUNTS.member.email,
    password: REFERENCE_ACCOUNTS.member.password,
    realm: server.url,
  });
  const othello = await zulipInit({
    username: REFERENCE_ACCOUNTS.member2.email,
    apiKey: REFERENCE_ACCOUNTS.member2.apiKey,
    realm: server.url,
  });
  othelloId = (await othello.users.me.getProfile()).user_id;
});
afterAll(() => server.close());

const ok = (res: any) => expect(res, JSON.stringify(res)).toMatchObject({ result: 'success' });

describe('zulip-js against the reference server', () => {
  it('fetches an API key and reads the profile', async () => {
    expect(hamlet.config.apiKey).toBe(REFERENCE_ACCOUNTS.member.apiKey);
    const me = await hamlet.users.me.getProfile();
    ok(me);
    expect(me.delivery_email).toBe(REFERENCE_ACCOUNTS.member.email);
  });

  it('sends channel and direct messages, edits one, and renders Markdown', async () => {
    ok(
      await hamlet.messages.send({
        type: 'stream',
        to: 'Verona',
        topic: 'zulip-js',
        content: 'hello from **zulip-js**',
      }),
    );
    const direct = await hamlet.messages.send({ type: 'direct', to: [othelloId], content: 'a direct hello' });
    ok(direct);
    // PATCH with its parameters in the query string, as zulip-js sends them.
    ok(await hamlet.messages.update({ message_id: direct.id, content: 'an edited hello' }));
    const rendered = await hamlet.messages.render({ content: '**bold**' });
    ok(rendered);
    expect(rendered.rendered).toContain('<strong>bold</strong>');
  });

  it('sends typing notifications', async () => {
    ok(await hamlet.typing.send({ to: [othelloId], op: 'start' }));
    ok(await hamlet.typing.send({ to: [othelloId], op: 'stop' }));
  });

  it('lists users and subscriptions, and subscribes', async () => {
    const users = await hamlet.users.retrieve();
    ok(users);
    expect(users.members.length).toBeGreaterThan(5);
    ok(await hamlet.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name: 'zulip-js channel' }]) }));
    const subs = await hamlet.streams.subscriptions.retrieve();
    ok(subs);
    expect(subs.subscriptions.map((s: { name: string }) => s.name)).toContain('zulip-js channel');
    ok(await hamlet.streams.getStreamId('zulip-js channel'));
    const streams = await hamlet.streams.retrieve({ include_public: true });
    ok(streams);
    expect(streams.streams.map((s: { name: string }) => s.name)).toContain('Verona');
  });

  it('registers a queue, reads its events, and deletes it', async () => {
    const queue = await hamlet.queues.register({ event_types: ['message'] });
    ok(queue);
    await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'zulip-js', content: 'an event' });
    const events = await hamlet.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1, dont_block: true });
    ok(events);
    expect(events.events.some((e: { type: string }) => e.type === 'message')).toBe(true);
    ok(await hamlet.queues.deregister({ queue_id: queue.queue_id }));
  });
});
