import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { findingsMissed } from './finding-cache.ts';
import { findingKeys } from './finding-keys.ts';

const at = (client: QueryClient, key: readonly unknown[], updatedAt: number) =>
  client.setQueryData(key, { open: 1 }, { updatedAt });

describe('findingsMissed: what was read before the event stream came up', () => {
  it('marks the findings read before then stale, and leaves those read after, and others', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const list = findingKeys.list({ mine: 'true', view: 'open' });
    at(client, findingKeys.count(), 1_000);
    at(client, list, 3_000);
    at(client, ['qc', 'requests'], 1_000);

    await findingsMissed(client, 2_000);

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(findingKeys.count())).toBe(true);
    expect(stale(list)).toBe(false);
    expect(stale(['qc', 'requests'])).toBe(false);
  });
});
