import type { SQLInputValue } from 'node:sqlite';
import type { Actor, ChecklistItem, QcRequest } from '../../contract/qc.ts';
import type { Template } from '../../contract/signatures.ts';
import type { ServiceContext } from '../context.ts';
import { presignDownload } from '../files/presign.ts';
import { earlierReviewsOf } from '../signatures/scan-reviews.ts';

/** A qc_requests row as stored. */
export interface QcRow extends Record<string, unknown> {
  id: string;
  owner: string;
  process_id: string;
  checklist_version_id: string;
  file_id: string;
  firm_id: string;
  blob_key: string | null;
  status: QcRequest['status'];
  signed_by: string | null;
  signed_on: string | null;
  actors: string;
  verdicts: string;
  notes: string | null;
  review_id: string | null;
  review_short_id: string | null;
  review_started_on: string | null;
  review_completed_on: string | null;
  reviewed_by: string | null;
  created_on: string;
}

export interface Verdict {
  status: 'approved' | 'rejected' | 'notApplicable';
  reviewerNote?: string;
  completedBy: string;
}

/** A checklist item as stored in a checklist version's JSON. */
export type StoredItem = Omit<ChecklistItem, 'status' | 'completedBy' | 'reviewerNote'>;

interface FileRow {
  id: string;
  blob_key: string;
  matter_reference: string;
  prepared_by: string;
  prepared_on: string;
  templates: string;
}
interface VersionRow {
  id: string;
  version: string;
  items: string;
  checklist_name: string;
}

function byId<T extends { id: string }>(
  ctx: ServiceContext,
  sql: string,
  ids: string[],
): Map<string, T> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = ctx.db
    .prepare(sql.replace('(?)', `(${unique.map(() => '?').join(', ')})`))
    .all(...(unique as SQLInputValue[])) as unknown as T[];
  return new Map(rows.map((row) => [row.id, row]));
}

export function versionItems(items: string): StoredItem[] {
  return JSON.parse(items) as StoredItem[];
}

/** QC request rows to the interface's JSON, with their documents, checklists and processes. */
export function qcRequestsJson(ctx: ServiceContext, rows: QcRow[]): QcRequest[] {
  const files = byId<FileRow>(
    ctx,
    'SELECT id, blob_key, matter_reference, prepared_by, prepared_on, templates FROM files WHERE id IN (?)',
    rows.map((r) => r.file_id),
  );
  const versions = byId<VersionRow>(
    ctx,
    'SELECT v.id, v.version, v.items, c.display_name AS checklist_name FROM checklist_versions v JOIN checklists c ON c.id = v.checklist_id WHERE v.id IN (?)',
    rows.map((r) => r.checklist_version_id),
  );
  const processes = byId<{ id: string; display_name: string }>(
    ctx,
    'SELECT id, display_name FROM qc_processes WHERE id IN (?)',
    rows.map((r) => r.process_id),
  );
  // Parsed once per version: a page of 100 requests most often shares a few checklists.
  const items = new Map([...versions.values()].map((v) => [v.id, versionItems(v.items)]));
  // A rescanned wet-ink document's earlier reviews (the rework loop); rows are of one owner.
  const earlier = earlierReviewsOf(
    ctx,
    rows[0]?.owner ?? '',
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const file = files.get(row.file_id);
    const version = versions.get(row.checklist_version_id);
    if (!file || !version) throw new Error(`QC request ${row.id} refers to missing records`);
    const verdicts = JSON.parse(row.verdicts) as Record<string, Verdict>;
    const checklistItems: ChecklistItem[] = (items.get(version.id) ?? []).map((item) => {
      const verdict = verdicts[item.id];
      return {
        ...item,
        status: verdict?.status ?? 'pending',
        ...(verdict ? { completedBy: verdict.completedBy } : {}),
        ...(verdict?.reviewerNote ? { reviewerNote: verdict.reviewerNote } : {}),
      };
    });
    const json: QcRequest = {
      id: row.id,
      createdOn: row.created_on,
      status: row.status,
      document: {
        id: file.id,
        templates: JSON.parse(file.templates) as Template[],
        matterReference: file.matter_reference,
        preparedBy: file.prepared_by,
        preparedOn: file.prepared_on,
        ...(row.signed_by ? { signedBy: row.signed_by } : {}),
        ...(row.signed_on ? { signedOn: row.signed_on } : {}),
        firmId: row.firm_id,
      },
      checklistItems,
      actors: JSON.parse(row.actors) as Actor[],
      fileUrl: presignDownload(ctx, row.blob_key ?? file.blob_key),
      processName: processes.get(row.process_id)?.display_name ?? '',
      checklistName: version.checklist_name,
      checklistVersion: version.version,
    };
    if (row.review_id && row.review_short_id)
      json.review = { id: row.review_id, shortId: row.review_short_id };
    if (row.review_started_on) json.reviewStartedOn = row.review_started_on;
    if (row.review_completed_on) json.reviewCompletedOn = row.review_completed_on;
    if (row.reviewed_by) json.reviewedBy = row.reviewed_by;
    if (row.notes) json.notes = row.notes;
    const earlierReviews = earlier.get(row.id);
    if (earlierReviews) json.earlierReviews = earlierReviews;
    return json;
  });
}
