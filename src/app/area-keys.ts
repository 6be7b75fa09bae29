// The first part of each feature's query keys, where another feature needs it: a feature
// imports no other, so what one makes stale in another's cache (a wet-ink scan that becomes
// a QC request, a finding answered) is named here, and that feature's factory starts its keys
// from it.
export const areaKeys = {
  qc: () => ['qc'] as const,
  /** A request's team history (the review's timeline): a finding's steps show there. */
  qcHistory: (requestId: string) => [...areaKeys.qc(), 'history', requestId] as const,
  /** The team view's figures: a finding withdrawn leaves its defect rates. */
  qcTeam: () => [...areaKeys.qc(), 'team'] as const,
};
