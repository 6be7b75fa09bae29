import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmList } from '../contract/accounts.ts';
import type { Pagination } from '../contract/common.ts';
import { startTestService, type TestService } from '../service/testing/service.ts';
import { accountsApi } from './accounts.ts';
import { ApiError } from './api-error.ts';
import {
  collect,
  cursorPages,
  cursorParam,
  getNextPageParam,
  getPreviousPageParam,
  paginate,
} from './paginate.ts';
import { gatewayStandIn, type StandIn } from './testing/stand-in.ts';

const pagination = (nextCursor: string, previousCursor = ''): Pagination => ({
  totalCount: 3,
  nextCursor,
  previousCursor,
});

describe('paginate (scripted pages)', () => {
  it('sends each nextCursor back unchanged with the same params, and stops at ""', async () => {
    // Cursors a careless client would mangle: padding, '+', '/', '%', spaces, unicode.
    const cursors = ['a+b/c==', '%41 ü.x'];
    const sent: { owner: string; limit: number; cursor?: string | undefined }[] = [];
    const fetchPage = async (params: (typeof sent)[number]) => {
      sent.push(params);
      if (params.cursor !== undefined && !cursors.includes(params.cursor))
        throw new Error(`a cursor the service never issued: ${params.cursor}`);
      const index = params.cursor === undefined ? 0 : cursors.indexOf(params.cursor) + 1;
      return { items: [index], pagination: pagination(cursors[index] ?? '') };
    };
    const items = await collect(paginate(fetchPage, { owner: 'acme', limit: 1 }), 'items');
    expect(items).toEqual([0, 1, 2]);
    expect(sent).toEqual([
      { owner: 'acme', limit: 1, cursor: undefined },
      { owner: 'acme', limit: 1, cursor: 'a+b/c==' },
      { owner: 'acme', limit: 1, cursor: '%41 ü.x' },
    ]);
  });

  it('starts from a given cursor, and fetches nothing until iterated', async () => {
    let calls = 0;
    const pages = paginate(
      async (params: { cursor?: string | undefined }) => {
        calls += 1;
        expect(params.cursor).toBe('from-here');
        return { pagination: pagination('') };
      },
      { cursor: 'from-here' },
    );
    expect(calls).toBe(0);
    for await (const page of pages) expect(page.pagination.nextCursor).toBe('');
    expect(calls).toBe(1);
  });

  it('refuses to loop when the service hands back the cursor it was given', async () => {
    const pages = paginate(async () => ({ pagination: pagination('same') }), { cursor: 'same' });
    const seen: Pagination[] = [];
    const walk = async () => {
      for await (const page of pages) seen.push(page.pagination);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'unexpected-response' });
    expect(seen).toHaveLength(1);
  });

  it('the infinite-query helpers map "" to no page and pass cursors through', () => {
    expect(cursorPages.initialPageParam).toBe('');
    expect(cursorParam('')).toBeUndefined();
    expect(cursorParam('c1==')).toBe('c1==');
    expect(getNextPageParam({ pagination: pagination('n+/=') })).toBe('n+/=');
    expect(getNextPageParam({ pagination: pagination('') })).toBeUndefined();
    expect(getPreviousPageParam({ pagination: pagination('', 'p+/=') })).toBe('p+/=');
    expect(getPreviousPageParam({ pagination: pagination('x', '') })).toBeUndefined();
  });
});

describe('paginate over the reference service', () => {
  let service: TestService;
  let standIn: StandIn;
  beforeAll(async () => {
    service = await startTestService();
    standIn = await gatewayStandIn(service);
  });
  afterAll(() => service.close());

  it('walks every firm five at a time, passing each cursor back exactly', async () => {
    const { listFirms } = accountsApi(standIn.client);
    const firstCall = standIn.calls.length;
    const pages: FirmList[] = [];
    for await (const page of paginate(listFirms, { owner: 'acme', limit: 5 })) pages.push(page);

    const all = await listFirms({ owner: 'acme', limit: 500 });
    const walked = pages.flatMap((page) => page.firms);
    expect(all.firms.length).toBeGreaterThan(10);
    expect(pages).toHaveLength(Math.ceil(all.firms.length / 5));
    expect(walked.map((firm) => firm.firmId)).toEqual(all.firms.map((firm) => firm.firmId));
    expect(pages.every((page) => page.pagination.totalCount === all.firms.length)).toBe(true);

    // What went over the wire: no cursor first, then each nextCursor byte for byte.
    const sent = standIn.calls.slice(firstCall, firstCall + pages.length);
    expect(sent[0]?.search.has('cursor')).toBe(false);
    sent.slice(1).forEach((call, i) => {
      expect(call.search.get('cursor')).toBe(pages[i]?.pagination.nextCursor);
      expect(call.search.get('limit')).toBe('5');
      expect(call.search.get('owner')).toBe('acme');
    });
    expect(pages.at(-1)?.pagination.nextCursor).toBe('');
  });

  it('drives a TanStack infinite query forwards and back', async () => {
    const { listFirms } = accountsApi(standIn.client);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = {
      ...cursorPages,
      queryKey: ['firms', 'acme', 4],
      queryFn: ({ pageParam, signal }: { pageParam: string; signal: AbortSignal }) =>
        listFirms({ owner: 'acme', limit: 4, cursor: cursorParam(pageParam) }, { signal }),
    };
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(data.pageParams[0]).toBe('');
    expect(data.pageParams.slice(1)).toEqual(
      data.pages.slice(0, 2).map((p) => p.pagination.nextCursor),
    );
    const names = data.pages.flatMap((page) => page.firms.map((firm) => firm.name));
    const direct = await listFirms({ owner: 'acme', limit: 12 });
    expect(names).toEqual(direct.firms.map((firm) => firm.name));

    // The previous cursor of the third page leads back to the second.
    const third = data.pages[2];
    if (!third) throw new Error('no third page');
    const back = await listFirms({
      owner: 'acme',
      limit: 4,
      cursor: getPreviousPageParam(third),
    });
    expect(back.firms).toEqual(data.pages[1]?.firms);
    queryClient.clear();
  });
});
