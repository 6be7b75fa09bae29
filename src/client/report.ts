import {
  CorrectiveActionListSchema,
  CorrectiveActionSchema,
  QcReportSchema,
  ReportRecipientsSchema,
  type CorrectiveAction,
  type CorrectiveActionBody,
  type QcReport,
  type ReportQuery,
  type ReportRecipients,
} from '../contract/report.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';
import { buildUrl } from './url.ts';

// The gateway's QC report and corrective actions (ADR 041), for QC managers: the report of a
// month or a quarter as JSON (its CSV and PDF are downloads, by URL), and the actions recorded
// against a month. The gateway's own, not the service's.

const REPORT = '/team/report';
const ACTIONS = '/team/corrective-actions';
const RECIPIENTS = '/team/report-recipients';

export interface CorrectiveActionList {
  actions: CorrectiveAction[];
}

/** The period (`2026-11`, `2026-Q4`) and, optionally, one process, firm or notary. */
export type ReportScope = Omit<ReportQuery, 'format'>;

export function reportApi({ request }: Client) {
  return {
    /** 400 for a period that is neither a month nor a quarter. */
    getReport: (scope: ReportScope, opts: CallOptions = {}): Promise<QcReport> =>
      request('GET', REPORT, { query: { ...scope }, schema: QcReportSchema, ...opts }),

    /** The month's actions and earlier ones not done, the newest month first. */
    listCorrectiveActions: (month: string, opts: CallOptions = {}): Promise<CorrectiveActionList> =>
      request('GET', ACTIONS, { query: { month }, schema: CorrectiveActionListSchema, ...opts }),

    /** 400 with the reason for a body the contract refuses. */
    recordCorrectiveAction: (body: CorrectiveActionBody): Promise<CorrectiveAction> =>
      request('POST', ACTIONS, { body, schema: CorrectiveActionSchema }),

    /** Who gets last month's report by e-mail on the first business day of each month. */
    getReportRecipients: (opts: CallOptions = {}): Promise<ReportRecipients> =>
      request('GET', RECIPIENTS, { schema: ReportRecipientsSchema, ...opts }),

    /** Replaces the list; 400 naming an address that is not one. */
    putReportRecipients: (recipients: string[]): Promise<ReportRecipients> =>
      request('PUT', RECIPIENTS, { body: { recipients }, schema: ReportRecipientsSchema }),

    /** The whole action again, changed; 404 for an unknown one. */
    updateCorrectiveAction: (id: string, body: CorrectiveActionBody): Promise<CorrectiveAction> =>
      request('PUT', `${ACTIONS}/${seg(id)}`, { body, schema: CorrectiveActionSchema }),
  };
}

export type ReportApi = ReturnType<typeof reportApi>;

export const {
  getReport,
  listCorrectiveActions,
  recordCorrectiveAction,
  updateCorrectiveAction,
  getReportRecipients,
  putReportRecipients,
} = reportApi(defaultClient);

/**
 * Where the browser downloads the report as a file: a plain link, which the session cookie
 * goes with (same origin), answered as an attachment named for the owner and the period.
 */
export const reportFileUrl = (scope: ReportScope, format: 'pdf' | 'csv') =>
  buildUrl('', REPORT, { ...scope, format });
