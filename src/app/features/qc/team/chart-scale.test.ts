import { describe, expect, it } from 'vitest';
import { labelEvery, ticks } from './chart-scale.ts';

describe('chart scale', () => {
  it('puts gridlines on round numbers that cover the tallest bar', () => {
    expect(ticks(0)).toEqual([0, 1]);
    expect(ticks(3)).toEqual([0, 1, 2, 3]);
    expect(ticks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(230)).toEqual([0, 100, 200, 300]);
    expect(ticks(40)).toEqual([0, 10, 20, 30, 40]);
  });

  it('labels as many days as fit, in whole weeks once sparse', () => {
    expect(labelEvery(7, 700)).toBe(1);
    expect(labelEvery(28, 900)).toBe(2);
    expect(labelEvery(28, 300)).toBe(7);
    expect(labelEvery(365, 900)).toBe(28);
  });
});
