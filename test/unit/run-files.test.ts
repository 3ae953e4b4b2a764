// What a run does once (a lease asked for, a shared channel created) is done by the first of its workers to need it;
// the others wait for its word instead of doing it again (helpers/world/run-files.ts).
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { claimOnce, forgetRunFiles, settleOnce } from '../../helpers/world/run-files.ts';

const runId = `test${process.pid}`;

afterEach(() => forgetRunFiles(runId, 'channel'));

describe('a run doing something once', () => {
  it('tells the first worker to do it, and the others how it went, once it is said', async () => {
    expect(await claimOnce(runId, 'channel', 'default', 1000)).toEqual({ asker: true });
    const waiting = claimOnce(runId, 'channel', 'default', 5000);
    setTimeout(() => settleOnce(runId, 'channel', 'default', '{"channel":{"id":7}}'), 120);
    expect(await waiting).toEqual({ asker: false, state: '{"channel":{"id":7}}' });
    // A later worker reads the word at once.
    expect(await claimOnce(runId, 'channel', 'default', 0)).toEqual({ asker: false, state: '{"channel":{"id":7}}' });
    // Said in one step (written beside the file, renamed over it): nothing else is left.
    const mine = readdirSync(tmpdir()).filter((name) => name.startsWith(`teamchat-conformance-${runId}-channel-`));
    expect(mine).toEqual([`teamchat-conformance-${runId}-channel-default`]);
  });

  it('keeps apart what each thing is, and what each run is', async () => {
    expect(await claimOnce(runId, 'channel', 'default', 1000)).toEqual({ asker: true });
    expect(await claimOnce(runId, 'channel', 'default-2', 1000)).toEqual({ asker: true });
    expect(await claimOnce(`${runId}b`, 'channel', 'default', 1000)).toEqual({ asker: true });
    forgetRunFiles(`${runId}b`, 'channel');
  });

  it('stops waiting at the limit when no word comes (an asker that died)', async () => {
    await claimOnce(runId, 'channel', 'default', 1000);
    const started = Date.now();
    expect(await claimOnce(runId, 'channel', 'default', 200)).toEqual({ asker: false, state: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});
