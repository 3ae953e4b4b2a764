// The pacing of an account whose target shows its budget (X-RateLimit-*), on a fake clock (helpers/http/pacing/).
import { describe, expect, it } from 'vitest';
import { pacingWorld, shown } from '../support/pacing-world.ts';

describe('a target that shows its budget', () => {
  it('waits for a near reset once the account is down to the reserve; other accounts are not held up', async () => {
    const { clock, p } = pacingWorld();
    const now = clock.now();
    p.noteBudget('a@x', shown(5, now), now);
    expect(await p.waitForBudget('a@x', 2)).toBe(0);
    p.noteBudget('a@x', shown(2, now, 300), now);
    const waited = p.waitForBudget('a@x', 2);
    await clock.advance(1000);
    expect(await waited).toBe(300 + 50); // the Reset, and the 50 ms after it
    expect(await p.waitForBudget('b@x', 2)).toBe(0);
  });

  it("after a 429's wait, lets one request find out whether the account is back; the others wait for its answer", async () => {
    const { clock, p } = pacingWorld();
    p.noteRefusal('p@x', 100);
    const gone: string[] = [];
    const go = (name: string) => p.waitForBudget('p@x', 0).then(() => gone.push(name));
    const both = Promise.all([go('a'), go('b')]);
    await clock.advance(600);
    expect(gone).toHaveLength(1);
    p.noteAnswered('p@x', true); // the answer: the account is back
    await clock.advance(50);
    await both;
    expect(gone).toHaveLength(2);
  });

  it('once a Reset has passed, lets one request find out how much came back (a Reset may name one free slot)', async () => {
    const { clock, p } = pacingWorld();
    p.noteBudget('n@x', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0.1' }); // a slot in 100 ms
    const gone: string[] = [];
    const go = (name: string) => p.waitForBudget('n@x', 0).then(() => gone.push(name));
    const both = Promise.all([go('a'), go('b')]);
    await clock.advance(400);
    expect(gone).toHaveLength(1);
    p.noteBudget('n@x', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '60' }); // its answer: 5 left
    p.noteAnswered('n@x', true);
    await clock.advance(50);
    await both;
    expect(gone).toHaveLength(2);
  });

  it('with a spent budget whose Reset is far, sends one request at a time until the target answers', async () => {
    const { clock, p } = pacingWorld();
    p.noteBudget('s@x', shown(0, clock.now()));
    expect(await p.waitForBudget('s@x', 0)).toBe(0); // the first finds out
    let second = false;
    const waiting = p.waitForBudget('s@x', 0).then(() => {
      second = true;
    });
    await clock.advance(200);
    expect(second).toBe(false);
    p.noteRefusal('s@x', 50); // its answer: a 429, back in 50 ms
    p.noteAnswered('s@x', true); // and then a success
    await clock.advance(200);
    await waiting;
    expect(second).toBe(true);
  });

  it("after one 429, knows from the log of the account's calls when each later slot of a sliding log frees", async () => {
    const { clock, p } = pacingWorld();
    const t = clock.now() - 650;
    const limited = (remaining: number) => shown(remaining, t, 60_000, 3);
    // Calls at t, t+100, t+200 fill a window of 3; a fourth at t+300 is refused until the first leaves (t+500: the
    // window is 500 ms). Before the 429 the log cannot tell.
    for (const [i, remaining] of [2, 1, 0].entries()) {
      p.noteAnswered('w@x', true, t + 100 * i);
      p.noteBudget('w@x', limited(remaining), t + 100 * i);
    }
    expect(p.slotFor('w@x', 0)).toBeUndefined();
    p.noteAnswered('w@x', false, t + 300);
    p.noteRefusal('w@x', 200, t + 300);
    // The call at t+500 takes the first slot back; the next frees as the call of t+100 leaves: at t+600.
    p.noteAnswered('w@x', true, t + 500);
    p.noteBudget('w@x', limited(0), t + 500);
    expect(p.slotFor('w@x', 0)).toBe(t + 600 + 250); // with the margin for the answer's way back
    expect(p.slotFor('w@x', 1)).toBe(t + 700 + 250); // two free: the call of t+200 gone too
    // So a request (now t+650) waits for that slot instead of asking into the closed window.
    const waited = p.waitForBudget('w@x', 0);
    await clock.advance(1000);
    expect(await waited).toBe(200);
    // Never past a Reset the target names (a log missing another client's calls would wait too long).
    p.noteBudget('w@x', { ...limited(0), 'x-ratelimit-reset': '0.1' }, t + 500);
    expect(p.slotFor('w@x', 0)).toBe(t + 600 + 50);
  });

  it("takes a 429's Reset naming when the window is clear as the most the window can be: a log short of calls runs long", () => {
    const { clock, p } = pacingWorld();
    const t = clock.now();
    // A window of 3 calls in 60 s, on a sliding log whose Reset names when the window is clear (the newest call + the
    // window, in whole seconds). The target counted calls at t+57 s (which this log lacks), t+58 s and t+59 s; the
    // 429 at t+59.5 s lasts until the call of t+57 s leaves, at t+117 s.
    const clearAt = (newest: number) => ({
      ...shown(0, 0, 0, 3),
      'x-ratelimit-reset': String(Math.ceil((newest + 60_000) / 1000)),
    });
    for (const at of [t, t + 58_000, t + 59_000]) p.noteAnswered('g@x', true, at);
    p.noteAnswered('g@x', false, t + 59_500);
    p.noteRefusal('g@x', 57_500, t + 59_500, clearAt(t + 59_000));
    // The probe takes that slot; the next frees as the call of t+58 s leaves, at t+118 s. By the log alone the window
    // lasted 117 s: that slot would come at t+175 s. The Reset says the window is at most 61 s.
    p.noteAnswered('g@x', true, t + 117_000);
    p.noteBudget('g@x', clearAt(t + 117_000), t + 117_000);
    const slot = p.slotFor('g@x', 0)!;
    expect(slot).toBeGreaterThanOrEqual(t + 118_000);
    expect(slot).toBeLessThan(t + 118_000 + 2000 + 50 + 250);
    // A Reset no later than the 429's wait (the next free slot, a fixed window's end) tells nothing of the window.
    p.noteRefusal('g@x', 57_500, t + 59_500, { ...clearAt(t), 'x-ratelimit-reset': String((t + 117_000) / 1000) });
    expect(p.slotFor('g@x', 0)).toBe(t + 58_000 + 117_000 + 250);
  });

  it('with too few calls logged for the limit shown (another client spends the account), the log tells nothing', () => {
    const { clock, p } = pacingWorld();
    const t = clock.now();
    for (const i of [0, 1, 2]) p.noteAnswered('h@x', true, t + 100 * i);
    p.noteRefusal('h@x', 200, t + 300);
    expect(p.slotFor('h@x', 0)).toBeUndefined();
    p.noteBudget('y@x', shown(0, t, 60_000, 5), t);
    p.noteAnswered('y@x', true, t);
    p.noteRefusal('y@x', 100, t + 10);
    expect(p.slotFor('y@x', 0)).toBeUndefined();
  });

  it('counts a window that has reset as full, and ignores answers without rate-limit headers', async () => {
    const { clock, p } = pacingWorld();
    const now = clock.now();
    p.noteBudget('a@x', shown(3, now, 1000), now);
    expect(p.budgetLeft('a@x', now)).toBe(3);
    expect(p.budgetLeft('a@x', now + 2000)).toBe(Number.POSITIVE_INFINITY);
    expect(p.budgetLeft('b@x', now)).toBeUndefined();
    p.noteBudget('c@x', {});
    expect(await p.waitForBudget('c@x', 100)).toBe(0);
  });
});
