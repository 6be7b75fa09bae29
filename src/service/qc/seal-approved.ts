import type { ServiceContext } from '../context.ts';
import { sealCompletedDocument } from '../sealing/seal-completed.ts';
import type { QcRow } from './qc-json.ts';

// An approval hands its document out sealed, as a completion does (ADR 033): the DOCUMENT_READY
// download is the reviewed document with the service's PAdES seal. Sealing takes tens of
// milliseconds and is asynchronous, so it is done before the decision's transaction, which
// then publishes the sealed copy only if the request still has that document.

/** The reviewed document's blob key, and the key of its sealed copy. */
export interface ApprovedDocument {
  source: string;
  sealed: string;
}

/** The blob key of the document a QC request reviews: its own (a scan), else its file's. */
export function reviewedBlob(ctx: ServiceContext, row: QcRow): string {
  if (row.blob_key) return row.blob_key;
  const file = ctx.db.prepare('SELECT blob_key FROM files WHERE id = ?').get(row.file_id) as {
    blob_key: string;
  };
  return file.blob_key;
}

/**
 * A signature dictionary's byte range: the document carries a seal already (a completed
 * document put into QC). Sealing again would rewrite it and break that seal, and with it the
 * evidence of any change after it, so such a document is handed out as it is.
 */
const SIGNED = Buffer.from('/ByteRange');

/**
 * Seals the document of a pending request about to be approved; undefined when there is
 * nothing to seal (not pending: the decision refuses it), when it carries a seal already, or
 * when it cannot be sealed: an approval never fails for its seal.
 */
export async function sealForApproval(
  ctx: ServiceContext,
  row: QcRow,
): Promise<ApprovedDocument | undefined> {
  if (row.status !== 'pending') return undefined;
  const source = reviewedBlob(ctx, row);
  const bytes = ctx.blobs.get(source);
  if (!bytes || Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(SIGNED)) {
    return undefined;
  }
  try {
    const sealed = await sealCompletedDocument(ctx, {
      source,
      signedAt: ctx.clock.now(),
      reason: `QC request ${row.id} approved`,
      subject: `QC request ${row.id}`,
    });
    return { source, sealed };
  } catch {
    return undefined;
  }
}
