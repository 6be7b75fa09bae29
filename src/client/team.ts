import {
  QcClaimListSchema,
  QcClaimSchema,
  RequestHistorySchema,
  type QcClaim,
  type QcClaimList,
  type RequestHistory,
} from '../contract/team.ts';
import { ApiError, defaultClient, seg, type CallOptions, type Client } from './request.ts';
import { buildUrl } from './url.ts';

// The gateway's QC team routes (decision 020): claims and the decision history. Not the
// service's: they work in front of any deployment.

const CLAIMS = '/team/claims';

export type ClaimOutcome = { kind: 'mine'; claim: QcClaim } | { kind: 'held'; claim: QcClaim };

export function teamApi({ request }: Client) {
  const listClaims = (opts: CallOptions = {}): Promise<QcClaimList> =>
    request('GET', CLAIMS, { schema: QcClaimListSchema, ...opts });

  return {
    listClaims,

    /**
     * Claims a pending request, or renews the claim; `takeOver` takes it from its holder.
     * Held by someone else: answers who (ApiError for anything else, a decided request's
     * 409 included).
     */
    async claim(id: string, takeOver = false): Promise<ClaimOutcome> {
      try {
        const claim = await request('PUT', `${CLAIMS}/${seg(id)}`, {
          body: takeOver ? { takeOver } : {},
          schema: QcClaimSchema,
        });
        return { kind: 'mine', claim };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const held = (await listClaims()).claims.find((c) => c.requestId === id);
        if (!held) throw error;
        return { kind: 'held', claim: held };
      }
    },

    release: (id: string): Promise<undefined> =>
      request('DELETE', `${CLAIMS}/${seg(id)}`, { schema: null }),

    history: (id: string, opts: CallOptions = {}): Promise<RequestHistory> =>
      request('GET', `/team/history/${seg(id)}`, { schema: RequestHistorySchema, ...opts }),
  };
}

export const { listClaims, claim, release, history } = teamApi(defaultClient);

/**
 * Releases a claim as the page goes away (a closed tab): `keepalive` lets the request
 * outlive the page. Nobody is left to hear the answer.
 */
export function releaseOnExit(id: string): void {
  void fetch(`${CLAIMS}/${seg(id)}`, {
    method: 'DELETE',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'x-attest': '1' },
  }).catch(() => {});
}

/** Where a QC manager downloads the decisions of a range of days (YYYY-MM-DD, both included). */
export const decisionsCsvUrl = (from: string, to: string) =>
  buildUrl('', '/team/decisions.csv', { from, to });
