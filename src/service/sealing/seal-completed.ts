import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { transaction } from '../store/transaction.ts';
import { AMENDMENT } from '../seed/defects.ts';
import { changeAfterSeal, type PageChange } from './change-after-seal.ts';
import { sealPdf } from './seal.ts';

/** Where sealed documents are stored: a blob of their own, the signed document kept apart. */
const SEALED_PREFIX = 'sealed/';

export interface CompletedDocument {
  /** Blob key of the signed document. */
  source: string;
  /** When it was completed: the seal's signing time. */
  signedAt: Date;
  /** The seal's /Reason. */
  reason: string;
  /** What the document belongs to, for the messages of a refusal. */
  subject: string;
  /** Blob key to store the sealed document under; a new one by default. */
  key?: string;
}

/** Seals a completed document with the service's signing certificate; its blob key. */
export async function sealCompletedDocument(
  ctx: ServiceContext,
  document: CompletedDocument,
): Promise<string> {
  const sealed = await sealedBytes(ctx, document);
  const key = document.key ?? `${SEALED_PREFIX}${randomUUID()}.pdf`;
  ctx.blobs.put(key, sealed);
  return key;
}

async function sealedBytes(ctx: ServiceContext, document: CompletedDocument): Promise<Uint8Array> {
  const bytes = ctx.blobs.get(document.source);
  if (!bytes) {
    throw badRequest(`${document.subject} has no document to seal: its file was never uploaded`);
  }
  try {
    return await sealPdf(ctx.keys.sealing, bytes, document);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(`the document of ${document.subject} cannot be sealed: ${reason}`);
  }
}

/** acme's most recently completed demo request, changed after its seal (a demo defect). */
const CHANGED_AFTER_SEAL = { owner: 'acme' } as const;
export const DEMO_CHANGE: PageChange = {
  page: AMENDMENT.page - 1,
  text: AMENDMENT.text,
  x: AMENDMENT.x,
  y: AMENDMENT.baseline,
};

interface SeededRow {
  id: string;
  owner: string;
  completed_blob_key: string;
  completed_on: string;
}

/**
 * The demo's completed signature requests, sealed: the seed completes them with the signed
 * document itself, and this seals each (at its completion time) and points the request at
 * the sealed copy. One of acme's is then changed after its seal by an incremental update, as
 * a forged amendment would be. Runs after the seed's or a reset's transaction; returns how
 * many it sealed.
 */
export async function sealDemoCompletions(ctx: ServiceContext, owner?: string): Promise<number> {
  const rows = ctx.db
    .prepare(
      `SELECT id, owner, completed_blob_key, completed_on FROM signature_requests
       WHERE status = 'completed' AND completed_blob_key IS NOT NULL AND completed_on IS NOT NULL
         AND completed_blob_key NOT LIKE '${SEALED_PREFIX}%' AND (? IS NULL OR owner = ?)
       ORDER BY owner, completed_on DESC, id`,
    )
    .all(owner ?? null, owner ?? null) as unknown as SeededRow[];
  const changed = rows.find((row) => row.owner === CHANGED_AFTER_SEAL.owner)?.id;
  const sealed: { row: SeededRow; key: string }[] = [];
  for (const row of rows) {
    const key = `${SEALED_PREFIX}${row.id}.pdf`;
    const bytes = await sealedBytes(ctx, {
      source: row.completed_blob_key,
      signedAt: new Date(row.completed_on),
      reason: `Signature request ${row.id} completed`,
      subject: `signature request ${row.id}`,
    });
    ctx.blobs.put(key, row.id === changed ? await changeAfterSeal(bytes, DEMO_CHANGE) : bytes);
    sealed.push({ row, key });
  }
  transaction(ctx.db, () => {
    const update = ctx.db.prepare(
      'UPDATE signature_requests SET completed_blob_key = ? WHERE id = ? AND completed_blob_key = ?',
    );
    for (const { row, key } of sealed) update.run(key, row.id, row.completed_blob_key);
  });
  return sealed.length;
}
