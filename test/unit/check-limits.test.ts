// A check's limits (helpers/checks/check.ts, runWithin): its work, and its waits in all, each with its own bound.
import { describe, expect, it } from 'vitest';
import { runWithin } from '../../helpers/checks/check.ts';
import { Recorder } from '../../helpers/http/recorder.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a check's waits", () => {
  it('end the check in error past their bound in all, saying what it waited for', async () => {
    const recorder = new Recorder();
    const work = (async () => {
      recorder.beginWait(Date.now(), 'rate-limit'); // a budget that never comes back
      await sleep(1000);
    })();
    await expect(runWithin(work, recorder, 5000, 150)).rejects.toThrow(
      /^the check waited 0 s in all without finishing \(0 s for the target's rate limit, 0 s for other checks' turns, MAX_RPS or the run's shared objects\): longer than a check waits \(0.15 s\)$/,
    );
  });

  it('do not count against its work, nor its work against them', async () => {
    const recorder = new Recorder();
    const work = (async () => {
      const end = recorder.beginWait();
      await sleep(200);
      end();
      await sleep(200);
    })();
    await expect(runWithin(work, recorder, 300, 300)).resolves.toBeUndefined();
  });
});
