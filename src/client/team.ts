import {
  QcHoldListSchema,
  QcHoldSchema,
  RequestHistorySchema,
  type QcHold,
  type QcHoldList,
} from '../contract/team.ts';
import { readById } from './read-by-id.ts';
import { ApiError, defaultClient, seg, type CallOptions, type Client } from './request.ts';
import { sessionEnded } from './session-end.ts';
import { buildUrl } from './url.ts';

// The gateway's QC team routes (ADR 020): holds and the decision history. Not the
// service's: they work in front of any deployment.

const HOLDS = '/team/holds';

export type HoldOutcome = { kind: 'mine'; hold: QcHold } | { kind: 'held'; hold: QcHold };

export function teamApi({ request }: Client) {
  const listHolds = (opts: CallOptions = {}): Promise<QcHoldList> =>
    request('GET', HOLDS, { schema: QcHoldListSchema, ...opts });

  return {
    listHolds,

    /**
     * Holds a pending request, or renews the hold; `takeOver` takes it from its holder.
     * Held by someone else: answers who (ApiError for anything else, a decided request's
     * 409 included).
     */
    async hold(id: string, takeOver = false): Promise<HoldOutcome> {
      try {
        const hold = await request('PUT', `${HOLDS}/${seg(id)}`, {
          body: takeOver ? { takeOver } : {},
          schema: QcHoldSchema,
        });
        return { kind: 'mine', hold };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const held = (await listHolds()).holds.find((c) => c.requestId === id);
        if (!held) throw error;
        return { kind: 'held', hold: held };
      }
    },

    release: (id: string): Promise<undefined> =>
      request('DELETE', `${HOLDS}/${seg(id)}`, { schema: null }),

    history: readById(request, '/team/history', RequestHistorySchema),
  };
}

export const { listHolds, hold, release, history } = teamApi(defaultClient);

/**
 * Releases a hold as the page goes away (a closed tab): `keepalive` lets the request
 * outlive the page. Nobody is left to hear the answer.
 */
export function releaseOnExit(id: string): void {
  // Signed out here: the gateway ended the hold with the session (session-end.ts).
  if (sessionEnded()) return;
  void fetch(`${HOLDS}/${seg(id)}`, {
    method: 'DELETE',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'x-attest': '1' },
  }).catch(() => {});
}

/** Where a QC manager downloads the decisions of a range of days (YYYY-MM-DD, both included). */
export const decisionsCsvUrl = (from: string, to: string) =>
  buildUrl('', '/team/decisions.csv', { from, to });
