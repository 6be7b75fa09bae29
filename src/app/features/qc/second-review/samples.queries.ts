import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getSample, listSamples, type SampleFilter } from '../../../../client/qc-management.ts';
import type { QueueChange } from '../../../../contract/team.ts';
import { qcQueries } from '../qc.queries.ts';

// Second-level sampling (ADR 021): the gateway's samples of approved requests. Under the
// QC keys, so everything that invalidates QC (a sign-out, a process change) reaches them.

export const samplesQueries = {
  all: () => [...qcQueries.all(), 'samples'] as const,
  list: (state: SampleFilter = 'open') =>
    queryOptions({
      queryKey: [...samplesQueries.all(), 'list', state] as const,
      queryFn: ({ signal }) => listSamples(state, { signal }),
    }),
  detail: (requestId: string) =>
    queryOptions({
      queryKey: [...samplesQueries.all(), 'detail', requestId] as const,
      queryFn: ({ signal }) => getSample(requestId, { signal }),
    }),
};

/**
 * An approval was sampled, or a sample was reviewed or settled (the event stream's QC_QUEUE
 * `sampled`): every list and count of samples, and that sample, are read again.
 */
export function applySampleChange(client: QueryClient, change: QueueChange): void {
  if (change.kind !== 'sampled') return;
  void client.invalidateQueries({ queryKey: samplesQueries.all() });
}
