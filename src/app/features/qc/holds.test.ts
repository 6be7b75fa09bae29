import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { QcHold, QcHoldList } from '../../../contract/team.ts';
import { applyQueueChange } from './holds.ts';
import { qcQueries } from './qc.queries.ts';

const REQUEST = '00000000-0000-4000-8000-000000000001';
const hold: QcHold = {
  requestId: REQUEST,
  holder: { id: 'acme:riley', name: 'Riley Reviewer' },
  heldSince: '2026-12-03T10:00:00.000Z',
  expiresOn: '2999-01-01T00:00:00.000Z',
};

/** A holds read whose answers come in turn, each when `release` is called. */
function reads(...answers: QcHoldList[]) {
  const waiting: (() => void)[] = [];
  let calls = 0;
  const queryFn = ({ signal }: { signal: AbortSignal }) => {
    const answer = answers[calls++] ?? { holds: [] };
    return new Promise<QcHoldList>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      waiting.push(() => resolve(answer));
    });
  };
  return { queryFn, release: () => waiting.splice(0).forEach((go) => go()), calls: () => calls };
}

describe('applyQueueChange on the holds', () => {
  it('moves a hold in a list already read', () => {
    const client = new QueryClient();
    client.setQueryData(qcQueries.holds(), { holds: [] });
    applyQueueChange(client, { kind: 'held', hold });
    expect(client.getQueryData<QcHoldList>(qcQueries.holds())?.holds).toEqual([hold]);
  });

  it('reads the holds again when a change comes while the first read is under way', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The first read was answered by the gateway before Riley took the hold.
    const { queryFn, release, calls } = reads({ holds: [] }, { holds: [hold] });
    // On screen, as the queue shows it: the first read starts.
    const observer = new QueryObserver(client, { queryKey: qcQueries.holds(), queryFn });
    const stop = observer.subscribe(() => undefined);
    expect(calls()).toBe(1);
    applyQueueChange(client, { kind: 'held', hold });
    release();
    await expect.poll(() => calls()).toBe(2);
    release();
    await expect
      .poll(() => client.getQueryData<QcHoldList>(qcQueries.holds())?.holds)
      .toEqual([hold]);
    expect(calls()).toBe(2);
    stop();
  });
});
