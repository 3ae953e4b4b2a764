// The pacing of an account whose target shows no budget (a 429 with Retry-After and nothing else): the limits read
// off its 429s and the log of its calls (helpers/http/pacing/), on a fake clock.
import { describe, expect, it } from 'vitest';
import type { Pacing } from '../../helpers/http/pacing/pacing.ts';
import { pacingWorld } from '../support/pacing-world.ts';

/**
 * An account of a target that shows no budget: 40 calls in the 0.4 s from `t`, and a 429 at 0.5 s until 1 s, which
 * reads a limit of 40 calls a second (the first call leaves a 1 s window of 40).
 */
function fortyThenRefused(p: Pacing, account: string, t: number): void {
  for (let i = 0; i < 40; i++) p.noteAnswered(account, true, t + 10 * i, false);
  p.noteRefusal(account, 500, t + 500);
}

describe('a target that shows no budget', () => {
  it('goes on one request at a time once the account has met a 429', async () => {
    const { clock, p } = pacingWorld();
    p.noteRefusal('q@x', 50);
    const gone: string[] = [];
    const go = (name: string) => p.waitForBudget('q@x', 0).then(() => gone.push(name));
    const first = go('a');
    await clock.advance(100);
    await first;
    p.noteAnswered('q@x', true, clock.now(), false); // accepted, but no word of how many calls came back
    const both = Promise.all([go('b'), go('c')]);
    await clock.advance(60);
    expect(gone).toEqual(['a', 'b']); // the next finds out; the other waits for its answer
    p.noteAnswered('q@x', true, clock.now(), false);
    await clock.advance(20);
    await both;
    expect(gone).toEqual(['a', 'b', 'c']);
  });

  it('reads the limit off a 429 and the log of calls, and keeps to it once a second 429 fits', async () => {
    const { clock, p } = pacingWorld();
    const t = clock.now() - 1000;
    fortyThenRefused(p, 'n@x', t);
    expect(p.budgetLeft('n@x', t + 600)).toBe(0);
    p.noteAnswered('n@x', true, t + 1000, false); // the request that found out: accepted
    // Read off one 429, the limit holds nothing back and says nothing of the budget: where it says none is free, one
    // request finds out (a proxy's random 429 is no limit).
    expect(p.budgetLeft('n@x', t + 1000)).toBeUndefined();
    expect(await p.waitForBudget('n@x', 0)).toBe(0);
    // Its answer, a 429 until the second call leaves: two 429s fit the limit, which now paces the account.
    p.noteRefusal('n@x', 5, t + 1005);
    p.noteAnswered('n@x', false, t + 1005, false);
    // The next slot frees as the second call leaves the window (with the slack for the log's times, and the margin),
    // and the requests go by the limit read, not one at a time.
    expect(p.slotFor('n@x', 0)).toBe(t + 10 + 1000 + 100 + 250);
    const waited = p.waitForBudget('n@x', 0);
    await clock.advance(500);
    expect(await waited).toBe(360);
    expect(p.budgetLeft('n@x', t + 1360)).toBe(40 - 13 - 1); // the calls from 0.27 s on, and the last
    p.noteAnswered('n@x', true, t + 1360, false); // the request that waited for the slot: accepted
    expect(await p.waitForBudget('n@x', 0)).toBe(0);
    expect(await p.waitForBudget('n@x', 0)).toBe(0);
  });

  it('leaves calls whose credentials were refused out of the log the limit is read from', () => {
    const { clock, p } = pacingWorld();
    const t = clock.now() - 1000;
    // As above, with five 401s among the first calls: not the account's calls.
    for (let i = 0; i < 40; i++) p.noteAnswered('w@x', true, t + 10 * i, false);
    for (let i = 0; i < 5; i++) p.noteAnswered('w@x', true, t + 10 * i + 5, false, true);
    p.noteRefusal('w@x', 500, t + 500);
    p.noteAnswered('w@x', true, t + 1000, false);
    p.noteRefusal('w@x', 5, t + 1005);
    p.noteAnswered('w@x', false, t + 1005, false);
    // The limit read is 40 (45 with the 401s logged: five calls too many let into a full window).
    expect(p.budgetLeft('w@x', t + 1360)).toBe(40 - 13 - 1);
  });

  it("takes a limit like one another account's 429s confirmed at the account's first 429", () => {
    const evenly = (p: Pacing, account: string, t: number) => {
      for (let i = 0; i < 40; i++) p.noteAnswered(account, true, t + 25 * i, false);
      p.noteRefusal(account, 10, t + 980);
    };
    const { clock, p } = pacingWorld();
    const t = clock.now() - 2000;
    // The first account: two 429s that fit a limit of 40 calls a second.
    fortyThenRefused(p, 'a@x', t);
    p.noteAnswered('a@x', true, t + 1000, false);
    p.noteRefusal('a@x', 5, t + 1005);
    // The second: 40 calls 25 ms apart and a 429 with a 10 ms wait. Every call has that gap before it: alone, too
    // many limits fit; like the first account's, a few do, and its first 429 confirms them.
    evenly(p, 'b@x', t);
    expect(p.budgetLeft('b@x', t + 1000)).toBeDefined();
    const alone = pacingWorld().p;
    evenly(alone, 'c@x', t);
    expect(alone.budgetLeft('c@x', t + 1000)).toBeUndefined();
  });

  it("confirms a limit by two accounts' single 429s that fit it, each account's", () => {
    const { clock, p } = pacingWorld();
    const t = clock.now() - 1000;
    // One 429 each, both reading 40 calls a second: neither alone is a limit (a proxy's 429 may be no limiter's).
    fortyThenRefused(p, 'a@x', t);
    expect(p.budgetLeft('a@x', t + 1100)).toBeUndefined();
    fortyThenRefused(p, 'b@x', t + 20);
    // Together they are: both accounts are paced by it, and neither sends into its full window to find out.
    expect(p.budgetLeft('b@x', t + 1050)).toBe(0);
    expect(p.budgetLeft('a@x', t + 1050)).toBe(0);
    expect(p.budgetLeft('a@x', t + 1700)).toBe(40);
    // One that reads another limit (40 calls in 2 s) confirms neither.
    const other = pacingWorld().p;
    fortyThenRefused(other, 'a@x', t);
    for (let i = 0; i < 40; i++) other.noteAnswered('c@x', true, t - 1000 + 25 * i, false);
    other.noteRefusal('c@x', 1000, t);
    expect(other.budgetLeft('a@x', t + 1100)).toBeUndefined();
    expect(other.budgetLeft('c@x', t + 1100)).toBeUndefined();
  });

  it("sends one request at a time where another account's limit leaves the account none", async () => {
    const { clock, p } = pacingWorld();
    const t = clock.now() - 1000;
    // The first account's 429 reads a limit of 40 calls a second; the second has made 40 calls in that second.
    fortyThenRefused(p, 'a@x', t);
    for (let i = 0; i < 40; i++) p.noteAnswered('b@x', true, t + 500 + 10 * i, false);
    const gone: string[] = [];
    const go = (name: string) => p.waitForBudget('b@x', 2).then(() => gone.push(name));
    const both = Promise.all([go('x'), go('y')]);
    await clock.advance(40);
    expect(gone).toEqual(['x']); // the other waits for its answer: a 429 then would have come to both
    p.noteAnswered('b@x', true, clock.now(), false);
    await clock.advance(40);
    await both;
    expect(gone).toEqual(['x', 'y']);
    // Accepted well past that limit (its slack of calls), the account is not held to it: both go at once.
    for (let i = 0; i < 20; i++) p.noteAnswered('b@x', true, clock.now(), false);
    gone.length = 0;
    await Promise.all([go('x'), go('y')]);
    expect(gone).toEqual(['x', 'y']);
  });

  it("weighs an account by the limits read off another's 429s until its own tell more", () => {
    const { clock, p } = pacingWorld();
    const t = clock.now() - 1000;
    for (let i = 0; i < 40; i++) p.noteAnswered('n@x', true, t + 10 * i, false);
    for (let i = 0; i < 10; i++) p.noteAnswered('m@x', true, t + 10 * i, false);
    expect(p.budgetToWeigh('m@x', t + 450)).toBeUndefined(); // nothing known yet
    p.noteRefusal('n@x', 500, t + 500); // 40 in a window of 1 s
    // Pacing keeps to what the account's own answers say (nothing), weighing borrows the limit: 40 less its 10 calls.
    expect(p.budgetLeft('m@x', t + 600)).toBeUndefined();
    expect(p.budgetToWeigh('m@x', t + 600)).toBe(30);
    expect(p.budgetToWeigh('n@x', t + 600)).toBe(0);
    // And so the lighter of the two to act through is the one with more left.
    expect(p.lightest(['n@x', 'm@x'])).toBe(1);
  });
});
