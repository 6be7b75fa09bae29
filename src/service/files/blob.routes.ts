import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ServiceContext } from '../context.ts';
import { errorResponse } from '../http/errors.ts';
import { transaction } from '../store/transaction.ts';
import { checkDownload, checkUploadFields, type UploadPolicy } from './presign.ts';
import { sniff, UPLOAD_RULES } from '../../contract/file-types.ts';

// The service's "storage bucket": presigned downloads and uploads, checked by signature and
// expiry instead of a bearer token, with CORS open as a bucket's would be.

/** Largest body the upload routes read at all; each kind's own limit is checked after. */
export const UPLOAD_BODY_LIMIT = 26 * 1024 * 1024;

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

/** Checks the bytes against the policy and stores them; returns an error response or null. */
function store(ctx: ServiceContext, c: Context, policy: UploadPolicy, bytes: Uint8Array) {
  const row = ctx.db
    .prepare(
      'SELECT owner, kind, subject_id, uploaded_on, attach_on_upload FROM uploads WHERE key = ?',
    )
    .get(policy.key) as UploadRow | undefined;
  if (!row || row.owner !== policy.owner || row.kind !== policy.kind) {
    return errorResponse(c, 403, 'this upload key was not issued');
  }
  // Write-once: bytes a profile or request already points at must not be swapped later.
  if (row.uploaded_on) return errorResponse(c, 403, 'a file was already uploaded with this key');
  const rules = UPLOAD_RULES[policy.kind];
  const max = Math.min(rules.maxBytes, policy.maxBytes);
  if (bytes.byteLength === 0) return errorResponse(c, 400, 'the file is empty');
  if (bytes.byteLength > max) {
    return errorResponse(c, 413, `the file is larger than ${Math.round(max / 1024 / 1024)} MB`);
  }
  const type = sniff(bytes);
  if (!type || !(rules.types as readonly string[]).includes(type)) {
    return errorResponse(c, 415, `the file must be ${rules.label}`);
  }
  ctx.blobs.put(policy.key, bytes);
  transaction(ctx.db, () => {
    ctx.db
      .prepare('UPDATE uploads SET content_type = ?, size = ?, uploaded_on = ? WHERE key = ?')
      .run(type, bytes.byteLength, ctx.clock.now().toISOString(), policy.key);
    const column = IMAGE_COLUMNS[row.kind];
    if (row.attach_on_upload && column) {
      ctx.db
        .prepare(`UPDATE users SET ${column} = ? WHERE id = ? AND owner = ?`)
        .run(policy.key, row.subject_id, row.owner);
    }
  });
  return null;
}

export function blobRoutes(ctx: ServiceContext) {
  const routes = new Hono();
  // CORS like a bucket's, on the bucket's routes only (the API itself is not cross-origin).
  const bucketCors = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT'],
    maxAge: 600,
  });
  for (const path of ['/blobs/*', '/uploads', '/uploads/*']) routes.use(path, bucketCors);
  const limit = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT,
    onError: (c) => errorResponse(c, 413, 'the file is larger than 25 MB'),
  });

  routes.get('/blobs/*', (c) => {
    const key = c.req.path.slice('/blobs/'.length);
    const check = checkDownload(ctx, key, c.req.query('expires'), c.req.query('signature'));
    if (!check.ok) return errorResponse(c, check.status, check.message);
    const bytes = ctx.blobs.get(key);
    if (!bytes) return errorResponse(c, 404, 'no such file');
    c.header('Content-Type', sniff(bytes) ?? 'application/octet-stream');
    c.header('Cache-Control', 'private, max-age=300');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });

  // The presigned POST: uploadValues as form fields, then the file as `file`.
  routes.post('/uploads', limit, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(type)) {
      return errorResponse(c, 400, 'send the upload as multipart/form-data');
    }
    let entries: [string, FormDataEntryValue][];
    try {
      entries = [...(await c.req.raw.formData()).entries()];
    } catch {
      return errorResponse(c, 400, 'the multipart body could not be read');
    }
    // As a storage bucket requires: every signed field first, the file last.
    const fileAt = entries.findIndex(([name]) => name === 'file');
    if (fileAt === -1) return errorResponse(c, 400, 'the form has no file field named file');
    if (fileAt !== entries.length - 1) {
      return errorResponse(
        c,
        400,
        'the file must be the last field of the form, after the upload values',
      );
    }
    const check = checkUploadFields(ctx, Object.fromEntries(entries.slice(0, fileAt)));
    if (!check.ok) return errorResponse(c, check.status, check.message);
    const file = entries[fileAt]?.[1];
    if (!(file instanceof File)) return errorResponse(c, 400, 'the file field must carry a file');
    const failed = store(ctx, c, check.policy, new Uint8Array(await file.arrayBuffer()));
    return failed ?? c.body(null, 204);
  });

  // The deprecated PUT URLs (`uploadImageUrls` of users): the raw bytes as the body.
  routes.put('/uploads/*', limit, async (c) => {
    const key = c.req.path.slice('/uploads/'.length);
    const check = checkUploadFields(ctx, {
      key,
      policy: c.req.query('policy'),
      signature: c.req.query('signature'),
    });
    if (!check.ok) return errorResponse(c, check.status, check.message);
    const failed = store(ctx, c, check.policy, new Uint8Array(await c.req.arrayBuffer()));
    return failed ?? c.body(null, 204);
  });

  return routes;
}
