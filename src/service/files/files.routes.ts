import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { FileCreateSchema, type FileRecord, type FileRequest } from '../../contract/files.ts';
import type { Template } from '../../contract/signatures.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireAnyPermission, requireListOwner, requirePermission } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ownedList, ownedRow, requestedPage } from '../http/owned-lists.ts';
import { jsonBody, uuidParam } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';
import { presignDownload, presignUpload } from './presign.ts';
import { redactionRoutes } from './redactions.routes.ts';
import { UPLOAD_RULES } from '../../contract/file-types.ts';

interface FileRow extends Record<string, unknown> {
  id: string;
  owner: string;
  filename: string;
  size: number;
  blob_key: string;
  matter_reference: string;
  prepared_by: string;
  prepared_on: string;
  firm_id: string;
  templates: string;
  created_on: string;
}

// The spec's files list caps its count and says so with countExceedsLimit.
export const FILE_COUNT_CAP = 10_000;

export const FILES = ownedList(
  'files',
  'files f',
  'f.id, f.owner, f.filename, f.size, f.blob_key, f.matter_reference, f.prepared_by, f.prepared_on, f.firm_id, f.templates, f.created_on',
  { createdOn: 'created_on', matterReference: 'matter_reference' },
  FILE_COUNT_CAP,
);

export const FILE_REQUESTS = ownedList(
  'fileRequests',
  'file_requests r',
  'r.id, r.owner, r.file_id, r.account_id, r.status, r.created_on',
  { createdOn: 'created_on' },
);

const fileJson = (ctx: ServiceContext, row: FileRow): FileRecord => ({
  id: row.id,
  owner: row.owner,
  filename: row.filename,
  contentType: 'application/pdf',
  size: row.size,
  matterReference: row.matter_reference,
  preparedBy: row.prepared_by,
  preparedOn: row.prepared_on,
  firmId: row.firm_id,
  templates: JSON.parse(row.templates) as Template[],
  createdOn: row.created_on,
  downloadUrl: presignDownload(ctx, row.blob_key),
});

// Who may read files: everyone who works with documents.
export const READERS = ['files.write', 'signatures.write', 'qc.review'] as const;

export function fileRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const get = (owner: string, id: string) => {
    const row = ownedRow<FileRow>(ctx, FILES, owner, id);
    if (!row) throw notFound(`file ${id} not found`);
    return row;
  };

  routes.get('/files', (c) => {
    requireAnyPermission(c, [...READERS]);
    const owner = requireListOwner(c, c.req.query('owner'));
    const { rows, pagination } = requestedPage<FileRow>(ctx, c, owner, FILES);
    return c.json({ files: rows.map((row) => fileJson(ctx, row)), pagination }, 200);
  });

  routes.get('/files/:fileId', (c) => {
    const { owner } = requireAnyPermission(c, [...READERS]);
    return c.json(fileJson(ctx, get(owner, uuidParam(c, 'fileId'))), 200);
  });

  // Step 1 of creating a file: an upload slot for its PDF.
  routes.post('/files/uploads', (c) => {
    const { owner } = requirePermission(c, 'files.write');
    const key = `files/${randomUUID()}.pdf`;
    const upload = presignUpload(ctx, {
      key,
      kind: 'file',
      owner,
      maxBytes: UPLOAD_RULES.file.maxBytes,
    });
    ctx.db
      .prepare(
        'INSERT INTO uploads (key, owner, kind, subject_id, created_on, expires_on) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(key, owner, 'file', key, ctx.clock.now().toISOString(), upload.expiresOn);
    return c.json({ key, ...upload }, 201);
  });

  // Step 2: the file record over the uploaded PDF, with its file request.
  routes.post('/files', async (c) => {
    const { owner } = requirePermission(c, 'files.write');
    const body = await jsonBody(c, FileCreateSchema);
    const row = transaction(ctx.db, () => {
      const upload = ctx.db
        .prepare(
          "SELECT size, uploaded_on FROM uploads WHERE key = ? AND owner = ? AND kind = 'file'",
        )
        .get(body.key, owner) as { size: number | null; uploaded_on: string | null } | undefined;
      if (!upload?.uploaded_on)
        throw badRequest('key names no uploaded PDF: upload the file to its uploadUrl first');
      if (ctx.db.prepare('SELECT 1 FROM files WHERE blob_key = ?').get(body.key))
        throw badRequest('a file was already created from this key');
      if (
        !ctx.db.prepare('SELECT 1 FROM firms WHERE id = ? AND owner = ?').get(body.firmId, owner)
      ) {
        throw badRequest('firmId is not a firm of this owner');
      }
      if (
        body.accountId &&
        !ctx.db
          .prepare('SELECT 1 FROM accounts WHERE id = ? AND owner = ?')
          .get(body.accountId, owner)
      ) {
        throw badRequest('accountId is not an account of this owner');
      }
      const id = randomUUID();
      const now = ctx.clock.now().toISOString();
      const templates = (body.templates ?? []).map((t) => ({ id: randomUUID(), ...t }));
      ctx.db
        .prepare(
          `INSERT INTO files (id, owner, account_id, filename, size, blob_key, matter_reference, prepared_by, prepared_on, firm_id, templates, created_on)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          owner,
          body.accountId ?? null,
          body.filename,
          upload.size ?? 0,
          body.key,
          body.matterReference,
          body.preparedBy,
          body.preparedOn ?? now,
          body.firmId,
          JSON.stringify(templates),
          now,
        );
      ctx.db
        .prepare(
          'INSERT INTO file_requests (id, owner, file_id, account_id, status, created_on) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), owner, id, body.accountId ?? null, 'open', now);
      return get(owner, id);
    });
    return c.json(fileJson(ctx, row), 201);
  });

  routes.get('/fileRequests', (c) => {
    requireAnyPermission(c, [...READERS]);
    const owner = requireListOwner(c, c.req.query('owner'));
    const { rows, pagination } = requestedPage(ctx, c, owner, FILE_REQUESTS);
    const fileRequests: FileRequest[] = rows.map((r) => ({
      id: r.id as string,
      owner: r.owner as string,
      fileId: r.file_id as string,
      ...(r.account_id ? { accountId: r.account_id as string } : {}),
      status: r.status as string,
      createdOn: r.created_on as string,
    }));
    return c.json({ fileRequests, pagination }, 200);
  });

  routes.route('/', redactionRoutes(ctx, READERS));
  return routes;
}
