import type { Readable } from 'node:stream';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import type { ServiceContext } from '../context.ts';
import { transaction } from '../store/transaction.ts';
import type { UploadPolicy } from './presign.ts';
import { receiveFile, type ReceivedFile } from './receive-file.ts';
import { UploadRefusal } from './upload-refusal.ts';

interface UploadRow {
  owner: string;
  kind: UploadPolicy['kind'];
  subject_id: string;
  uploaded_on: string | null;
  attach_on_upload: number;
}

// Images uploaded through the deprecated PUT URLs go straight onto their user's profile.
const IMAGE_COLUMNS: Partial<Record<UploadPolicy['kind'], string>> = {
  signature: 'signature_image_key',
  notarySeal: 'notary_seal_image_key',
};

const ALREADY_UPLOADED = 'a file was already uploaded with this key';

/** An issued key about to take its bytes: checked before the first byte, recorded after the last. */
export interface UploadTarget {
  /** The most bytes this upload may have. */
  readonly maxBytes: number;
  receive(source: Readable, signal: AbortSignal): Promise<ReceivedFile>;
  /** Stores the received bytes under the key and marks it uploaded, or refuses (403). */
  commit(file: ReceivedFile): void;
  discard(): void;
}

/** Refuses (403) a key the service did not issue for this policy, or one already uploaded. */
export function openUpload(ctx: ServiceContext, policy: UploadPolicy): UploadTarget {
  const row = ctx.db
    .prepare(
      'SELECT owner, kind, subject_id, uploaded_on, attach_on_upload FROM uploads WHERE key = ?',
    )
    .get(policy.key) as UploadRow | undefined;
  if (!row || row.owner !== policy.owner || row.kind !== policy.kind) {
    throw new UploadRefusal(403, 'this upload key was not issued');
  }
  // Write-once: bytes a profile or request already points at must not be swapped later.
  if (row.uploaded_on) throw new UploadRefusal(403, ALREADY_UPLOADED);
  const rules = UPLOAD_RULES[policy.kind];
  const maxBytes = Math.min(rules.maxBytes, policy.maxBytes);
  const writer = ctx.blobs.writer(policy.key);

  return {
    maxBytes,
    receive: (source, signal) =>
      receiveFile(
        source,
        { maxBytes, types: rules.types, label: rules.label },
        writer.stream,
        signal,
      ),
    commit(file) {
      transaction(ctx.db, () => {
        // Two uploads to one key may both have passed the check above while they streamed.
        const marked = ctx.db
          .prepare(
            'UPDATE uploads SET content_type = ?, size = ?, uploaded_on = ? WHERE key = ? AND uploaded_on IS NULL',
          )
          .run(file.type, file.size, ctx.clock.now().toISOString(), policy.key);
        if (marked.changes === 0) throw new UploadRefusal(403, ALREADY_UPLOADED);
        const column = IMAGE_COLUMNS[row.kind];
        if (row.attach_on_upload && column) {
          ctx.db
            .prepare(`UPDATE users SET ${column} = ? WHERE id = ? AND owner = ?`)
            .run(policy.key, row.subject_id, row.owner);
        }
        // Last, so a refused publish rolls the rows back and a failed write never marks them.
        if (!writer.commit()) throw new UploadRefusal(403, ALREADY_UPLOADED);
      });
    },
    discard: () => writer.discard(),
  };
}
