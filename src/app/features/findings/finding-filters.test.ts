import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch, narrowed, queryOf } from './finding-filters.ts';

const read = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe('finding filters in the URL', () => {
  it('opens on the open findings, with nothing narrowed', () => {
    expect(read('')).toEqual({
      view: 'open',
      severity: undefined,
      process: undefined,
      firm: undefined,
      responsible: undefined,
    });
    expect(filtersToSearch(read(''))).toBe('');
  });

  it('reads back what it writes', () => {
    const filters = {
      view: 'disputed',
      severity: 'critical',
      process: 'Deeds & titles',
      firm: 'firm-1',
      responsible: 'u-7',
    } as const;
    const search = filtersToSearch(filters);
    expect(search).toBe(
      'view=disputed&severity=critical&process=Deeds+%26+titles&firm=firm-1&responsible=u-7',
    );
    expect(read(search)).toEqual(filters);
    expect(narrowed(filters)).toBe(true);
    expect(narrowed(read('view=settled'))).toBe(false);
  });

  it('leaves out what it does not know', () => {
    expect(read('view=later&severity=fatal&process=%20%20')).toMatchObject({
      view: 'open',
      severity: undefined,
      process: undefined,
    });
    expect(read(`firm=${'x'.repeat(201)}`).firm).toBeUndefined();
  });

  it("asks for the caller's own by view only, the team's by every filter", () => {
    const filters = read('view=overdue&severity=minor&firm=f1');
    expect(queryOf(filters, true)).toEqual({ mine: 'true', view: 'overdue' });
    expect(queryOf(filters, false)).toEqual({ view: 'overdue', severity: 'minor', firm: 'f1' });
  });
});
