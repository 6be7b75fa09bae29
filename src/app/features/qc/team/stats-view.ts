import type { TeamStats } from '../../../../contract/qc-management.ts';

/** What a section of the team view gets from the figures' query. */
export interface StatsView {
  /** The figures, once loaded (perhaps another range's, while this one loads: `busy`). */
  stats: TeamStats | undefined;
  busy: boolean;
  /** For a section without figures: loading, or why not and how to retry. */
  state: { pending: boolean; error: Error | null; retry: () => void };
}
