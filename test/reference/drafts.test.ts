// Drafts: validation, storage, ordering, privacy and drafts events.
import { describe, expect, it } from 'vitest';
import { type Call, draftOf, lookup, withServer } from './support.ts';

const NOW_MS = 1_700_000_000_123;
const clock = () => NOW_MS;

/** Each test gets a fresh realm, so that listings hold exactly what the test made. */
function fresh<T>(body: (call: Call) => Promise<T>): Promise<T> {
  return withServer({ clock }, (call) => body(call));
}

const list = async (call: Call, as: 'member' | 'member2' = 'member') => (await call('GET', '/drafts', { as })).body;

describe('POST /drafts', () => {
  it('stores every draft kind and returns the ids in submission order', () =>
    fresh(async (call) => {
      const { userId, channelId } = await lookup(call);
      const verona = await channelId('Verona');
      const othello = userId('member2');
      const drafts = [
        draftOf.channel(verona, { topic: 'a topic', timestamp: 100 }),
        draftOf.direct([othello], { topic: 'ignored', timestamp: 200 }),
        draftOf.unaddressed({ to: [othello], topic: 'ignored', timestamp: 300.9 }),
      ];
      const res = await call('POST', '/drafts', { form: { drafts } });
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        ids: [expect.any(Number), expect.any(Number), expect.any(Number)],
      });
      const [a, b, c] = res.body.ids;
      expect(new Set([a, b, c]).size).toBe(3);
      expect((await list(call)).drafts).toEqual([
        { id: c, type: '', to: [], topic: '', content: 'note to self', timestamp: 300 },
        { id: b, type: 'private', to: [othello], topic: '', content: 'psst', timestamp: 200 },
        { id: a, type: 'stream', to: [verona], topic: 'a topic', content: 'hello', timestamp: 100 },
      ]);
    }));

  it('fills in the timestamp (seconds) and normalizes content like a message', () =>
    fresh(async (call) => {
      const draft = { ...draftOf.unaddressed({ content: '\n\nhello  \n ' }) };
      const { ids } = (await call('POST', '/drafts', { form: { drafts: [draft] } })).body;
      expect((await list(call)).drafts).toEqual([
        { id: ids[0], type: '', to: [], topic: '', content: 'hello', timestamp: Math.floor(NOW_MS / 1000) },
      ]);
    }));

  it('treats a missing drafts parameter as an empty list', () =>
    fresh(async (call) => {
      expect((await call('POST', '/drafts')).body).toEqual({ result: 'success', msg: '', ids: [] });
    }));

  it('rejects invalid drafts with BAD_REQUEST and stores none of the batch', () =>
    fresh(async (call) => {
      const { channelId } = await lookup(call);
      const verona = await channelId('Verona');
      const ok = draftOf.unaddressed();
      const { type: _t, ...noType } = ok;
      const { to: _to, ...noTo } = ok;
      const { topic: _tp, ...noTopic } = ok;
      const { content: _c, ...noContent } = ok;
      const invalid: [string, unknown][] = [
        ['not an object', 'draft'],
        ['a list', [ok]],
        ['an extra key', { ...ok, extra: 1 }],
        ['no type', noType],
        ['no to', noTo],
        ['no topic', noTopic],
        ['no content', noContent],
        ['an unknown type', { ...ok, type: 'direct' }],
        ['type null', { ...ok, type: null }],
        ['to not a list', { ...ok, to: 5 }],
        ['to with strings', { ...ok, to: ['5'] }],
        ['to with floats', { ...ok, to: [1.5] }],
        ['topic not a string', { ...ok, topic: 5 }],
        ['content not a string', { ...ok, content: ['x'] }],
        ['empty content', { ...ok, content: '' }],
        ['blank content', { ...ok, content: '\n \t\n' }],
        ['null byte in content', { ...ok, content: 'a\u0000b' }],
        ['null byte in a channel topic', draftOf.channel(verona, { topic: 'a\u0000b' })],
        ['negative timestamp', { ...ok, timestamp: -1 }],
        ['string timestamp', { ...ok, timestamp: '5' }],
        ['absurd timestamp', { ...ok, timestamp: 1e300 }],
        ['a channel draft without channel', draftOf.channel(verona, { to: [] })],
        ['a channel draft with two channels', draftOf.channel(verona, { to: [verona, verona + 1] })],
        ['an unknown channel', draftOf.channel(999999)],
        ['a private channel the user is not in', draftOf.channel(await channelId('core team'))],
        ['an unknown user', draftOf.direct([999999])],
      ];
      for (const [why, draft] of invalid) {
        const res = await call('POST', '/drafts', { form: { drafts: [ok, draft] } });
        expect(res.status, why).toBe(400);
        expect(res.body, why).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: expect.any(String) });
      }
      expect((await list(call)).count).toBe(0);
      const notList = await call('POST', '/drafts', { form: { drafts: { 0: ok } } });
      expect(notList.body).toMatchObject({ code: 'BAD_REQUEST', var_name: 'drafts' });
    }));

  it('says exactly why a channel draft needs exactly one channel ID', () =>
    fresh(async (call) => {
      const verona = await (await lookup(call)).channelId('Verona');
      for (const to of [[], [verona, verona]]) {
        const res = await call('POST', '/drafts', { form: { drafts: [draftOf.channel(verona, { to })] } });
        expect(res.body).toMatchObject({
          code: 'BAD_REQUEST',
          msg: 'Must specify exactly 1 channel ID for channel messages',
        });
      }
    }));

  it('allows channels the user can access: public ones and private ones they are in; not archived ones', () =>
    withServer({ clock }, async (call) => {
      const { channelId } = await lookup(call);
      const core = await channelId('core team'); // private: desdemona, iago, shiva
      const post = (as: 'member' | 'owner', id: number) =>
        call('POST', '/drafts', { as, form: { drafts: [draftOf.channel(id)] } });
      expect((await post('member', core)).body.code).toBe('BAD_REQUEST');
      expect((await post('owner', core)).body.result).toBe('success');
      expect((await post('member', await channelId('Venice'))).body.result).toBe('success'); // public, not subscribed
      const created = await call('POST', '/users/me/subscriptions', { form: { subscriptions: [{ name: 'doomed' }] } });
      expect(created.body.result).toBe('success');
      const doomed = await channelId('doomed');
      expect((await call('DELETE', `/streams/${doomed}`, { as: 'admin' })).body.result).toBe('success');
      expect((await post('member', doomed)).body).toMatchObject({ code: 'BAD_REQUEST' });
    }));
});

describe('GET /drafts', () => {
  it('lists only the caller’s drafts, newest first (ties: larger id first), count = length', () =>
    fresh(async (call) => {
      const drafts = [10, 30, 20, 30].map((timestamp) => draftOf.unaddressed({ timestamp }));
      const { ids } = (await call('POST', '/drafts', { form: { drafts } })).body;
      await call('POST', '/drafts', { as: 'member2', form: { drafts: [draftOf.unaddressed({ timestamp: 40 })] } });
      const mine = await list(call);
      expect(mine.count).toBe(4);
      expect(mine.drafts.map((d: { id: number }) => d.id)).toEqual([ids[3], ids[1], ids[2], ids[0]]);
      expect((await list(call, 'member2')).count).toBe(1);
    }));

  it('lists the same drafts, newest first, in POST /register', () =>
    fresh(async (call) => {
      const drafts = [10, 30, 20].map((timestamp) => draftOf.unaddressed({ timestamp }));
      await call('POST', '/drafts', { form: { drafts } });
      const reg = await call('POST', '/register', { form: { fetch_event_types: ['drafts'] } });
      expect(reg.body.drafts).toEqual((await list(call)).drafts);
    }));
});

describe('PATCH and DELETE /drafts/{draft_id}', () => {
  it('edits and deletes the caller’s drafts, with validation', () =>
    fresh(async (call) => {
      const [id] = (await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } })).body.ids;
      const edit = await call('PATCH', `/drafts/${id}`, { form: { draft: draftOf.unaddressed({ content: 'v2' }) } });
      expect(edit.body).toEqual({ result: 'success', msg: '' });
      expect((await list(call)).drafts[0]).toMatchObject({ id, content: 'v2', timestamp: Math.floor(NOW_MS / 1000) });
      const bad = await call('PATCH', `/drafts/${id}`, { form: { draft: draftOf.unaddressed({ content: '' }) } });
      expect(bad.body.code).toBe('BAD_REQUEST');
      expect((await call('PATCH', `/drafts/${id}`)).body).toMatchObject({ code: 'BAD_REQUEST', var_name: 'draft' });
      expect((await call('DELETE', `/drafts/${id}`)).body).toEqual({ result: 'success', msg: '' });
      expect((await list(call)).count).toBe(0);
    }));

  it('answers 404 BAD_REQUEST for drafts that do not exist or are someone else’s', () =>
    fresh(async (call) => {
      const [id] = (await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } })).body.ids;
      const attempts = [
        call('DELETE', `/drafts/${id}`, { as: 'member2' }),
        call('PATCH', `/drafts/${id}`, { as: 'member2', form: { draft: draftOf.unaddressed() } }),
        call('DELETE', '/drafts/987654'),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ result: 'error', msg: 'Draft does not exist', code: 'BAD_REQUEST' });
      }
      expect((await list(call)).count).toBe(1);
    }));
});

describe('drafts events', () => {
  it('reach every queue of the owner (that wants them), and nobody else', () =>
    fresh(async (call) => {
      const register = async (as: 'member' | 'member2', form = {}) =>
        (await call('POST', '/register', { as, form })).body.queue_id as string;
      const events = async (queue_id: string, as: 'member' | 'member2' = 'member') =>
        (await call('GET', '/events', { as, query: { queue_id, last_event_id: -1, dont_block: true } })).body.events;
      const q1 = await register('member');
      const q2 = await register('member', { event_types: ['drafts'] });
      const onlyMessages = await register('member', { event_types: ['message'] });
      const other = await register('member2');

      const [id] = (await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed({ timestamp: 5 })] } })).body
        .ids;
      await call('PATCH', `/drafts/${id}`, { form: { draft: draftOf.unaddressed({ content: 'v2', timestamp: 6 }) } });
      await call('DELETE', `/drafts/${id}`);

      const expected = [
        {
          id: 0,
          type: 'drafts',
          op: 'add',
          drafts: [{ id, type: '', to: [], topic: '', content: 'note to self', timestamp: 5 }],
        },
        {
          id: 1,
          type: 'drafts',
          op: 'update',
          draft: { id, type: '', to: [], topic: '', content: 'v2', timestamp: 6 },
        },
        { id: 2, type: 'drafts', op: 'remove', draft_id: id },
      ];
      expect(await events(q1)).toEqual(expected);
      expect(await events(q2)).toEqual(expected);
      expect(await events(onlyMessages)).toEqual([]);
      expect(await events(other, 'member2')).toEqual([]);
    }));
});
