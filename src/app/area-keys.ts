// The first part of each feature's query keys, where another feature needs it: a feature
// imports no other, so what one makes stale in another's cache (a wet-ink scan that becomes
// a QC request) is named here, and that feature's factory starts its keys from it.
export const areaKeys = {
  qc: () => ['qc'] as const,
};
