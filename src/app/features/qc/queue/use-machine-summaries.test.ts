import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_SUMMARY_IDS_MAX, type CheckSummary } from '../../../../contract/checks.ts';
import { checkQueries } from '../checks.queries.ts';

// The queue rows' counts (checks.queries.ts): asked in batches the gateway takes, each
// document read once asked no more.

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The gateway: `checked` ids are read (one failed item each), the rest waiting. */
function gateway(checked: Set<string>) {
  const asked: string[][] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const ids = (new URL(String(input), 'http://console').searchParams.get('ids') ?? '').split(',');
    asked.push(ids);
    const summaries: CheckSummary[] = ids.map((requestId) => ({
      requestId,
      state: checked.has(requestId) ? 'checked' : 'waiting',
      failed: checked.has(requestId) ? 1 : 0,
      unsure: 0,
      passed: checked.has(requestId) ? 2 : 0,
    }));
    return Response.json({ summaries });
  });
  return asked;
}

describe("the queue rows' machine counts", () => {
  it('asks in batches of at most 100, in the queue order, and keys them by id', async () => {
    const ids = Array.from({ length: 230 }, (_, n) => id(n));
    const asked = gateway(new Set([id(0)]));
    const client = new QueryClient();
    const data = await client.fetchQuery(checkQueries.summaries(ids));
    expect(asked.map((batch) => batch.length)).toEqual([CHECK_SUMMARY_IDS_MAX, 100, 30]);
    expect(asked.flat()).toEqual(ids);
    expect(Object.keys(data.byId)).toHaveLength(230);
    expect(data.byId[id(0)]).toMatchObject({ state: 'checked', failed: 1 });
    expect(data.byId[id(1)]?.state).toBe('waiting');
  });

  it('asks again only for those still being read, and keeps when that last changed', async () => {
    const ids = [id(1), id(2), id(3)];
    const read = new Set([id(1)]);
    const asked = gateway(read);
    const client = new QueryClient();
    const first = await client.fetchQuery(checkQueries.summaries(ids));

    asked.length = 0;
    const same = await client.fetchQuery({ ...checkQueries.summaries(ids), staleTime: 0 });
    expect(asked).toEqual([[id(2), id(3)]]);
    expect(same.changedOn).toBe(first.changedOn);

    // A row more (the next page): the others' counts come from the cache.
    read.add(id(2));
    asked.length = 0;
    const more = await client.fetchQuery(checkQueries.summaries([...ids, id(4)]));
    expect(asked).toEqual([[id(2), id(3), id(4)]]);
    expect(more.byId[id(2)]?.state).toBe('checked');

    read.add(id(3));
    read.add(id(4));
    asked.length = 0;
    await client.fetchQuery(checkQueries.summaries([id(1), id(2), id(3), id(4)]));
    expect(asked).toEqual([[id(3), id(4)]]);
    const done = await client.fetchQuery(checkQueries.summaries([id(3), id(1)]));
    expect(asked).toHaveLength(1);
    expect(Object.keys(done.byId)).toEqual([id(3), id(1)]);
  });
});
