import { randomUUID } from 'node:crypto';
import type { SignatureRequestCreate } from '../../contract/signatures.ts';
import type { ServiceContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { ownedRow } from '../store/owned-row.ts';
import { transaction } from '../store/transaction.ts';
import type { SignatureRequestRow } from './signature-json.ts';

// Signature requests apart from HTTP: read, create and delete, each in one transaction.
// The wet-ink scan's upload and confirmation are in wet-ink.ts.

export function getSignatureRow(ctx: ServiceContext, owner: string, id: string) {
  return ownedRow<SignatureRequestRow>(ctx, 'signature_requests', 'signature request', owner, id);
}

export function createSignatureRequest(
  ctx: ServiceContext,
  owner: string,
  body: SignatureRequestCreate,
): SignatureRequestRow {
  const fileId = (body.fileId ?? body.documentId) as string;
  return transaction(ctx.db, () => {
    // Another owner's file is as unknown as a file that does not exist.
    if (!ctx.db.prepare('SELECT 1 FROM files WHERE id = ? AND owner = ?').get(fileId, owner)) {
      throw badRequest(`${body.fileId ? 'fileId' : 'documentId'} is not a file of this owner`);
    }
    const id = randomUUID();
    ctx.db
      .prepare(
        'INSERT INTO signature_requests (id, owner, file_id, status, wet_ink, created_on) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        id,
        owner,
        fileId,
        body.wetInk ? 'awaitingWetInk' : 'pending',
        body.wetInk ? 1 : 0,
        ctx.clock.now().toISOString(),
      );
    return getSignatureRow(ctx, owner, id);
  });
}

export function deleteSignatureRequest(ctx: ServiceContext, owner: string, id: string): void {
  transaction(ctx.db, () => {
    const row = getSignatureRow(ctx, owner, id);
    // A signed document, or a scan in QC, is a record others rely on: it stays.
    if (row.status === 'completed' || row.status === 'wetInkUploaded') {
      throw badRequest(
        `a ${row.status === 'completed' ? 'completed' : 'scanned'} signature request cannot be deleted`,
      );
    }
    ctx.db.prepare('DELETE FROM signature_requests WHERE id = ? AND owner = ?').run(id, owner);
    // Transactions keep no dangling reference to it.
    ctx.db
      .prepare(
        `UPDATE signature_transactions SET signature_requests =
           (SELECT json_group_array(value) FROM json_each(signature_requests) WHERE value != ?)
         WHERE owner = ? AND EXISTS (SELECT 1 FROM json_each(signature_requests) WHERE value = ?)`,
      )
      .run(id, owner, id);
  });
}
