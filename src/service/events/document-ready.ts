import type { DocumentReadyPayload } from '../../contract/webhooks.ts';
import type { ServiceContext } from '../context.ts';
import { presignDownload } from '../files/presign.ts';
import { publish } from './outbox.ts';

interface FileFacts {
  file_id: string;
  matter_id: string | null;
  crid: string | null;
  file_request_id: string | null;
}

/**
 * Publishes DOCUMENT_READY for a stored document (a file, or a signed/scanned version of
 * it at blobKey). Call inside the transaction of the change that made it ready.
 */
export function publishDocumentReady(
  ctx: ServiceContext,
  owner: string,
  fileId: string,
  blobKey: string,
): string {
  const facts = ctx.db
    .prepare(
      `SELECT f.id AS file_id, a.matter_id, a.crid,
        (SELECT r.id FROM file_requests r WHERE r.file_id = f.id ORDER BY r.created_on LIMIT 1) AS file_request_id
       FROM files f LEFT JOIN accounts a ON a.id = f.account_id WHERE f.id = ? AND f.owner = ?`,
    )
    .get(fileId, owner) as FileFacts | undefined;
  if (!facts) throw new Error(`file ${fileId} of ${owner} not found`);
  const payload: DocumentReadyPayload = {
    matterUUID: facts.matter_id ?? facts.file_id,
    crid: facts.crid ?? '',
    downloadUrl: presignDownload(ctx, blobKey),
    fileRequestUUID: facts.file_request_id ?? facts.file_id,
    fileUUID: facts.file_id,
  };
  return publish(ctx, owner, 'DOCUMENT_READY', payload, { downloadBlobKey: blobKey });
}
