import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceWait, progressFilter, setCurrentCheck } from '../../helpers/progress.ts';

describe('progress lines for waits', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setCurrentCheck(undefined);
  });

  it('names who waits, on what, until when and in which check; short waits stay silent', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    setCurrentCheck('MUTE-004');
    const now = Date.UTC(2026, 10, 25, 4, 0, 0);
    announceWait('hamlet@zulip.com', 'its budget is spent', now + 1500, now);
    expect(log).not.toHaveBeenCalled();
    announceWait('hamlet@zulip.com', 'its budget is spent', now + 37_000, now);
    expect(log).toHaveBeenCalledWith(
      '… waiting 37 s, until 04:00:37 UTC: hamlet@zulip.com — its budget is spent [MUTE-004]',
    );
  });

  it('prints the same wait seen by several workers once, and leaves other logs alone', () => {
    const printed: string[] = [];
    const filter = progressFilter((line) => printed.push(line));
    expect(filter('… waiting 11 s, until 04:34:39 UTC: a@x — budget [A-001]\n')).toBe(false);
    expect(filter('… waiting 10 s, until 04:34:39 UTC: a@x — budget [B-002]\n')).toBe(false);
    expect(filter('… waiting 10 s, until 04:34:39 UTC: b@x — budget [B-002]\n')).toBe(false);
    expect(filter('a check of ours logging something')).toBeUndefined();
    expect(printed).toEqual([
      '… waiting 11 s, until 04:34:39 UTC: a@x — budget [A-001]\n',
      '… waiting 10 s, until 04:34:39 UTC: b@x — budget [B-002]\n',
    ]);
  });
});
