import { describe, expect, it } from 'vitest';
import { Interrupted, timedSteps, uninterrupted } from '../../helpers/checks/timed.ts';
import { Recorder } from '../../helpers/http/recorder.ts';

describe('timed steps', () => {
  it('are interrupted by a rate-limit wait only: MAX_RPS pacing and turns paces every step alike', () => {
    const recorder = new Recorder();
    const timed = timedSteps(recorder);
    recorder.beginWait(Date.now() - 500)(); // a pacing wait
    expect(timed.interrupted()).toBe(false);
    recorder.beginWait(Date.now() - 300, 'rate-limit')();
    expect(timed.interrupted()).toBe(true);
    expect(recorder.waitedMs()).toBeGreaterThanOrEqual(800);
    expect(recorder.rateLimitWaitedMs()).toBeGreaterThanOrEqual(300);
  });

  it("count the work's time without the rate-limit waits", async () => {
    const recorder = new Recorder();
    const timed = timedSteps(recorder);
    const end = recorder.beginWait(Date.now() - 10_000, 'rate-limit');
    end();
    // The 10 s wait is not work; what is left is a few statements' time, however loaded the machine.
    expect(timed.workMs()).toBeLessThan(5_000);
  });

  it('a wait before the mark does not count', () => {
    const recorder = new Recorder();
    recorder.beginWait(Date.now() - 1000, 'rate-limit')();
    expect(timedSteps(recorder).interrupted()).toBe(false);
  });
});

describe('uninterrupted', () => {
  it('starts interrupted steps again, saying why, and returns their result', async () => {
    const notes: string[] = [];
    let tries = 0;
    const result = await uninterrupted(
      (line) => notes.push(line),
      'the probe',
      async () => {
        if (++tries < 3) throw new Interrupted('a wait came');
        return 'judged';
      },
    );
    expect(result).toBe('judged');
    expect(notes).toEqual(['the probe started again: a wait came', 'the probe started again: a wait came']);
  });

  it('ends in an error (not a failure) when every try is interrupted', async () => {
    const steps = async () => {
      throw new Interrupted('a wait came');
    };
    await expect(uninterrupted(() => {}, 'the probe', steps)).rejects.toThrow(
      /the probe: a rate-limit wait came between the timed steps 5 times/,
    );
  });

  it('lets any other error through at once', async () => {
    let tries = 0;
    const steps = async () => {
      tries++;
      throw new Error('a verdict');
    };
    await expect(uninterrupted(() => {}, 'x', steps)).rejects.toThrow('a verdict');
    expect(tries).toBe(1);
  });
});
