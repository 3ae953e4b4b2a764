import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAITING_FILES } from '../../helpers/run/sequencer.ts';
import { nextPollMs } from '../../suites/messages/edit.ts';
import { LONGEST_FIRST } from '../support/longest-first.ts';

describe('suite files that wait on the target clock', () => {
  it('are named by paths that exist (a stale name would silently start nothing first)', () => {
    for (const file of WAITING_FILES) expect(existsSync(join(import.meta.dirname, '../..', file)), file).toBe(true);
  });

  it("and the project's longest test files too", () => {
    for (const file of LONGEST_FIRST) expect(existsSync(join(import.meta.dirname, '../..', file)), file).toBe(true);
  });

  it('poll not before the limit has passed, then as long as it has been past, from half a second to 5 s', () => {
    expect(nextPollMs(0, 2000)).toBe(2000);
    expect(nextPollMs(300, 2000)).toBe(1700);
    expect(nextPollMs(2000, 2000)).toBe(500);
    expect(nextPollMs(2500, 2000)).toBe(500);
    expect(nextPollMs(3000, 2000)).toBe(1000);
    expect(nextPollMs(6000, 2000)).toBe(4000);
    expect(nextPollMs(60_000, 2000)).toBe(5000);
  });

  it("take 8 polls through real Zulip's 20 s of grace, the first two within its first second", () => {
    const polls: number[] = [];
    for (let elapsed = 2000; elapsed < 2000 + 20_000; elapsed += nextPollMs(elapsed, 2000)) polls.push(elapsed - 2000);
    expect(polls).toEqual([0, 500, 1000, 2000, 4000, 8000, 13_000, 18_000]);
  });
});
