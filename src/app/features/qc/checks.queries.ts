import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getCheckResult, getCheckSummaries } from '../../../client/checks.ts';
import {
  CHECK_SUMMARY_IDS_MAX,
  type CheckResult,
  type CheckSummary,
} from '../../../contract/checks.ts';
import { areaKeys } from '../../area-keys.ts';

// The machine's first read (ADR 042), as the gateway keeps it: the queue rows' counts, and
// one request's verdicts for its review. Asking is what queues a document to be read.

/** The counts by request id (lower case, as the gateway keys them), and when one last changed. */
export interface CheckSummaries {
  byId: Record<string, CheckSummary>;
  /** When a count last changed (ms): a read that stops moving is asked after more slowly. */
  changedOn: number;
}

const summariesKey = () => [...checkQueries.all(), 'summaries'] as const;

/** The counts already read, of every list of them cached: a document is read once. */
function readSummaries(client: QueryClient): Map<string, CheckSummary> {
  const known = new Map<string, CheckSummary>();
  for (const [, data] of client.getQueriesData<CheckSummaries>({ queryKey: summariesKey() })) {
    for (const summary of Object.values(data?.byId ?? {})) {
      if (summary.state === 'checked') known.set(summary.requestId.toLowerCase(), summary);
    }
  }
  return known;
}

const sameCount = (a: CheckSummary | undefined, b: CheckSummary) =>
  a?.state === b.state && a.failed === b.failed && a.unsure === b.unsure && a.passed === b.passed;

/** How often a review asks whether its document has been read, and later, more slowly. */
export const CHECK_POLL_MS = 2_000;
const CHECK_POLL_SLOW_MS = 15_000;
/** Asked this many times unread (a long queue, a read given up on): asked more slowly. */
const CHECK_POLL_FAST_TIMES = 45;

export const checkQueries = {
  all: () => [...areaKeys.qc(), 'checks'] as const,
  /**
   * The counts of `ids`, in their order: those not read yet asked of the gateway in batches
   * it takes (which queues them), those read taken from the cache.
   */
  summaries: (ids: readonly string[]) =>
    queryOptions({
      queryKey: [...summariesKey(), ids] as const,
      queryFn: async ({ signal, client, queryKey }): Promise<CheckSummaries> => {
        const wanted = ids.map((id) => id.toLowerCase());
        const known = readSummaries(client);
        const ask = wanted.filter((id) => !known.has(id));
        const fresh = new Map<string, CheckSummary>();
        for (let at = 0; at < ask.length; at += CHECK_SUMMARY_IDS_MAX) {
          const batch = ask.slice(at, at + CHECK_SUMMARY_IDS_MAX);
          const { summaries } = await getCheckSummaries(batch, { signal });
          for (const summary of summaries) fresh.set(summary.requestId.toLowerCase(), summary);
        }
        const previous = client.getQueryData<CheckSummaries>(queryKey);
        const byId: Record<string, CheckSummary> = {};
        let changed = !previous;
        for (const id of wanted) {
          const summary = known.get(id) ?? fresh.get(id);
          if (!summary) continue;
          byId[id] = summary;
          if (!sameCount(previous?.byId[id], summary)) changed = true;
        }
        return { byId, changedOn: changed || !previous ? Date.now() : previous.changedOn };
      },
    }),
  /**
   * A request's verdicts for its review, or null while the machine has not read it: asked
   * by its count first (answered 200 either way; the verdicts' own address answers 404 until
   * the read, which the browser reports as an error), every 2 s, then the verdicts once.
   */
  result: (requestId: string) =>
    queryOptions({
      queryKey: [...checkQueries.all(), 'result', requestId.toLowerCase()] as const,
      queryFn: async ({ signal, client }): Promise<CheckResult | null> => {
        const id = requestId.toLowerCase();
        if (!readSummaries(client).has(id)) {
          const { summaries } = await getCheckSummaries([id], { signal, opened: id });
          if (summaries[0]?.state !== 'checked') return null;
        }
        return getCheckResult(id, { signal });
      },
      // A document is read once: its verdicts, once there, do not change.
      staleTime: ({ state }) => (state.data ? Infinity : 0),
      refetchInterval: ({ state }) => {
        if (state.data) return false;
        const slow = state.status === 'error' || state.dataUpdateCount > CHECK_POLL_FAST_TIMES;
        return slow ? CHECK_POLL_SLOW_MS : CHECK_POLL_MS;
      },
    }),
};
