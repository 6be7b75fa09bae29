import {
  FindingCountSchema,
  FindingListSchema,
  FindingSchema,
  type Finding,
  type FindingAnswerBody,
  type FindingCount,
  type FindingList,
  type FindingQuery,
  type FindingReassignBody,
  type FindingSettleBody,
} from '../contract/findings.ts';
import { ApiError, defaultClient, seg, type CallOptions, type Client } from './request.ts';

// The gateway's findings (ADR 029): the failed items of recorded rejections, with their
// place, severity, responsible party, answers and settlements. Not the service's: they work
// in front of any deployment. A decision's marks go with its PATCH (`decideQcRequest`'s
// `marks`, qc.ts).

const FINDINGS = '/team/findings';

/**
 * Where the gateway's copy of a finding's document is read (the party responsible and QC
 * managers): pdf.js fetches it itself, with the page's cookie.
 */
export const findingDocumentPath = (id: string) => `${FINDINGS}/${seg(id)}/document`;

export function findingsApi({ request }: Client) {
  return {
    /**
     * A page of findings, soonest due first for the open, disputed and overdue views, newest
     * first for settled and all. Anyone may list their own (`mine: 'true'`); others' are for
     * QC reviewers and managers (403).
     */
    listFindings: (query: FindingQuery = {}, opts: CallOptions = {}): Promise<FindingList> =>
      request('GET', FINDINGS, { query, schema: FindingListSchema, ...opts }),

    /** The caller's own open findings, and the overdue among them: the inbox's badge. */
    countMyFindings: (opts: CallOptions = {}): Promise<FindingCount> =>
      request('GET', `${FINDINGS}/count`, { schema: FindingCountSchema, ...opts }),

    getFinding: (id: string, opts: CallOptions = {}): Promise<Finding> =>
      request('GET', `${FINDINGS}/${seg(id)}`, { schema: FindingSchema, ...opts }),

    /**
     * Whether the gateway kept a copy of the finding's document for the caller (HEAD: nothing
     * is read); false when it has none, or none for the caller.
     */
    findingDocumentKept: async (id: string, opts: CallOptions = {}): Promise<boolean> => {
      try {
        await request('HEAD', findingDocumentPath(id), { schema: null, ...opts });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },

    /** Cured, or disputed with its reason: by the party responsible or a QC manager. */
    answerFinding: (id: string, body: FindingAnswerBody): Promise<Finding> =>
      request('POST', `${FINDINGS}/${seg(id)}/answer`, { body, schema: FindingSchema }),

    /** A dispute upheld (open again) or withdrawn: QC managers who did not raise it. */
    settleFinding: (id: string, body: FindingSettleBody): Promise<Finding> =>
      request('POST', `${FINDINGS}/${seg(id)}/settle`, { body, schema: FindingSchema }),

    /** Hands it to another user of the owner: QC managers. */
    reassignFinding: (id: string, body: FindingReassignBody): Promise<Finding> =>
      request('PUT', `${FINDINGS}/${seg(id)}/responsible`, { body, schema: FindingSchema }),
  };
}

export type FindingsApi = ReturnType<typeof findingsApi>;

export const {
  listFindings,
  countMyFindings,
  getFinding,
  findingDocumentKept,
  answerFinding,
  settleFinding,
  reassignFinding,
} = findingsApi(defaultClient);
