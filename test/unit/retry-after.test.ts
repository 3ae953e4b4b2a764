// How long a 429 asks to wait (helpers/http/retry-after.ts): Zulip's body field, else Retry-After in either HTTP form.
import { describe, expect, it } from 'vitest';
import { httpDate, retryAfterSeconds } from '../../helpers/http/retry-after.ts';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

describe("a 429's wait", () => {
  it("takes the body's exact retry-after first (the header rounds it up)", () => {
    expect(retryAfterSeconds({ 'retry-after': '2' }, { 'retry-after': 1.25 }, NOW)).toBe(1.25);
    expect(retryAfterSeconds({}, { 'retry-after': '0.5' }, NOW)).toBe(0.5);
  });

  it('reads Retry-After as delay-seconds', () => {
    expect(retryAfterSeconds({ 'retry-after': '7' }, { result: 'error' }, NOW)).toBe(7);
    expect(retryAfterSeconds({ 'retry-after': ' 0 ' }, undefined, NOW)).toBe(0);
  });

  it("reads Retry-After as an HTTP-date, counted from the answer's Date (the target's clock), else from now", () => {
    const date = 'Sun, 15 Jun 2025 12:00:00 GMT';
    // The target's clock runs 10 minutes behind this one: its Date says how far off its Retry-After is.
    const retry = { 'retry-after': 'Sun, 15 Jun 2025 12:00:03 GMT', date };
    expect(retryAfterSeconds(retry, undefined, NOW + 600_000)).toBe(3);
    expect(retryAfterSeconds({ 'retry-after': 'Sun, 15 Jun 2025 12:00:03 GMT' }, undefined, NOW + 1000)).toBe(2);
  });

  it('waits nothing for a date already past', () => {
    expect(retryAfterSeconds({ 'retry-after': 'Sun, 15 Jun 2025 11:59:58 GMT' }, undefined, NOW)).toBe(0);
  });

  it('waits a second, then asks again, when nothing says how long', () => {
    expect(retryAfterSeconds({}, { result: 'error' }, NOW)).toBe(1);
    expect(retryAfterSeconds({ 'retry-after': 'soon' }, { 'retry-after': -1 }, NOW)).toBe(1);
    expect(retryAfterSeconds({ 'retry-after': '1 2' }, null, NOW)).toBe(1);
  });
});

describe('an HTTP-date', () => {
  it('is read in the three forms a recipient must accept, all GMT', () => {
    const t = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(httpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(t);
    expect(httpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(t);
    expect(httpDate('Sun Nov  6 08:49:37 1994')).toBe(t);
  });

  it('is nothing else', () => {
    expect(httpDate('2025-06-15T12:00:00Z')).toBeUndefined();
    expect(httpDate('Sun, 06 Foo 1994 08:49:37 GMT')).toBeUndefined();
    expect(httpDate('')).toBeUndefined();
  });
});
