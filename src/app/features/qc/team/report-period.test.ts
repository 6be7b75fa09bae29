import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isPeriod,
  monthsOf,
  periodChoices,
  periodFromSearch,
  periodLabel,
  periodSearch,
} from './report-period.ts';

const now = new Date('2026-01-15T10:00:00Z');

describe('report period', () => {
  it('offers the last twelve complete months and four complete quarters, newest first', () => {
    const { months, quarters } = periodChoices(now);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-12');
    expect(months.at(-1)).toBe('2025-01');
    expect(quarters).toEqual(['2025-Q4', '2025-Q3', '2025-Q2', '2025-Q1']);
    // The first day of a quarter: the one just ended is the newest.
    expect(periodChoices(new Date('2026-04-01T00:00:00Z')).quarters[0]).toBe('2026-Q1');
  });

  it('offers an older period the address names, in its place', () => {
    expect(periodChoices(now, '2024-03').months.slice(-2)).toEqual(['2025-01', '2024-03']);
    expect(periodChoices(now, '2023-Q2').quarters.at(-1)).toBe('2023-Q2');
    expect(periodChoices(now, '2025-06').months).toHaveLength(12);
  });

  it('reads the period from the address, last month without a usable one', () => {
    const search = (value: string) => new URLSearchParams({ report: value, from: '2026-01-01' });
    expect(periodFromSearch(search('2025-Q3'), now)).toBe('2025-Q3');
    expect(periodFromSearch(search('2025-13'), now)).toBe('2025-12');
    expect(periodFromSearch(new URLSearchParams(), now)).toBe('2025-12');
    expect(periodSearch(search('2025-Q3'), '2025-04').toString()).toBe(
      'report=2025-04&from=2026-01-01',
    );
    expect(isPeriod('2025-Q5')).toBe(false);
  });

  it('knows a period’s months and names it', () => {
    expect(monthsOf('2025-Q4')).toEqual(['2025-10', '2025-11', '2025-12']);
    expect(monthsOf('2025-02')).toEqual(['2025-02']);
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(periodLabel('2025-Q4')).toBe('Q4 2025');
    expect(periodLabel('2025-11')).toMatch(/2025/);
  });
});
