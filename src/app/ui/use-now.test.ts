import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockOf } from './use-now.ts';

describe('the time now, as screens show it', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one timer per pace while anything shows it, and none after', () => {
    vi.useFakeTimers({ now: 0 });
    const seconds = clockOf(1_000);
    expect(clockOf(1_000)).toBe(seconds);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = seconds.subscribe(first);
    const stopSecond = seconds.subscribe(second);
    const stopMinutes = clockOf(60_000).subscribe(() => {});
    expect(vi.getTimerCount()).toBe(2);

    vi.advanceTimersByTime(2_500);
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(2);
    expect(seconds.read()).toBe(2_000);
    expect(clockOf(60_000).read()).toBe(0);

    stopFirst();
    stopSecond();
    stopMinutes();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the time afresh when it starts again', () => {
    vi.useFakeTimers({ now: 0 });
    const minutes = clockOf(60_000);
    vi.setSystemTime(5 * 60_000);
    const stop = minutes.subscribe(() => {});
    expect(minutes.read()).toBe(5 * 60_000);
    stop();
  });
});
