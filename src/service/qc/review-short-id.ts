import type { Db } from '../store/db.ts';

/**
 * The next review shortId of an owner (`R-00001`, `R-00002`, …), from the owner's sequence in
 * the store. Call it inside the transaction that records the review: the sequence then moves
 * only when the decision is kept, and two decisions can never draw the same number. A number
 * some other writer took already (data loaded by hand) is skipped, so the unique index on
 * (owner, review_short_id) never turns a decision into an error.
 */
export function allocateReviewShortId(db: Db, owner: string): string {
  const next = db.prepare(
    `INSERT INTO review_sequences (owner, last) VALUES (?, 1)
     ON CONFLICT (owner) DO UPDATE SET last = last + 1
     RETURNING last`,
  );
  const taken = db.prepare('SELECT 1 FROM qc_requests WHERE owner = ? AND review_short_id = ?');
  for (;;) {
    const { last } = next.get(owner) as { last: number };
    const shortId = `R-${String(last).padStart(5, '0')}`;
    if (!taken.get(owner, shortId)) return shortId;
  }
}
