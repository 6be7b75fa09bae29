import {
  CheckResultSchema,
  CheckSummariesSchema,
  MachineCardSchema,
  type CheckResult,
  type CheckSummaries,
  type MachineCard,
} from '../contract/checks.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

// The machine's first read (ADR 042), for QC readers: a request's verdicts (404 until its
// document has been read; asking queues it first of all), and the queue rows' counts (asking
// queues those not read yet, newest first). The gateway's own, not the service's.

const CHECKS = '/team/checks';

export function checksApi({ request }: Client) {
  return {
    getCheckResult: (requestId: string, opts: CallOptions = {}): Promise<CheckResult> =>
      request('GET', `${CHECKS}/${seg(requestId)}`, { schema: CheckResultSchema, ...opts }),

    /** At most CHECK_SUMMARY_IDS_MAX ids. */
    /** `opened`: one of `ids` open in a review, read first of all. */
    getCheckSummaries: (
      ids: readonly string[],
      { opened, ...opts }: CallOptions & { opened?: string } = {},
    ): Promise<CheckSummaries> =>
      request('GET', CHECKS, {
        query: { ids: ids.join(','), ...(opened && { opened }) },
        schema: CheckSummariesSchema,
        ...opts,
      }),

    /** QC managers: the days' decisions against the machine's verdicts (from, to: YYYY-MM-DD). */
    getMachineCard: (
      range: { from: string; to: string },
      opts: CallOptions = {},
    ): Promise<MachineCard> =>
      request('GET', '/team/checks-report', {
        query: { ...range },
        schema: MachineCardSchema,
        ...opts,
      }),
  };
}

export const { getCheckResult, getCheckSummaries, getMachineCard } = checksApi(defaultClient);
