import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHeldIds } from './outbox-held.ts';

describe("the outbox's held requests, as screens see them", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells screens of a change, and not of one that changes nothing', () => {
    const held = createHeldIds();
    const heard = vi.fn();
    held.subscribe(heard);
    held.change('ann', (ids) => ids.add('qcr-1'));
    expect(held.ids('ann')).toEqual(new Set(['qcr-1']));
    expect(held.holds('qcr-1')).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    const before = held.ids('ann');
    held.change('ann', (ids) => ids.add('qcr-1'));
    expect(held.ids('ann')).toBe(before);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(held.ids(null)).toEqual(new Set());
    expect(held.ids('bob')).toEqual(new Set());
  });

  it('keeps screens quiet after a submission until announced, or a bound passed', () => {
    vi.useFakeTimers();
    const held = createHeldIds();
    const heard = vi.fn();
    const stop = held.subscribe(heard);
    held.quietFor(1_000);
    held.change('ann', (ids) => ids.add('qcr-1'));
    expect(held.ids('ann').has('qcr-1')).toBe(true);
    expect(heard).not.toHaveBeenCalled();
    held.announce();
    expect(heard).toHaveBeenCalledTimes(1);

    held.quietFor(1_000);
    held.change('ann', (ids) => ids.delete('qcr-1'));
    vi.advanceTimersByTime(999);
    expect(heard).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(heard).toHaveBeenCalledTimes(2);

    stop();
    held.change('ann', (ids) => ids.add('qcr-2'));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
