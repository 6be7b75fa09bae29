import type { FindingQuery } from '../../../contract/findings.ts';

// The findings feature's query keys (ADR 029). Lists are the caller's own or the team's, by
// the query sent; sign-out clears the cache, so the owner need not be part of the keys.
export const findingKeys = {
  all: () => ['findings'] as const,
  /** The caller's open and overdue findings: the navigation's badge. */
  count: () => [...findingKeys.all(), 'count'] as const,
  lists: () => [...findingKeys.all(), 'list'] as const,
  list: (query: FindingQuery) => [...findingKeys.lists(), query] as const,
  details: () => [...findingKeys.all(), 'detail'] as const,
  detail: (id: string) => [...findingKeys.details(), id] as const,
  /** A finding's QC request, for its document (QC readers only). */
  request: (requestId: string) => [...findingKeys.all(), 'request', requestId] as const,
  /** Whether the gateway kept the finding's document for the caller (ADR 029). */
  document: (id: string) => [...findingKeys.all(), 'document', id] as const,
  /** The signature request whose wet-ink scan a finding is of, if any. */
  rescan: (requestId: string) => [...findingKeys.all(), 'rescan', requestId] as const,
  processes: () => [...findingKeys.all(), 'processes'] as const,
};
