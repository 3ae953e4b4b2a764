// Exploring beyond the profile (suites/explore/topics/explore.ts): two failures alike are reported once.
import { describe, expect, it } from 'vitest';
import { signatureOf } from '../../suites/explore/topics/explore.ts';

describe('the signature of an exploration failure', () => {
  const failure = (id: number, run: string) =>
    `the sequence:\n  1. send to t0\nafter delete topic #1 ("cf-${run}-t0-1-${id}"): wanted message ${id} deleted with its topic\n  got: …`;

  it('is the same for the same step and expectation, whatever the ids and the names', () => {
    expect(signatureOf(failure(1017, 'tp3aaaaaaa'))).toBe(signatureOf(failure(2044, 'tp3bbbbbbb')));
    expect(signatureOf(failure(1017, 'tp3aaaaaaa'))).toBe(
      'after delete topic #N ("cf-…"): wanted message N deleted with its topic',
    );
  });

  it('differs for another step or another expectation', () => {
    const other =
      'after resolve topic #0 (from its message #1) ("cf-x-t1-1-2"): wanted message 3 in topic "✔ cf-x-t1-1-2"';
    expect(signatureOf(other)).not.toBe(signatureOf(failure(1, 'x')));
  });
});
