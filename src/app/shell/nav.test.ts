import { describe, expect, it } from 'vitest';
import { AREAS, areaFor } from './nav.ts';

describe('areaFor', () => {
  it('answers the area of every path in the navigation', () => {
    for (const area of AREAS) expect(areaFor(area.to)).toBe(area);
    expect(areaFor('/users').anyOf).toEqual(['users.manage']);
  });

  it('takes only known paths: a typo is a type error, and never an open guard', () => {
    // @ts-expect-error: '/userz' is no area (npm run typecheck fails without this line's error)
    expect(() => areaFor('/userz')).toThrow(/no area/);
  });
});
