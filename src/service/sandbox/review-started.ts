import type { ServiceContext } from '../context.ts';
import { conflict } from '../http/errors.ts';
import { getQcRow } from '../qc/decide.ts';
import type { QcRow } from '../qc/qc-json.ts';

/**
 * The spec's QC request has `reviewStartedOn`, and no operation of the spec sets it. The
 * console's gateway tells the sandbox when a reviewer opens (holds) a pending request; the
 * first time counts (docs/interface-gaps.md). A decided request keeps what it had.
 */
export function markReviewStarted(ctx: ServiceContext, owner: string, id: string): QcRow {
  const row = getQcRow(ctx, owner, id);
  if (row.status !== 'pending') throw conflict(`QC request ${id} is already ${row.status}`);
  ctx.db
    .prepare(
      `UPDATE qc_requests SET review_started_on = ? WHERE id = ? AND owner = ?
       AND status = 'pending' AND review_started_on IS NULL`,
    )
    .run(ctx.clock.now().toISOString(), id, owner);
  return getQcRow(ctx, owner, id);
}
