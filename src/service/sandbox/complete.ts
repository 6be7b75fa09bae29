import type { CompleteSignatureRequestResult } from '../../contract/sandbox.ts';
import type { ServiceContext } from '../context.ts';
import { publishDocumentReady } from '../events/document-ready.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { sealCompletedDocument } from '../sealing/seal-completed.ts';
import { transaction } from '../store/transaction.ts';

interface RequestRow {
  id: string;
  status: string;
  file_id: string;
  scan_blob_key: string | null;
  file_blob_key: string;
}

interface Actors {
  signedBy: string | null;
  notarizedBy: string | null;
}

/** Who signed and notarized: a transaction naming the request, else a QC request of its file. */
function knownActors(ctx: ServiceContext, owner: string, row: RequestRow): Actors {
  const tx = ctx.db
    .prepare(
      `SELECT t.signer_id, t.notary_id FROM signature_transactions t
       WHERE t.owner = ? AND EXISTS (SELECT 1 FROM json_each(t.signature_requests) WHERE value = ?)
       ORDER BY t.created_on DESC, t.id LIMIT 1`,
    )
    .get(owner, row.id) as { signer_id: string; notary_id: string | null } | undefined;
  if (tx) return { signedBy: tx.signer_id, notarizedBy: tx.notary_id };
  const qc = ctx.db
    .prepare(
      `SELECT
         (SELECT json_extract(a.value, '$.userId') FROM json_each(q.actors) a
          WHERE json_extract(a.value, '$.roleId') = 'affiant') AS signer,
         (SELECT json_extract(a.value, '$.userId') FROM json_each(q.actors) a
          WHERE json_extract(a.value, '$.roleId') = 'notary') AS notary
       FROM qc_requests q WHERE q.owner = ? AND q.file_id = ? ORDER BY q.created_on DESC, q.id LIMIT 1`,
    )
    .get(owner, row.file_id) as { signer: string | null; notary: string | null } | undefined;
  return { signedBy: qc?.signer ?? null, notarizedBy: qc?.notary ?? null };
}

function someNotary(ctx: ServiceContext, owner: string): string {
  const user = ctx.db
    .prepare(
      `SELECT id FROM users WHERE owner = ? AND deactivated_on IS NULL
       ORDER BY is_notary DESC, display_name, id LIMIT 1`,
    )
    .get(owner) as { id: string } | undefined;
  if (!user) throw badRequest(`owner ${owner} has no active user to sign`);
  return user.id;
}

/** The signed document: the request's confirmed scan, else an uploaded one, else the file. */
function completedBlob(ctx: ServiceContext, owner: string, row: RequestRow): string {
  const uploaded = ctx.db
    .prepare(
      `SELECT key FROM uploads WHERE owner = ? AND subject_id = ? AND kind = 'scan' AND uploaded_on IS NOT NULL
       ORDER BY uploaded_on DESC LIMIT 1`,
    )
    .get(owner, row.id) as { key: string } | undefined;
  for (const key of [row.scan_blob_key, uploaded?.key]) {
    if (key && ctx.blobs.has(key)) return key;
  }
  return row.file_blob_key;
}

function requestRow(ctx: ServiceContext, owner: string, id: string): RequestRow {
  const row = ctx.db
    .prepare(
      `SELECT r.id, r.status, r.file_id, r.scan_blob_key, f.blob_key AS file_blob_key
       FROM signature_requests r JOIN files f ON f.id = r.file_id WHERE r.id = ? AND r.owner = ?`,
    )
    .get(id, owner) as RequestRow | undefined;
  if (!row) throw notFound(`signature request ${id} not found`);
  if (row.status === 'completed') {
    throw badRequest(`signature request ${id} is already completed`);
  }
  return row;
}

/**
 * Completes a signature request as if it had been signed: the signed document is sealed
 * (sealing/, ADR 033) and stored first, then the request is completed and DOCUMENT_READY
 * published in one transaction: either both happen or neither does.
 */
export async function completeSignatureRequest(
  ctx: ServiceContext,
  owner: string,
  id: string,
): Promise<CompleteSignatureRequestResult> {
  const signed = completedBlob(ctx, owner, requestRow(ctx, owner, id));
  const completedOn = ctx.clock.now();
  const sealedKey = await sealCompletedDocument(ctx, {
    source: signed,
    signedAt: completedOn,
    reason: `Signature request ${id} completed`,
    subject: `signature request ${id}`,
  });
  return transaction(ctx.db, () => {
    // Read again under the write lock: of two completions, exactly one finds it open.
    const row = requestRow(ctx, owner, id);
    if (completedBlob(ctx, owner, row) !== signed) {
      throw conflict(`the document of signature request ${id} changed while it was sealed`);
    }
    const actors = knownActors(ctx, owner, row);
    const fallback = actors.signedBy && actors.notarizedBy ? null : someNotary(ctx, owner);
    ctx.db
      .prepare(
        `UPDATE signature_requests SET status = 'completed', signed_by = ?, notarized_by = ?, completed_on = ?,
         completed_blob_key = ? WHERE id = ? AND owner = ?`,
      )
      .run(
        actors.signedBy ?? fallback,
        actors.notarizedBy ?? fallback,
        completedOn.toISOString(),
        sealedKey,
        id,
        owner,
      );
    const messageId = publishDocumentReady(ctx, owner, row.file_id, sealedKey);
    return { id, status: 'completed', completedOn: completedOn.toISOString(), messageId };
  });
}
