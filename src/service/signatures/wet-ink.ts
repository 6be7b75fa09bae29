import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { presignUpload } from '../files/presign.ts';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import type { Actor } from '../../contract/qc.ts';
import { badRequest } from '../http/errors.ts';
import type { Principal } from '../http/auth.ts';
import type { SignatureRequestRow } from './signature-json.ts';

interface ScanProcess {
  id: string;
  checklist_id: string;
}

/**
 * Where confirmed scans go for review: the owner's active post-signing QC process, or, when
 * that is archived, another active process, so archiving it never silently stops every upload
 * (ADR 018). Among the others, one on the same checklist as the newest post-signing
 * process comes first, then the oldest.
 */
function scanProcess(ctx: ServiceContext, owner: string): ScanProcess | undefined {
  return ctx.db
    .prepare(
      `SELECT p.id, p.checklist_id FROM qc_processes p WHERE p.owner = ? AND p.archived_on IS NULL
       ORDER BY p.stage = 'postSigning' DESC,
         p.checklist_id = (SELECT checklist_id FROM qc_processes WHERE owner = p.owner AND stage = 'postSigning'
           ORDER BY created_on DESC LIMIT 1) DESC,
         p.created_on, p.id
       LIMIT 1`,
    )
    .get(owner) as ScanProcess | undefined;
}

function requireAwaitingScan(ctx: ServiceContext, row: SignatureRequestRow): ScanProcess {
  if (row.wet_ink !== 1)
    throw badRequest('this signature request is not marked for wet-ink signing');
  if (row.status !== 'awaitingWetInk') {
    throw badRequest(`this signature request is not awaiting a wet-ink scan (it is ${row.status})`);
  }
  const process = scanProcess(ctx, row.owner);
  if (!process)
    throw badRequest('the workflow does not support uploads: no active QC process reviews scans');
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

/** The scan uploaded for the request and not yet sent to QC: a rejected one is not sent twice. */
function newScanKey(ctx: ServiceContext, row: SignatureRequestRow): string | undefined {
  const scan = ctx.db
    .prepare(
      `SELECT key FROM uploads u WHERE owner = ? AND kind = 'scan' AND subject_id = ? AND uploaded_on IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM qc_requests q WHERE q.owner = u.owner AND q.signature_request_id = u.subject_id
           AND q.blob_key = u.key)
       ORDER BY uploaded_on DESC LIMIT 1`,
    )
    .get(row.owner, row.id) as { key: string } | undefined;
  return scan?.key;
}

interface Signing {
  signedBy: string | null;
  notaryId: string | null;
  signedOn: string | null;
}

/**
 * Who signed and notarized the request, and when: its own fields once completed, else the
 * newest signature transaction naming it. Never the upload time: a scan is uploaded
 * after the signing, often days after.
 */
function signingOf(ctx: ServiceContext, row: SignatureRequestRow): Signing {
  const tx = ctx.db
    .prepare(
      `SELECT signer_id, notary_id, completed_on FROM signature_transactions t
       WHERE owner = ? AND EXISTS (SELECT 1 FROM json_each(t.signature_requests) WHERE value = ?)
       ORDER BY created_on DESC, id LIMIT 1`,
    )
    .get(row.owner, row.id) as
    { signer_id: string; notary_id: string | null; completed_on: string | null } | undefined;
  return {
    signedBy: row.signed_by ?? tx?.signer_id ?? null,
    notaryId: row.notarized_by ?? tx?.notary_id ?? null,
    signedOn: row.completed_on ?? tx?.completed_on ?? null,
  };
}

/** Everyone the scan's review is about, by role, as the spec's `actors` lists them. */
function scanActors(signing: Signing, uploader: string | undefined): Actor[] {
  const actors: Actor[] = [];
  if (signing.signedBy) actors.push({ userId: signing.signedBy, roleId: 'affiant' });
  if (signing.notaryId) actors.push({ userId: signing.notaryId, roleId: 'notary' });
  if (uploader) actors.push({ userId: uploader, roleId: 'uploader' });
  return actors;
}

/**
 * Confirms the uploaded scan: the request becomes wetInkUploaded and the scan enters QC as a
 * pending QC request (see scanProcess). Runs inside a transaction.
 */
export function confirmScan(
  ctx: ServiceContext,
  row: SignatureRequestRow,
  principal: Principal,
): void {
  const process = requireAwaitingScan(ctx, row);
  const scanKey = newScanKey(ctx, row);
  if (!scanKey)
    throw badRequest(
      'no scan has been uploaded for this signature request: upload it to the uploadUrl first',
    );
  const version = ctx.db
    .prepare(
      'SELECT id FROM checklist_versions WHERE checklist_id = ? ORDER BY created_on DESC, version DESC LIMIT 1',
    )
    .get(process.checklist_id) as { id: string } | undefined;
  if (!version) throw badRequest('the QC process for scans has no checklist version');
  const file = ctx.db.prepare('SELECT firm_id FROM files WHERE id = ?').get(row.file_id) as {
    firm_id: string;
  };
  const now = ctx.clock.now().toISOString();
  ctx.db
    .prepare(
      "UPDATE signature_requests SET status = 'wetInkUploaded', scan_blob_key = ? WHERE id = ?",
    )
    .run(scanKey, row.id);
  const signing = signingOf(ctx, row);
  ctx.db
    .prepare(
      `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, signature_request_id, blob_key,
        status, signed_by, signed_on, actors, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
    )
    .run(
      randomUUID(),
      row.owner,
      process.id,
      version.id,
      row.file_id,
      file.firm_id,
      row.id,
      scanKey,
      signing.signedBy,
      signing.signedOn,
      JSON.stringify(scanActors(signing, principal.userId)),
      now,
    );
}

/**
 * A rejected scan goes back to its notary (the wet-ink rework loop): the signature request
 * awaits a new scan again. The rejected scan stays with its QC request, and the review with it;
 * the request drops it as its current scan. Only the review of the request's current scan moves
 * it, so a late decision on an older scan changes nothing. Runs inside the decision's
 * transaction.
 */
export function returnRejectedScan(ctx: ServiceContext, owner: string, qcRequestId: string): void {
  ctx.db
    .prepare(
      `UPDATE signature_requests SET status = 'awaitingWetInk', scan_blob_key = NULL
       WHERE owner = ? AND wet_ink = 1 AND status = 'wetInkUploaded' AND id = (
         SELECT q.signature_request_id FROM qc_requests q WHERE q.id = ? AND q.owner = ?
           AND q.status = 'rejected' AND q.blob_key = signature_requests.scan_blob_key)`,
    )
    .run(owner, qcRequestId, owner);
}
