import {
  ProcessSettingsListSchema,
  ProcessSettingsSchema,
  SampleListSchema,
  SampleSchema,
  TeamStatsSchema,
  type ProcessSettings,
  type ProcessSettingsBody,
  type ProcessSettingsList,
  type Sample,
  type SampleList,
  type SampleOutcomeBody,
  type SampleState,
  type SecondReviewBody,
  type TeamStats,
} from '../contract/qc-management.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

// The gateway's QC management routes (ADR 021): per-process settings, second-review samples
// and the team's figures. The gateway's own state, not the service's.

const SETTINGS = '/team/settings';
const SAMPLES = '/team/samples';

/** What `listSamples` asks for: one state, or `all`. */
export type SampleFilter = SampleState | 'all';

/** The days from `from` to `to` (YYYY-MM-DD, both included) in time zone `tz`. */
export interface StatsRange {
  from: string;
  to: string;
  tz?: string | undefined;
}

export function managementApi({ request }: Client) {
  return {
    getSettings: (opts: CallOptions = {}): Promise<ProcessSettingsList> =>
      request('GET', SETTINGS, { schema: ProcessSettingsListSchema, ...opts }),

    /** QC managers: 404 when the owner has no such process. */
    putSettings: (processId: string, body: ProcessSettingsBody): Promise<ProcessSettings> =>
      request('PUT', `${SETTINGS}/${seg(processId)}`, { body, schema: ProcessSettingsSchema }),

    /** Newest first; `open` (the default) leaves out the caller's own approvals. */
    listSamples: (state?: SampleFilter, opts: CallOptions = {}): Promise<SampleList> =>
      request('GET', SAMPLES, { query: { state }, schema: SampleListSchema, ...opts }),

    getSample: (requestId: string, opts: CallOptions = {}): Promise<Sample> =>
      request('GET', `${SAMPLES}/${seg(requestId)}`, { schema: SampleSchema, ...opts }),

    /** 403 for the reviewer who approved it; 409 once it has been reviewed. */
    putSecondReview: (requestId: string, body: SecondReviewBody): Promise<Sample> =>
      request('PUT', `${SAMPLES}/${seg(requestId)}/review`, { body, schema: SampleSchema }),

    /** QC managers, a flagged sample only (409 otherwise). */
    putOutcome: (requestId: string, body: SampleOutcomeBody): Promise<Sample> =>
      request('PUT', `${SAMPLES}/${seg(requestId)}/outcome`, { body, schema: SampleSchema }),

    /** QC managers. */
    getTeamStats: ({ from, to, tz }: StatsRange, opts: CallOptions = {}): Promise<TeamStats> =>
      request('GET', '/team/stats', { query: { from, to, tz }, schema: TeamStatsSchema, ...opts }),
  };
}

export type ManagementApi = ReturnType<typeof managementApi>;

export const {
  getSettings,
  putSettings,
  listSamples,
  getSample,
  putSecondReview,
  putOutcome,
  getTeamStats,
} = managementApi(defaultClient);
