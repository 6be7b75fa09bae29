import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../../client/url.ts';
import { QC_REQUESTS } from '../../../client/qc-paths.ts';
import { sessionQueries } from '../../session.queries.ts';
import { qcQueries } from './qc.queries.ts';
import { plainPendingView, queueListQuery } from './queue-request.ts';
import { filtersFromSearch, normalize } from './queue-view.ts';

// The page's first script asks for the queue's first page before the app's code arrives
// (ADR 017); its answer is used only if its URL is the very one the queue asks for.

const SEARCHES = [
  '',
  'status=pending',
  'status=pending&order=oldest',
  'order=newest',
  'order=newest&status=pending',
  'status=approved',
  'status=nonsense',
  'order=sideways',
  'status=pending&process=6f1c2b9e-7d4a-4c55-9b1e-0a3f5d2c8e71',
  'firm=not-a-uuid',
  'status=pending&utm_source=mail',
];

afterEach(() => vi.unstubAllGlobals());

describe('the first script’s reading of a queue page', () => {
  it.each(SEARCHES)('is the queue’s own view, or none (%s)', (search) => {
    const early = plainPendingView(search);
    if (early) expect(early).toEqual(normalize(filtersFromSearch(new URLSearchParams(search))));
  });

  it('reads the plain pending queue, its order either way', () => {
    expect(plainPendingView('')).toEqual({ status: 'pending', order: 'oldest' });
    expect(plainPendingView('order=newest')).toEqual({ status: 'pending', order: 'newest' });
    expect(plainPendingView('status=approved')).toBeUndefined();
    expect(plainPendingView('status=pending&firm=x')).toBeUndefined();
  });

  it.each(['', 'order=newest'])('asks for the URL the queue asks for (%s)', async (search) => {
    const view = plainPendingView(search);
    if (!view) throw new Error('a plain pending view');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return Response.json({
        qcRequests: [],
        pagination: { totalCount: 0, nextCursor: '', previousCursor: '' },
      });
    });
    const client = new QueryClient();
    client.setQueryData(sessionQueries.current().queryKey, {
      clientId: 'acme-reviewer',
      owner: 'acme',
      user: null,
      permissions: null,
      sandbox: true,
      environment: 'production',
      expiresOn: '2026-11-26T12:00:00.000Z',
    });
    await client.fetchInfiniteQuery(qcQueries.list(view));
    expect(asked).toEqual([buildUrl('', QC_REQUESTS, queueListQuery('acme', view))]);
  });
});
