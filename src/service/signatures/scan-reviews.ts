import type { SQLInputValue } from 'node:sqlite';
import type { ScanReview } from '../../contract/signatures.ts';
import type { ServiceContext } from '../context.ts';

// What QC said of each wet-ink scan (docs/interface-gaps.md, the wet-ink rework loop): the
// notary reads it on the signature request (`scanReviews`), the reviewer of a rescan on its QC
// request (`earlierReviews`). Both come from the decided QC requests that share a signature
// request; nothing extra is stored.

interface ReviewRow {
  id: string;
  signature_request_id: string;
  status: 'approved' | 'rejected';
  verdicts: string;
  notes: string | null;
  review_short_id: string | null;
  reviewed_by: string | null;
  review_completed_on: string | null;
  created_on: string;
  items: string;
  /** For earlierReviews: the later QC request this review is earlier than. */
  later_id?: string;
}

interface StoredVerdict {
  status: string;
  reviewerNote?: string;
}

const COLUMNS = `e.id, e.signature_request_id, e.status, e.verdicts, e.notes, e.review_short_id,
  e.reviewed_by, e.review_completed_on, e.created_on, v.items`;

function reviewJson(row: ReviewRow): ScanReview {
  const verdicts = JSON.parse(row.verdicts) as Record<string, StoredVerdict>;
  const items = JSON.parse(row.items) as { id: string; displayName: string }[];
  // In checklist order, so the notary reads the failures as the reviewer ticked them.
  const failedItems = items
    .filter((item) => verdicts[item.id]?.status === 'rejected')
    .map((item) => {
      const note = verdicts[item.id]?.reviewerNote;
      return {
        id: item.id,
        displayName: item.displayName,
        ...(note ? { reviewerNote: note } : {}),
      };
    });
  return {
    qcRequestId: row.id,
    submittedOn: row.created_on,
    status: row.status,
    ...(row.review_short_id ? { shortId: row.review_short_id } : {}),
    ...(row.reviewed_by ? { reviewedBy: row.reviewed_by } : {}),
    ...(row.review_completed_on ? { reviewCompletedOn: row.review_completed_on } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    failedItems,
  };
}

function group(rows: ReviewRow[], keyOf: (row: ReviewRow) => string) {
  const grouped = new Map<string, ScanReview[]>();
  for (const row of rows) {
    const key = keyOf(row);
    grouped.set(key, [...(grouped.get(key) ?? []), reviewJson(row)]);
  }
  return grouped;
}

/**
 * A lookup of decided reviews by ids: what `sql` finds for them (its one list of `?`, after
 * the owner's), grouped by `keyOf`; none, and no query, for no ids.
 */
function reviewsOf(
  sql: (placeholders: string) => string,
  keyOf: (row: ReviewRow) => string,
): (ctx: ServiceContext, owner: string, ids: readonly string[]) => Map<string, ScanReview[]> {
  return (ctx, owner, ids) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = ctx.db
      .prepare(sql(unique.map(() => '?').join(', ')))
      .all(owner, ...(unique as SQLInputValue[])) as unknown as ReviewRow[];
    return group(rows, keyOf);
  };
}

/** Decided reviews of each signature request's scans, oldest first, by signature request id. */
export const scanReviewsOf = reviewsOf(
  (placeholders) =>
    `SELECT ${COLUMNS} FROM qc_requests e JOIN checklist_versions v ON v.id = e.checklist_version_id
     WHERE e.owner = ? AND e.status != 'pending' AND e.signature_request_id IN (${placeholders})
     ORDER BY e.rowid`,
  (row) => row.signature_request_id,
);

/**
 * For each QC request of a rescan, the decided reviews of the scans sent before it for the
 * same signature request, oldest first, by QC request id. "Before" is insertion order (rowid):
 * a rescan is confirmed only after the earlier scan was rejected, and the order holds under a
 * stopped sandbox clock, where timestamps tie.
 */
export const earlierReviewsOf = reviewsOf(
  (placeholders) =>
    `SELECT ${COLUMNS}, q.id AS later_id FROM qc_requests q
     JOIN qc_requests e ON e.owner = q.owner AND e.signature_request_id = q.signature_request_id
       AND e.rowid < q.rowid AND e.status != 'pending'
     JOIN checklist_versions v ON v.id = e.checklist_version_id
     WHERE q.owner = ? AND q.signature_request_id IS NOT NULL AND q.id IN (${placeholders})
     ORDER BY q.id, e.rowid`,
  (row) => row.later_id ?? '',
);
