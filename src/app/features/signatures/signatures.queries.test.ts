import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SignatureRequest, SignatureRequestList } from '../../../contract/signatures.ts';
import { removeFromLists } from './remove-from-lists.ts';
import {
  searchOf,
  signatureQueries,
  viewFromSearch,
  type StatusCounts,
} from './signatures.queries.ts';

const view = (search: string) => viewFromSearch(new URLSearchParams(search));

describe('the list view in the URL', () => {
  it('reads status, order and cursor, and writes them back the same way', () => {
    const read = view('status=awaitingWetInk&order=oldest&cursor=abc');
    expect(read).toEqual({ status: 'awaitingWetInk', order: 'oldest', cursor: 'abc' });
    expect(searchOf(read)).toBe('status=awaitingWetInk&order=oldest&cursor=abc');
  });

  it('falls back to every request, newest first, on the first page', () => {
    expect(view('')).toEqual({ order: 'newest' });
    expect(view('status=signed&order=sideways&cursor=')).toEqual({ order: 'newest' });
    expect(searchOf(view(''))).toBe('');
  });
});

const request = (id: string, status: SignatureRequest['status']): SignatureRequest => ({
  id,
  createdOn: '2026-01-01T00:00:00Z',
  status,
  file: {
    id: '00000000-0000-4000-8000-000000000001',
    matterReference: 'MR-1',
    preparedBy: 'A',
    preparedOn: '2026-01-01T00:00:00Z',
    firmId: 'f',
    templates: [],
  },
});

describe('removeFromLists', () => {
  it('takes the request out of every cached page and the counts, and the rollback restores them', () => {
    const client = new QueryClient();
    const a = request('a', 'pending');
    const b = request('b', 'pending');
    const page = (items: SignatureRequest[]): SignatureRequestList => ({
      signatureRequests: items,
      pagination: { totalCount: 10, nextCursor: '', previousCursor: '' },
    });
    const all = signatureQueries.list({ order: 'newest' }).queryKey;
    const pending = signatureQueries.list({ order: 'newest', status: 'pending' }).queryKey;
    const other = signatureQueries.list({ order: 'oldest' }).queryKey;
    client.setQueryData(all, page([a, b]));
    client.setQueryData(pending, page([a]));
    client.setQueryData(other, page([b]));
    const counts: StatusCounts = {
      all: 10,
      pending: 4,
      awaitingWetInk: 2,
      wetInkUploaded: 2,
      completed: 2,
    };
    client.setQueryData(signatureQueries.counts().queryKey, counts);

    const rollback = removeFromLists(client, a);
    expect(client.getQueryData(all)?.signatureRequests.map((r) => r.id)).toEqual(['b']);
    expect(client.getQueryData(all)?.pagination.totalCount).toBe(9);
    expect(client.getQueryData(pending)?.signatureRequests).toEqual([]);
    expect(client.getQueryData(other)?.pagination.totalCount).toBe(10);
    expect(client.getQueryData(signatureQueries.counts().queryKey)).toMatchObject({
      all: 9,
      pending: 3,
      completed: 2,
    });

    rollback();
    expect(client.getQueryData(all)?.signatureRequests.map((r) => r.id)).toEqual(['a', 'b']);
    expect(client.getQueryData(pending)?.signatureRequests).toHaveLength(1);
    expect(client.getQueryData(signatureQueries.counts().queryKey)).toEqual(counts);
  });
});
