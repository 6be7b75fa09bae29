import { describe, expect, it } from 'vitest';
import {
  firstPage,
  nextPage,
  previousPage,
  shownRange,
  viewFromSearch,
  viewToSearch,
  type FirmsView,
} from './firms-view.ts';

const parse = (search: string) => viewFromSearch(new URLSearchParams(search));
const FIRST: FirmsView = { dir: 'asc', size: 25, page: 1 };

describe('the firm list view in the URL', () => {
  it('defaults to the first page, A to Z, 25 a page', () => {
    expect(parse('')).toEqual(FIRST);
  });

  it('round-trips every view, cursor characters included', () => {
    const views: FirmsView[] = [
      FIRST,
      { dir: 'desc', size: 1, page: 1 },
      { dir: 'asc', size: 500, cursor: 'eyJkIjoibiJ9.cs-Rs_vm+/=', page: 2 },
      { dir: 'desc', size: 10, cursor: 'abc', page: 31 },
    ];
    for (const view of views) expect(parse(viewToSearch(view))).toEqual(view);
  });

  it('gives one address per view', () => {
    expect(viewToSearch(FIRST)).toBe('dir=asc&size=25');
    expect(viewToSearch({ dir: 'desc', size: 10, cursor: 'c2', page: 3 })).toBe(
      'dir=desc&size=10&page=3&cursor=c2',
    );
    // A page number without a cursor means nothing: the first page has no cursor.
    expect(viewToSearch({ dir: 'asc', size: 25, page: 4 })).toBe('dir=asc&size=25');
  });

  it('falls back to the defaults for what it cannot use', () => {
    expect(parse('dir=up&size=0')).toEqual(FIRST);
    for (const size of ['501', '-5', '2.5', '1e2', ' 5', '0x10', 'abc', '']) {
      expect(parse(`size=${encodeURIComponent(size)}`).size).toBe(25);
    }
    expect(parse('size=1').size).toBe(1);
    expect(parse('size=500').size).toBe(500);
    expect(parse('page=7')).toEqual(FIRST);
    // A cursor with no believable page number is still followed; it is at least page 2.
    expect(parse('cursor=c&page=1')).toEqual({ ...FIRST, cursor: 'c', page: 2 });
    expect(parse('cursor=c&page=x')).toEqual({ ...FIRST, cursor: 'c', page: 2 });
    expect(parse('cursor=')).toEqual(FIRST);
  });
});

describe('moving between pages', () => {
  const third: FirmsView = { dir: 'desc', size: 10, cursor: 'n2', page: 3 };

  it('goes forward with the next cursor, keeping order and size', () => {
    expect(nextPage(FIRST, 'n1')).toEqual({ dir: 'asc', size: 25, cursor: 'n1', page: 2 });
    expect(nextPage(third, 'n3')).toEqual({ ...third, cursor: 'n3', page: 4 });
    expect(nextPage(third, '')).toBeUndefined();
  });

  it('goes back with the previous cursor, and to a cursor-less first page from page 2', () => {
    expect(previousPage(third, 'p3')).toEqual({ ...third, cursor: 'p3', page: 2 });
    expect(previousPage({ ...third, page: 2 }, 'p2')).toEqual(firstPage(third));
    expect(previousPage(FIRST, '')).toBeUndefined();
    expect(viewToSearch(firstPage(third))).toBe('dir=desc&size=10');
  });
});

describe('the range on screen', () => {
  const page = (rows: number, previousCursor: string, nextCursor: string, totalCount = 312) => ({
    rows,
    totalCount,
    previousCursor,
    nextCursor,
  });

  it('counts from the page number and size', () => {
    expect(shownRange(FIRST, page(25, '', 'n'))).toEqual({ from: 1, to: 25, total: 312 });
    expect(shownRange({ ...FIRST, cursor: 'c', page: 2 }, page(25, 'p', 'n'))).toEqual({
      from: 26,
      to: 50,
      total: 312,
    });
  });

  it('trusts the service over the URL at either end', () => {
    // The last page of 312 at 25 a page holds 12 rows: 301–312, whatever the URL said.
    expect(shownRange({ ...FIRST, cursor: 'c', page: 4 }, page(12, 'p', ''))).toEqual({
      from: 301,
      to: 312,
      total: 312,
    });
    expect(shownRange({ ...FIRST, cursor: 'c', page: 9 }, page(25, '', 'n'))).toEqual({
      from: 1,
      to: 25,
      total: 312,
    });
  });

  it('is empty for an empty list', () => {
    expect(shownRange(FIRST, page(0, '', '', 0))).toEqual({ from: 0, to: 0, total: 0 });
  });
});
