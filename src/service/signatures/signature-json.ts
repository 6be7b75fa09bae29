import type { SQLInputValue } from 'node:sqlite';
import type {
  FileSummary,
  SignatureRequest,
  SignatureTransaction,
  Template,
} from '../../contract/signatures.ts';
import type { ServiceContext } from '../context.ts';
import { presignDownload } from '../files/presign.ts';
import { scanReviewsOf } from './scan-reviews.ts';

export interface SignatureRequestRow extends Record<string, unknown> {
  id: string;
  owner: string;
  file_id: string;
  status: NonNullable<SignatureRequest['status']>;
  wet_ink: number;
  scan_blob_key: string | null;
  completed_blob_key: string | null;
  signed_by: string | null;
  notarized_by: string | null;
  completed_on: string | null;
  created_on: string;
}

interface FileRow {
  id: string;
  matter_reference: string;
  prepared_by: string;
  prepared_on: string;
  firm_id: string;
  templates: string;
}

/**
 * Signature request rows (of one owner) to JSON; `document` mirrors `file` (deprecated, kept
 * for compatibility), and a wet-ink request carries its scans' decided reviews.
 */
export function signatureRequestsJson(
  ctx: ServiceContext,
  rows: SignatureRequestRow[],
): SignatureRequest[] {
  const ids = [...new Set(rows.map((r) => r.file_id))];
  const files = new Map(
    ids.length === 0
      ? []
      : (
          ctx.db
            .prepare(
              `SELECT id, matter_reference, prepared_by, prepared_on, firm_id, templates FROM files WHERE id IN (${ids.map(() => '?').join(', ')})`,
            )
            .all(...(ids as SQLInputValue[])) as unknown as FileRow[]
        ).map((f) => [f.id, f]),
  );
  const owner = rows[0]?.owner ?? '';
  const reviews = scanReviewsOf(
    ctx,
    owner,
    rows.filter((r) => r.wet_ink === 1).map((r) => r.id),
  );
  return rows.map((row) => {
    const file = files.get(row.file_id);
    const scanReviews = reviews.get(row.id);
    if (!file) throw new Error(`signature request ${row.id} refers to a missing file`);
    const summary: FileSummary = {
      id: file.id,
      matterReference: file.matter_reference,
      preparedBy: file.prepared_by,
      preparedOn: file.prepared_on,
      firmId: file.firm_id,
      templates: JSON.parse(file.templates) as Template[],
    };
    return {
      id: row.id,
      createdOn: row.created_on,
      file: summary,
      document: summary,
      status: row.status,
      wetInk: row.wet_ink === 1,
      ...(row.completed_on ? { completedOn: row.completed_on } : {}),
      ...(row.signed_by ? { signedBy: row.signed_by } : {}),
      ...(row.notarized_by ? { notarizedBy: row.notarized_by } : {}),
      ...(row.completed_blob_key
        ? { completedFileUrl: presignDownload(ctx, row.completed_blob_key) }
        : {}),
      ...(scanReviews ? { scanReviews } : {}),
    };
  });
}

export interface TransactionRow {
  id: string;
  owner: string;
  signer_id: string;
  notary_id: string | null;
  status: string;
  signature_requests: string;
  otp_required: number;
  otp_method: string | null;
  created_on: string;
  completed_on: string | null;
  failed_on: string | null;
}

export const transactionJson = (row: TransactionRow): SignatureTransaction => ({
  id: row.id,
  owner: row.owner,
  signerId: row.signer_id,
  signatureRequests: JSON.parse(row.signature_requests) as string[],
  status: row.status,
  createdOn: row.created_on,
  otpRequired: row.otp_required === 1,
  ...(row.notary_id ? { notaryId: row.notary_id } : {}),
  ...(row.completed_on ? { completedOn: row.completed_on } : {}),
  ...(row.failed_on ? { failedOn: row.failed_on } : {}),
  ...(row.otp_method ? { otpMethod: row.otp_method } : {}),
});
