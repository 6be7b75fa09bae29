import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { QcRequest, QcRequestList } from '../../../contract/qc.ts';
import { qcQueries } from './qc.queries.ts';
import { filtersFromSearch, filtersToSearch, type QueueFilters } from './queue-view.ts';
import { queueNeighbours, removeFromQueue } from './queue-cache.ts';

const PROCESS = '6f1c2b9e-7d4a-4c55-9b1e-0a3f5d2c8e71';
const FIRM = '1b2157ee-cfe2-457e-b664-d4a510c49dec';

function request(n: number, firmId = FIRM): QcRequest {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    createdOn: '2026-06-01T10:00:00.000Z',
    status: 'pending',
    document: {
      id,
      templates: [],
      matterReference: `MR-${n}`,
      preparedBy: 'Dana Whitfield',
      preparedOn: '2026-06-01T09:00:00.000Z',
      firmId,
    },
    checklistItems: [],
    actors: [],
    fileUrl: `/files/${n}`,
    processName: 'Affidavit review',
    checklistName: 'Affidavit QC',
  };
}

const page = (items: QcRequest[], total: number, next = ''): QcRequestList => ({
  qcRequests: items,
  pagination: { totalCount: total, nextCursor: next, previousCursor: '' },
});

function cacheList(client: QueryClient, filters: QueueFilters, pages: QcRequestList[]) {
  const data: InfiniteData<QcRequestList, string> = {
    pages,
    pageParams: pages.map((_, i) => (i === 0 ? '' : `c${i}`)),
  };
  client.setQueryData(qcQueries.list(filters).queryKey, data);
}

const pending: QueueFilters = { status: 'pending', order: 'oldest' };
const ids = (client: QueryClient, filters: QueueFilters) =>
  client
    .getQueryData(qcQueries.list(filters).queryKey)
    ?.pages.flatMap((p) => p.qcRequests.map((r) => r.document.matterReference));

describe('the queue view in the URL', () => {
  it('defaults to pending, oldest first, and ignores what it cannot use', () => {
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual(pending);
    expect(
      filtersFromSearch(new URLSearchParams('status=done&order=sideways&process=not-a-uuid')),
    ).toEqual({ status: 'pending', order: 'oldest', processId: undefined });
  });

  it('round-trips through the search string, one string per view', () => {
    const view: QueueFilters = { status: 'rejected', order: 'newest', processId: PROCESS };
    const search = filtersToSearch(view);
    expect(search).toBe(`status=rejected&order=newest&process=${PROCESS}`);
    expect(filtersFromSearch(new URLSearchParams(search))).toMatchObject(view);
  });

  it('gives equal views one cache key', () => {
    expect(qcQueries.list({ ...pending, firmId: undefined }).queryKey).toEqual(
      qcQueries.list(pending).queryKey,
    );
    expect(qcQueries.counts({ processId: undefined }).queryKey).toEqual(
      qcQueries.counts({}).queryKey,
    );
  });
});

describe('queueNeighbours', () => {
  it('finds the requests either side, across pages', () => {
    const client = new QueryClient();
    cacheList(client, pending, [
      page([request(1), request(2)], 4, 'c1'),
      page([request(3), request(4)], 4),
    ]);
    const { previous, next } = queueNeighbours(client, pending, request(2).id);
    expect(previous?.document.matterReference).toBe('MR-1');
    expect(next?.document.matterReference).toBe('MR-3');
    expect(queueNeighbours(client, pending, request(4).id)).toEqual({
      previous: request(3),
      last: true,
    });
    expect(queueNeighbours(client, { ...pending, order: 'newest' }, request(2).id)).toEqual({});
  });

  it('goes on from a request no longer in the queue to its first open one', () => {
    const client = new QueryClient();
    cacheList(client, pending, [page([request(1), request(2), request(3)], 3)]);
    expect(queueNeighbours(client, pending, request(9).id)).toEqual({ next: request(1) });
    const held = new Set([request(1).id]);
    expect(queueNeighbours(client, pending, request(9).id, (id) => held.has(id))).toEqual({
      next: request(2),
    });
    cacheList(client, pending, [page([], 0)]);
    expect(queueNeighbours(client, pending, request(9).id)).toEqual({});
  });

  it('passes over the requests another reviewer holds', () => {
    const client = new QueryClient();
    cacheList(client, pending, [page([request(1), request(2), request(3), request(4)], 4)]);
    const held = new Set([request(1).id, request(3).id]);
    const skip = (id: string) => held.has(id);
    expect(queueNeighbours(client, pending, request(2).id, skip)).toEqual({
      next: request(4),
    });
    expect(queueNeighbours(client, pending, request(4).id, skip)).toEqual({
      previous: request(2),
      last: true,
    });
  });
});

describe('removeFromQueue', () => {
  it('drops the request from pending lists, moves the counts, and rolls back', () => {
    const client = new QueryClient();
    const byProcess: QueueFilters = { ...pending, processId: PROCESS };
    const approved: QueueFilters = { status: 'approved', order: 'oldest' };
    cacheList(client, pending, [page([request(1), request(2)], 3, 'c1'), page([request(3)], 3)]);
    cacheList(client, byProcess, [page([request(2)], 1)]);
    cacheList(client, approved, [page([request(2)], 1)]);
    const counts = { pending: 3, approved: 5, rejected: 1 };
    client.setQueryData(qcQueries.counts({}).queryKey, counts);
    client.setQueryData(qcQueries.counts({ processId: PROCESS }).queryKey, counts);
    client.setQueryData(qcQueries.counts({ firmId: FIRM }).queryKey, counts);
    const other = { checklistId: '2c8e716f-1c2b-4e7d-8a4c-559b1e0a3f5d' };
    client.setQueryData(qcQueries.counts(other).queryKey, counts);

    const rollback = removeFromQueue(client, request(2).id, 'approved');

    expect(ids(client, pending)).toEqual(['MR-1', 'MR-3']);
    expect(ids(client, byProcess)).toEqual([]);
    expect(ids(client, approved)).toEqual(['MR-2']);
    const first = client.getQueryData(qcQueries.list(pending).queryKey)?.pages[0];
    expect(first?.pagination.totalCount).toBe(2);
    const moved = { pending: 2, approved: 6, rejected: 1 };
    expect(client.getQueryData(qcQueries.counts({}).queryKey)).toEqual(moved);
    expect(client.getQueryData(qcQueries.counts({ processId: PROCESS }).queryKey)).toEqual(moved);
    expect(client.getQueryData(qcQueries.counts({ firmId: FIRM }).queryKey)).toEqual(moved);
    // A scope that cannot be told from the cache is left for the refetch.
    expect(client.getQueryData(qcQueries.counts(other).queryKey)).toEqual(counts);

    rollback();
    expect(ids(client, pending)).toEqual(['MR-1', 'MR-2', 'MR-3']);
    expect(ids(client, byProcess)).toEqual(['MR-2']);
    expect(client.getQueryData(qcQueries.counts({}).queryKey)).toEqual(counts);
  });
});
