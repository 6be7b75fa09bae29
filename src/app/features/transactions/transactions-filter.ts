import {
  TRANSACTION_STATUSES,
  type SignatureTransaction,
  type TransactionStatus,
} from '../../../contract/signatures.ts';

// The status filter in the URL: `/signatures/transactions?status=pending,failed`, the same
// comma list the service's `filter=status:pending,failed` takes. No status means all.

const KNOWN = new Set<string>(TRANSACTION_STATUSES);
const isKnown = (value: string): value is TransactionStatus => KNOWN.has(value);

/** The statuses a URL names, known ones only, each once, in a fixed order. */
export function statusesFromSearch(params: URLSearchParams): TransactionStatus[] {
  const named = new Set((params.get('status') ?? '').split(',').filter(isKnown));
  return TRANSACTION_STATUSES.filter((status) => named.has(status));
}

/** The search string (no `?`) for a filter; the same filter always gives the same string. */
export function statusSearch(statuses: readonly TransactionStatus[]): string {
  const chosen = TRANSACTION_STATUSES.filter((status) => statuses.includes(status));
  // URLSearchParams would write the comma as %2C; a comma is legal in a query and reads better.
  return chosen.length ? `status=${chosen.join(',')}` : '';
}

/** Adds the status to the filter, or takes it out. */
export function toggleStatus(
  statuses: readonly TransactionStatus[],
  status: TransactionStatus,
): TransactionStatus[] {
  return statuses.includes(status)
    ? statuses.filter((s) => s !== status)
    : TRANSACTION_STATUSES.filter((s) => s === status || statuses.includes(s));
}

/** How many transactions have each status (a status the service added later counts too). */
export function countByStatus(
  transactions: readonly Pick<SignatureTransaction, 'status'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { status } of transactions) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
}
