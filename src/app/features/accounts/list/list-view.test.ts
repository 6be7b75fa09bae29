import { describe, expect, it } from 'vitest';
import { rangeLabel, viewFromSearch, viewToSearch, withSize, withSort } from './list-view.ts';

const parse = (search: string) => viewFromSearch(new URLSearchParams(search));

describe('accounts list view in the URL', () => {
  it('reads the defaults from a bare URL and writes them back as nothing', () => {
    const view = parse('');
    expect(view).toEqual({ order: 'crid', dir: 'asc', size: 25, page: 1 });
    expect(viewToSearch(view)).toBe('');
  });

  it('round-trips a deep page, keeping the cursor exactly', () => {
    const view = parse('order=createdOn&dir=desc&size=50&page=3&cursor=abc%2B%3D');
    expect(view).toEqual({ order: 'createdOn', dir: 'desc', size: 50, page: 3, cursor: 'abc+=' });
    expect(parse(viewToSearch(view))).toEqual(view);
  });

  it('falls back to defaults for values it does not know', () => {
    expect(parse('order=ssn&dir=up&size=7&page=-2')).toEqual(parse(''));
    expect(parse('page=4')).toEqual(parse(''));
  });

  it('starts again at page one on a new sort or size', () => {
    const deep = parse('page=3&cursor=xyz');
    expect(withSort(deep, 'createdOn:desc')).toEqual({
      order: 'createdOn',
      dir: 'desc',
      size: 25,
      page: 1,
      cursor: undefined,
    });
    expect(withSize(deep, 100)).toMatchObject({ size: 100, page: 1 });
    expect(withSize(deep, 100).cursor).toBeUndefined();
  });

  it('numbers the rows of a page', () => {
    expect(rangeLabel(parse('page=2&cursor=c'), 25, 150)).toBe('26–50 of 150');
    expect(rangeLabel(parse(''), 0, 0)).toBe('0 of 0');
  });
});
