import { describe, expect, it } from 'vitest';
import { FAILURE_WINDOW_MS, FAILURES_ALLOWED, MAX_KEYS, signInLimit } from './sign-in-limit.ts';

describe('signInLimit', () => {
  it('holds a key from its fifth failure until the oldest of those five ages out', () => {
    let now = 0;
    const limit = signInLimit(() => now);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      expect(limit.retryAfter('a')).toBe(0);
      limit.failed('a');
      now += 60_000;
    }
    // Five failures at 0, 1, 2, 3 and 4 minutes; now is 5 minutes: the first ages out at 15.
    expect(limit.retryAfter('a')).toBe(10 * 60);
    expect(limit.retryAfter('b')).toBe(0);
    now = FAILURE_WINDOW_MS - 1;
    expect(limit.retryAfter('a')).toBe(1);
    now = FAILURE_WINDOW_MS;
    expect(limit.retryAfter('a')).toBe(0);
    // Four are still in the window: one more failure holds it again, until the second ages out.
    limit.failed('a');
    expect(limit.retryAfter('a')).toBe(60);
  });

  it('forgets a key on success', () => {
    const limit = signInLimit(() => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) limit.failed('a');
    expect(limit.retryAfter('a')).toBeGreaterThan(0);
    limit.succeeded('a');
    expect(limit.retryAfter('a')).toBe(0);
  });

  it('keeps at most MAX_KEYS, forgetting the one that failed least recently', () => {
    const limit = signInLimit(() => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) limit.failed('first');
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) limit.failed('second');
    for (let i = 0; i < MAX_KEYS - 2; i += 1) limit.failed(`filler ${i}`);
    expect(limit.retryAfter('first')).toBeGreaterThan(0);
    // A failure moves its key to the back: 'first' is now newer than 'second'.
    limit.failed('first');
    limit.failed('one too many');
    expect(limit.retryAfter('second')).toBe(0);
    expect(limit.retryAfter('first')).toBeGreaterThan(0);
  });
});
