import { randomUUID } from 'node:crypto';
import { itemsOpenForApproval, verdictAllowed, type QcRequestPatch } from '../../contract/qc.ts';
import type { ServiceContext } from '../context.ts';
import { isDeactivated } from '../auth/tokens.ts';
import { publishDocumentReady } from '../events/document-ready.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { returnRejectedScan } from '../signatures/wet-ink.ts';
import { ownedRow } from '../store/owned-row.ts';
import { transaction } from '../store/transaction.ts';
import { versionItems, type QcRow, type Verdict } from './qc-json.ts';
import { allocateReviewShortId } from './review-short-id.ts';
import { reviewedBlob, type ApprovedDocument } from './seal-approved.ts';

// A QC request's decision, apart from HTTP: the rules, the stored verdicts, the DOCUMENT_READY
// of an approval and the return of a rejected wet-ink scan, in one transaction.

/** Who decides: the token's owner, and its user when it has one (a person). */
export interface Decider {
  owner: string;
  userId: string | undefined;
}

export function getQcRow(ctx: ServiceContext, owner: string, id: string): QcRow {
  return ownedRow<QcRow>(ctx, 'qc_requests', 'QC request', owner, id);
}

/**
 * Approves or rejects a pending request; answers it as stored. An approval's DOCUMENT_READY
 * downloads `approved.sealed` when the request still reviews `approved.source`, else the
 * reviewed document as it is (seal-approved.ts).
 */
export function decideQcRequest(
  ctx: ServiceContext,
  decider: Decider,
  id: string,
  body: QcRequestPatch,
  approved?: ApprovedDocument,
): QcRow {
  const { owner } = decider;
  return transaction(ctx.db, () => {
    // Read and decide under the write lock: of two reviewers, exactly one finds it pending.
    const { row, verdicts } = checkDecision(ctx, decider, id, body);
    const now = ctx.clock.now().toISOString();
    ctx.db
      .prepare(
        `UPDATE qc_requests SET status = ?, verdicts = ?, notes = ?, review_id = ?, review_short_id = ?,
          review_started_on = COALESCE(review_started_on, ?), review_completed_on = ?, reviewed_by = ?
         WHERE id = ? AND status = 'pending'`,
      )
      .run(
        body.status,
        JSON.stringify(verdicts),
        body.notes?.trim() || null,
        randomUUID(),
        allocateReviewShortId(ctx.db, owner),
        now,
        now,
        body.reviewedBy,
        id,
      );
    if (body.status === 'approved') {
      const reviewed = reviewedBlob(ctx, row);
      const download = approved?.source === reviewed ? approved.sealed : reviewed;
      publishDocumentReady(ctx, owner, row.file_id, download);
    } else {
      // A rejected wet-ink scan goes back to its notary for a new one (the wet-ink rework loop).
      returnRejectedScan(ctx, owner, id);
    }
    return getQcRow(ctx, owner, id);
  });
}

/**
 * The request as it is and its verdicts with the body's applied, or the refusal the decision
 * meets (an HTTP error thrown). Asked again inside the decision's transaction; asked first, it
 * refuses a decision before anything is made for it (an approval's seal: requests.routes.ts).
 */
export function checkDecision(
  ctx: ServiceContext,
  { owner, userId }: Decider,
  id: string,
  body: QcRequestPatch,
): { row: QcRow; verdicts: Record<string, Verdict> } {
  const row = getQcRow(ctx, owner, id);
  if (row.status !== 'pending') {
    throw conflict(
      `QC request ${id} was already ${row.status} by ${row.reviewed_by ?? 'another reviewer'} on ${row.review_completed_on ?? 'an earlier date'}`,
    );
  }
  checkReviewer(ctx, owner, userId, body.reviewedBy);
  return { row, verdicts: applyVerdicts(ctx, row, body) };
}

function checkReviewer(
  ctx: ServiceContext,
  owner: string,
  userId: string | undefined,
  reviewedBy: string,
): void {
  const reviewer = ctx.db
    .prepare('SELECT deactivated_on FROM users WHERE id = ? AND owner = ?')
    .get(reviewedBy, owner) as { deactivated_on: string | null } | undefined;
  if (!reviewer) throw badRequest('reviewedBy is not a user of this owner');
  // A person reviews as themselves; only a machine client (no user) may name the reviewer.
  if (userId && reviewedBy !== userId) {
    throw badRequest("reviewedBy must be the signed-in reviewer (the token's user)");
  }
  if (isDeactivated(ctx, reviewer.deactivated_on)) {
    throw badRequest('reviewedBy is a deactivated user');
  }
}

/** The request's verdicts with the body's applied, checked against its checklist version. */
function applyVerdicts(
  ctx: ServiceContext,
  row: QcRow,
  body: QcRequestPatch,
): Record<string, Verdict> {
  const version = ctx.db
    .prepare('SELECT items FROM checklist_versions WHERE id = ?')
    .get(row.checklist_version_id) as { items: string };
  const items = versionItems(version.items);
  const verdicts = JSON.parse(row.verdicts) as Record<string, Verdict>;
  for (const update of body.checklistItems ?? []) {
    const item = items.find((i) => i.id === update.id);
    if (!item) throw badRequest(`checklist item ${update.id} is not on this request's checklist`);
    if (update.status && !verdictAllowed(item, update.status)) {
      throw badRequest(`checklist item "${item.displayName}" cannot be not applicable`);
    }
    if (!update.status) {
      if (update.reviewerNote) {
        throw badRequest(
          `checklist item "${item.displayName}": a reviewerNote needs the item's status`,
        );
      }
      continue;
    }
    verdicts[item.id] = {
      status: update.status,
      completedBy: body.reviewedBy,
      ...(update.reviewerNote ? { reviewerNote: update.reviewerNote } : {}),
    };
  }
  if (body.status === 'approved') {
    const open = itemsOpenForApproval(items, (itemId) => verdicts[itemId]?.status);
    if (open.length > 0) {
      throw badRequest(
        `approval needs every checklist item approved or not applicable; open: ${open.map((i) => i.displayName).join(', ')}`,
      );
    }
  }
  return verdicts;
}
