import { describe, expect, it } from 'vitest';
import { duration, minutesValue, percentValue, shortId } from './team-format.ts';

describe('team figures', () => {
  it('writes rates as percentages with one decimal', () => {
    expect(percentValue(0.125)).toBe(12.5);
    expect(percentValue(2 / 3)).toBe(66.7);
    expect(percentValue(1)).toBe(100);
    expect(percentValue(null)).toBeNull();
  });

  it('writes durations as people say them', () => {
    expect(duration(null)).toBe('—');
    expect(duration(0.5)).toBe('30 s');
    expect(duration(12.4)).toBe('12 min');
    expect(duration(125)).toBe('2 h 5 min');
    expect(duration(120)).toBe('2 h');
    expect(duration(119.6)).toBe('2 h');
    expect(duration(21 * 60 + 59.7)).toBe('22 h');
    expect(duration(3 * 1440 + 250)).toBe('3 d 4 h');
    expect(minutesValue(12.345)).toBe(12.3);
  });

  it('shortens a request id to its first block', () => {
    expect(shortId('1a2b3c4d-0000-4000-8000-000000000000')).toBe('1a2b3c4d');
  });
});
