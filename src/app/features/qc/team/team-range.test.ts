import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  daysIn,
  presetOf,
  rangeFromSearch,
  rangeProblem,
  rangeSearch,
} from './team-range.ts';

const TODAY = '2026-11-28';
const search = (s: string) => new URLSearchParams(s);

describe('team range', () => {
  it('defaults to the last 28 days, today included', () => {
    expect(rangeFromSearch(search(''), 'Europe/Paris', TODAY)).toEqual({
      from: '2026-11-01',
      to: TODAY,
      tz: 'Europe/Paris',
    });
    expect(daysIn('2026-11-01', TODAY)).toBe(28);
  });

  it('reads a valid range from the URL and falls back on anything else', () => {
    const fallback = rangeFromSearch(search(''), 'UTC', TODAY);
    expect(rangeFromSearch(search('from=2026-10-01&to=2026-10-31'), 'UTC', TODAY)).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    for (const bad of [
      'from=2026-10-31&to=2026-10-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'from=yesterday&to=2026-10-01',
      'to=2026-10-01',
    ]) {
      expect(rangeFromSearch(search(bad), 'UTC', TODAY), bad).toEqual(fallback);
    }
  });

  it('keeps the other parameters when the range changes', () => {
    const next = rangeSearch(search('defects=firm&from=x'), { from: '2026-11-01', to: TODAY });
    expect(next.toString()).toBe('defects=firm&from=2026-11-01&to=2026-11-28');
  });

  it('says why a range cannot be asked for', () => {
    expect(rangeProblem('', TODAY)).toMatch(/both/);
    expect(rangeProblem(TODAY, '2026-11-01')).toMatch(/before/);
    expect(rangeProblem('2025-01-01', TODAY)).toMatch(/366/);
    expect(rangeProblem('2026-11-01', TODAY)).toBeUndefined();
  });

  it('knows its presets, and crosses months and years', () => {
    expect(presetOf({ from: addDays(TODAY, -6), to: TODAY }, TODAY)).toBe('7');
    expect(presetOf({ from: '2026-11-01', to: TODAY }, TODAY)).toBe('28');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-27' }, TODAY)).toBe('custom');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('counts today in the time zone it is given', () => {
    const late = new Date('2026-11-28T23:30:00Z');
    expect(dayIn('UTC', late)).toBe('2026-11-28');
    expect(dayIn('Asia/Tokyo', late)).toBe('2026-11-29');
    expect(dayIn('America/Los_Angeles', late)).toBe('2026-11-28');
  });
});
