import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { presignUpload } from '../files/presign.ts';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import { badRequest } from '../http/errors.ts';
import type { Principal } from '../http/auth.ts';
import type { SignatureRequestRow } from './signature-json.ts';

interface PostSigningProcess {
  id: string;
  checklist_id: string;
}

/** The owner's active post-signing QC process: where confirmed scans go for review. */
function postSigningProcess(ctx: ServiceContext, owner: string): PostSigningProcess | undefined {
  return ctx.db
    .prepare(
      "SELECT id, checklist_id FROM qc_processes WHERE owner = ? AND stage = 'postSigning' AND archived_on IS NULL ORDER BY created_on LIMIT 1",
    )
    .get(owner) as PostSigningProcess | undefined;
}

function requireAwaitingScan(ctx: ServiceContext, row: SignatureRequestRow): PostSigningProcess {
  if (row.wet_ink !== 1)
    throw badRequest('this signature request is not marked for wet-ink signing');
  if (row.status !== 'awaitingWetInk') {
    throw badRequest(`this signature request is not awaiting a wet-ink scan (it is ${row.status})`);
  }
  const process = postSigningProcess(ctx, row.owner);
  if (!process)
    throw badRequest('the workflow does not support uploads: no active post-signing QC process');
  return process;
}

/** Issues a presigned POST for the scan of a request awaiting one. */
export function issueScanUpload(ctx: ServiceContext, row: SignatureRequestRow) {
  requireAwaitingScan(ctx, row);
  const now = ctx.clock.now();
  // A repeated GET (a retry, a prefetch) reuses the key still waiting for its upload rather
  // than recording a new one each time; the policy is signed afresh.
  const waiting = ctx.db
    .prepare(
      "SELECT key FROM uploads WHERE owner = ? AND kind = 'scan' AND subject_id = ? AND uploaded_on IS NULL AND expires_on > ? ORDER BY created_on DESC LIMIT 1",
    )
    .get(row.owner, row.id, now.toISOString()) as { key: string } | undefined;
  const key = waiting?.key ?? `scans/${row.id}/${randomUUID()}.pdf`;
  const upload = presignUpload(ctx, {
    key,
    kind: 'scan',
    owner: row.owner,
    maxBytes: UPLOAD_RULES.scan.maxBytes,
  });
  if (waiting) {
    ctx.db.prepare('UPDATE uploads SET expires_on = ? WHERE key = ?').run(upload.expiresOn, key);
  } else {
    ctx.db
      .prepare(
        'INSERT INTO uploads (key, owner, kind, subject_id, created_on, expires_on) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(key, row.owner, 'scan', row.id, now.toISOString(), upload.expiresOn);
  }
  return { uploadUrl: upload.uploadUrl, uploadValues: upload.uploadValues };
}

/**
 * Confirms the uploaded scan: the request becomes wetInkUploaded and the scan enters the
 * owner's post-signing QC process as a pending QC request. Runs inside a transaction.
 */
export function confirmScan(
  ctx: ServiceContext,
  row: SignatureRequestRow,
  principal: Principal,
): void {
  const process = requireAwaitingScan(ctx, row);
  const scan = ctx.db
    .prepare(
      "SELECT key FROM uploads WHERE owner = ? AND kind = 'scan' AND subject_id = ? AND uploaded_on IS NOT NULL ORDER BY uploaded_on DESC LIMIT 1",
    )
    .get(row.owner, row.id) as { key: string } | undefined;
  if (!scan)
    throw badRequest(
      'no scan has been uploaded for this signature request: upload it to the uploadUrl first',
    );
  const version = ctx.db
    .prepare(
      'SELECT id FROM checklist_versions WHERE checklist_id = ? ORDER BY created_on DESC, version DESC LIMIT 1',
    )
    .get(process.checklist_id) as { id: string } | undefined;
  if (!version) throw badRequest('the post-signing QC process has no checklist version');
  const file = ctx.db.prepare('SELECT firm_id FROM files WHERE id = ?').get(row.file_id) as {
    firm_id: string;
  };
  const now = ctx.clock.now().toISOString();
  ctx.db
    .prepare(
      "UPDATE signature_requests SET status = 'wetInkUploaded', scan_blob_key = ? WHERE id = ?",
    )
    .run(scan.key, row.id);
  const actors = principal.userId ? [{ userId: principal.userId, roleId: 'uploader' }] : [];
  ctx.db
    .prepare(
      `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, signature_request_id, blob_key,
        status, signed_on, actors, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    )
    .run(
      randomUUID(),
      row.owner,
      process.id,
      version.id,
      row.file_id,
      file.firm_id,
      row.id,
      scan.key,
      now,
      JSON.stringify(actors),
      now,
    );
}
