import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ReceivedEvent } from '../../../contract/session.ts';
import { eventQueries } from './events.queries.ts';
import { addLiveEvent, mergeReceived } from './received-events.ts';

function event(seq: number, hookId = `msg_${seq}`, verified = true): ReceivedEvent {
  return {
    seq,
    hookId,
    type: 'ADDRESS_CHANGE',
    owner: 'acme',
    environment: 'production',
    receivedOn: new Date(Date.UTC(2026, 5, 10, 12, 0, seq)).toISOString(),
    verified,
    payload: {},
  };
}
const seqs = (list: readonly ReceivedEvent[]) => list.map((e) => e.seq);

describe('mergeReceived', () => {
  it('puts a new event first', () => {
    expect(seqs(mergeReceived([event(2), event(1)], event(3)))).toEqual([3, 2, 1]);
  });

  it('keeps newest first when a replayed event arrives late', () => {
    expect(seqs(mergeReceived([event(5), event(2)], event(3)))).toEqual([5, 3, 2]);
    expect(seqs(mergeReceived([event(5)], event(1)))).toEqual([5, 1]);
  });

  it('drops a verified delivery whose hook-id is listed, and the same seq twice', () => {
    const list = [event(2, 'msg_a'), event(1)];
    expect(mergeReceived(list, event(3, 'msg_a'))).toBe(list);
    expect(mergeReceived(list, event(2, 'msg_other'))).toBe(list);
  });

  it('does not let a refused delivery hide the verified one with its hook-id', () => {
    const list = [event(2, 'msg_a', false)];
    expect(seqs(mergeReceived(list, event(3, 'msg_a')))).toEqual([3, 2]);
  });

  it('keeps to the limit, dropping the oldest', () => {
    expect(seqs(mergeReceived([event(2), event(1)], event(3), 2))).toEqual([3, 2]);
  });
});

describe('addLiveEvent', () => {
  const key = eventQueries.recent().queryKey;

  it('prepends to the cached list', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(key, { events: [event(1)] });
    addLiveEvent(client, event(2));
    addLiveEvent(client, event(2));
    expect(seqs(client.getQueryData(key)?.events ?? [])).toEqual([2, 1]);
  });

  it('leaves an uncached list alone: its first load brings the event', () => {
    const client = new QueryClient();
    addLiveEvent(client, event(1));
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('merges into the answer of a load under way, which may predate the event', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let calls = 0;
    const answers = [{ events: [event(1)] }];
    // The screen's observer, as useQuery makes it.
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => new Promise((resolve) => setTimeout(() => resolve(answers[calls++]!), 20)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    addLiveEvent(client, event(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    unsubscribe();
    expect(calls).toBe(1);
    expect(seqs(client.getQueryData(key)?.events ?? [])).toEqual([2, 1]);
    // The merge is an update of the same query: merged into once, the load stays a success.
    expect(client.getQueryState(key)?.error).toBeNull();
    expect(client.getQueryState(key)?.status).toBe('success');
  });
});
