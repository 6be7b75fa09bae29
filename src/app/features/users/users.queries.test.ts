import { describe, expect, it } from 'vitest';
import { viewToSearch, viewFromSearch } from './users.queries.ts';

const view = (search: string) => viewFromSearch(new URLSearchParams(search));

describe('users list view in the URL', () => {
  it('defaults to names A to Z, 25 a page, first page', () => {
    expect(view('')).toEqual({ order: 'name', size: 25, cursor: undefined, page: 1 });
    expect(viewToSearch(view(''))).toBe('');
  });

  it('reads and writes every part, and round-trips', () => {
    const search = 'order=newest&size=10&cursor=abc-_123&page=2';
    expect(view(search)).toEqual({ order: 'newest', size: 10, cursor: 'abc-_123', page: 2 });
    expect(viewToSearch(view(search))).toBe(search);
  });

  it('reads a page size from links made before it was `size`, and writes `size`', () => {
    expect(view('limit=50').size).toBe(50);
    expect(view('size=10&limit=50').size).toBe(10);
    expect(viewToSearch(view('limit=50'))).toBe('size=50');
  });

  it('falls back to defaults for values it does not know', () => {
    expect(view('order=shoe-size&size=7&page=-3')).toEqual({
      order: 'name',
      size: 25,
      cursor: undefined,
      page: 1,
    });
    expect(view('size=abc').size).toBe(25);
    expect(view('cursor=').cursor).toBeUndefined();
  });

  it('drops a page number that has no cursor: without one it is the first page', () => {
    expect(viewToSearch(view('page=4'))).toBe('');
  });

  it('keeps the cursor exactly as given', () => {
    const cursor = 'eyJrIjpbIkFsZXgiXX0.c2ln+/=';
    expect(view(new URLSearchParams({ cursor }).toString()).cursor).toBe(cursor);
    expect(
      new URLSearchParams(viewToSearch(view(new URLSearchParams({ cursor }).toString()))).get(
        'cursor',
      ),
    ).toBe(cursor);
  });
});
