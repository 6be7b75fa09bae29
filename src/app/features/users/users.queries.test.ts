import { describe, expect, it } from 'vitest';
import { usersSearch, viewFromSearch } from './users.queries.ts';

const view = (search: string) => viewFromSearch(new URLSearchParams(search));

describe('users list view in the URL', () => {
  it('defaults to names A to Z, 25 a page, first page', () => {
    expect(view('')).toEqual({ order: 'name', limit: 25, cursor: undefined, page: 1 });
    expect(usersSearch(view(''))).toBe('');
  });

  it('reads and writes every part, and round-trips', () => {
    const search = 'order=newest&limit=10&cursor=abc-_123&page=2';
    expect(view(search)).toEqual({ order: 'newest', limit: 10, cursor: 'abc-_123', page: 2 });
    expect(usersSearch(view(search))).toBe(search);
  });

  it('falls back to defaults for values it does not know', () => {
    expect(view('order=shoe-size&limit=7&page=-3')).toEqual({
      order: 'name',
      limit: 25,
      cursor: undefined,
      page: 1,
    });
    expect(view('limit=abc').limit).toBe(25);
    expect(view('cursor=').cursor).toBeUndefined();
  });

  it('drops a page number that has no cursor: without one it is the first page', () => {
    expect(usersSearch(view('page=4'))).toBe('');
  });

  it('keeps the cursor exactly as given', () => {
    const cursor = 'eyJrIjpbIkFsZXgiXX0.c2ln+/=';
    expect(view(new URLSearchParams({ cursor }).toString()).cursor).toBe(cursor);
    expect(
      new URLSearchParams(usersSearch(view(new URLSearchParams({ cursor }).toString()))).get(
        'cursor',
      ),
    ).toBe(cursor);
  });
});
