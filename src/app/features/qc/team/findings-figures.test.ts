import { describe, expect, it } from 'vitest';
import type { DefectRate, FindingFigures, WeekRate } from '../../../../contract/findings.ts';
import {
  linePath,
  rateAxis,
  rateRows,
  rateViewFromSearch,
  rateViewToSearch,
  trendSummary,
} from './findings-figures.ts';

const week = (
  weekStart: string,
  decisions: number,
  defect: number,
  critical: number,
): WeekRate => ({
  weekStart,
  decisions,
  withDefect: defect,
  withCritical: critical,
  defectRate: decisions ? defect / decisions : null,
  criticalRate: decisions ? critical / decisions : null,
});

const rate = (key: string, decisions: number, critical: number): DefectRate => ({
  key,
  decisions,
  withDefect: critical,
  withCritical: critical,
  defectRate: decisions ? critical / decisions : null,
  criticalRate: decisions ? critical / decisions : null,
});

describe('findings figures', () => {
  it('keeps the breakdown in the URL beside the range, by process unless said', () => {
    const params = new URLSearchParams('from=2026-11-01&to=2026-11-27');
    expect(rateViewFromSearch(params)).toBe('process');
    const firm = rateViewToSearch(params, 'firm');
    expect(firm).toBe('?from=2026-11-01&to=2026-11-27&rates=firm');
    expect(rateViewFromSearch(new URLSearchParams(firm))).toBe('firm');
    expect(rateViewToSearch(new URLSearchParams(firm), 'process')).toBe(
      '?from=2026-11-01&to=2026-11-27',
    );
    expect(rateViewFromSearch(new URLSearchParams('rates=bogus'))).toBe('process');
  });

  it('puts the worst critical rate first, and groups without decisions last', () => {
    const figures = {
      byFirm: [rate('a', 10, 1), rate('b', 4, 2), rate('c', 0, 0), rate('d', 20, 2)],
    } as unknown as FindingFigures;
    expect(rateRows(figures, 'firm').map((r) => r.key)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('ends the rate axis on a round percentage above the highest week, at least 10 %', () => {
    expect(rateAxis([])).toEqual([0, 5, 10]);
    expect(rateAxis([week('2026-11-02', 10, 0, 0)])).toEqual([0, 5, 10]);
    expect(rateAxis([week('2026-11-02', 10, 3, 1)])).toEqual([0, 10, 20, 30]);
    expect(rateAxis([week('2026-11-02', 4, 4, 4)])).toEqual([0, 50, 100]);
  });

  it('lifts the line at weeks without decisions', () => {
    expect(linePath([{ x: 0, y: 10 }, { x: 5, y: 20.04 }, null, { x: 15, y: 5 }])).toBe(
      'M0 10L5 20M15 5',
    );
    expect(linePath([null, null])).toBe('');
  });

  it('says the trend in words', () => {
    const text = trendSummary(
      [week('2026-11-02', 0, 0, 0), week('2026-11-09', 10, 2, 1), week('2026-11-16', 5, 0, 0)],
      (day) => day,
    );
    expect(text).toContain('The week of 2026-11-09: 20% with a defect, 10% critical.');
    expect(text).toContain('The week of 2026-11-16: 0% with a defect, 0% critical.');
    expect(text).toContain('The highest critical rate was 10%, in the week of 2026-11-09.');
    expect(trendSummary([], (day) => day)).toMatch(/No decisions/);
  });
});
