import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { PDFDocument } from 'pdf-lib';
import {
  SandboxQcRequestFieldsSchema,
  type SandboxQcRequestFields,
} from '../../contract/sandbox.ts';
import type { Principal, ServiceContext, ServiceEnv } from '../context.ts';
import { publishDocumentReady } from '../events/document-ready.ts';
import { UPLOAD_BODY_LIMIT, UPLOAD_LIMITS } from '../files/blob.routes.ts';
import { requestBody, watchBody } from '../files/request-body.ts';
import { uploadGate } from '../files/upload-gate.ts';
import { ClientGone, UploadRefusal, uploadsBusy } from '../files/upload-refusal.ts';
import { requirePermission } from '../http/auth.ts';
import { DISCARD_BYTES, DISCARD_MS, declaredLength } from '../http/body-limit.ts';
import { badRequest, bodyTooLarge, describeIssues, errorResponse } from '../http/errors.ts';
import { qcRequestsJson, type QcRow } from '../qc/qc-json.ts';
import { transaction } from '../store/transaction.ts';
import { readQcForm } from './qc-request-form.ts';

// `POST /sandbox/v1/qc-requests`: any PDF into QC (docs/interface-gaps.md, Sandbox controls;
// ADR 032). The spec has no operation that creates a QC request: a real deployment makes
// them from its own signings. The sandbox takes a PDF and the facts a signing would have
// given, and the request is then like any other: pending on its process's active checklist,
// its document ready (DOCUMENT_READY), decided through the spec's PATCH.

const BODY_TOO_LARGE = 'the body is larger than 26 MB (a PDF of at most 25 MB and its fields)';
/** Forms read at once: each may hold a PDF of up to 25 MB in memory while it is opened. */
const IN_FLIGHT = 2;

interface ProcessRow {
  id: string;
  checklist_id: string;
  archived_on: string | null;
}

/** The routes, for sandbox.routes.ts to mount under `/sandbox/v1`. */
export function qcRequestUploadRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const gate = uploadGate(IN_FLIGHT);

  routes.post('/qc-requests', async (c) => {
    const principal = requirePermission(c, 'qc.manage');
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(type)) {
      return errorResponse(c, 400, 'send the QC request as multipart/form-data with its file');
    }
    if (declaredLength(c) > UPLOAD_BODY_LIMIT) return bodyTooLarge(c, BODY_TOO_LARGE);
    const leave = gate.enter();
    if (!leave) return refused(c, uploadsBusy(), false);

    const body = requestBody(c);
    const controller = new AbortController();
    const unwatch = watchBody(
      body,
      {
        maxBytes: UPLOAD_BODY_LIMIT,
        tooLarge: BODY_TOO_LARGE,
        idleMs: UPLOAD_LIMITS.idleMs,
        deadlineMs: UPLOAD_LIMITS.deadlineMs,
      },
      controller,
    );
    try {
      const form = await readQcForm(body, type, controller.signal);
      const parsed = SandboxQcRequestFieldsSchema.safeParse(form.fields);
      if (!parsed.success) throw badRequest(`invalid form: ${describeIssues(parsed.error)}`);
      await expectOpens(form.file);
      const row = createQcRequest(ctx, principal, parsed.data, form.file);
      return c.json(qcRequestsJson(ctx, [row])[0], 201);
    } catch (error) {
      if (error instanceof UploadRefusal) return refused(c, error, !(await drained(body)));
      // Nobody is left to read an answer.
      if (error instanceof ClientGone) return c.body(null, 400);
      throw error;
    } finally {
      unwatch();
      leave();
    }
  });

  return routes;
}

/**
 * Reads and drops what is left of a refused body, up to DISCARD_BYTES for DISCARD_MS, so the
 * client, still sending, reads the refusal rather than a reset connection (body-limit.ts).
 * False when the body is longer or slower than that: the connection then closes after it.
 */
function drained(body: Readable): Promise<boolean> {
  if (body.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let left = DISCARD_BYTES;
    const done = (clean: boolean) => {
      clearTimeout(timer);
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onFail);
      body.off('close', onFail);
      if (!clean) body.pause();
      resolve(clean);
    };
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) done(false);
    };
    const onEnd = () => done(true);
    const onFail = () => done(false);
    const timer = setTimeout(onFail, DISCARD_MS);
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onFail);
    body.on('close', onFail);
    body.resume();
  });
}

/** A refusal as `{message}`; a body left unread part-way closes the connection after it. */
function refused(c: Context, error: UploadRefusal, unread: boolean) {
  if (unread) c.header('Connection', 'close');
  if (error.status === 503) c.header('Retry-After', '5');
  return errorResponse(c, error.status, error.message);
}

/** Refuses (400) a file that is a PDF by its first bytes but does not open as one. */
async function expectOpens(bytes: Uint8Array): Promise<void> {
  const pages = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true })
    .then((document) => document.getPageCount())
    .catch((error: unknown) => {
      const encrypted = error instanceof Error && /encrypted/i.test(error.message);
      throw badRequest(
        encrypted
          ? 'the PDF is encrypted: send one that opens without a password'
          : 'the file starts as a PDF but does not open as one (its structure is broken)',
      );
    });
  if (pages === 0) throw badRequest('the PDF has no pages');
}

/** The process's owner-scoped row, active, or 400 naming what is wrong. */
function activeProcess(ctx: ServiceContext, owner: string, id: string): ProcessRow {
  const process = ctx.db
    .prepare('SELECT id, checklist_id, archived_on FROM qc_processes WHERE id = ? AND owner = ?')
    .get(id, owner) as ProcessRow | undefined;
  if (!process) throw badRequest(`processId ${id} is not a QC process of this owner`);
  if (process.archived_on) {
    throw badRequest(`QC process ${id} is archived: it takes no new requests`);
  }
  return process;
}

/** The firm named, which must be the owner's, or the owner's oldest firm. */
function firmOf(ctx: ServiceContext, owner: string, firmId: string | undefined): string {
  const firm = firmId
    ? ctx.db.prepare('SELECT id FROM firms WHERE id = ? AND owner = ?').get(firmId, owner)
    : ctx.db
        .prepare('SELECT id FROM firms WHERE owner = ? ORDER BY created_on, id LIMIT 1')
        .get(owner);
  if (firm) return String(firm.id);
  throw badRequest(
    firmId
      ? `firmId ${firmId} is not a firm of this owner`
      : 'this owner has no firm: name a firmId',
  );
}

/** Refuses (400) an actor who is not a user of the owner, naming the first such. */
function checkActors(ctx: ServiceContext, owner: string, fields: SandboxQcRequestFields): void {
  const known = ctx.db.prepare('SELECT 1 FROM users WHERE id = ? AND owner = ?');
  fields.actors.forEach(({ userId }, index) => {
    if (!known.get(userId, owner)) {
      throw badRequest(`actors.${index}.userId ${userId} is not a user of this owner`);
    }
  });
}

/**
 * The document's templates, each with an id of its own: those the form names, or one named for
 * the file, which a notary's seal is required on when one of the actors is the notary.
 */
function templatesOf(fields: SandboxQcRequestFields) {
  const named = fields.templates ?? [
    {
      filename: `${fields.matterReference}.pdf`,
      displayName: `Document ${fields.matterReference}`,
      signatureRequired: true,
      notaryRequired: fields.actors.some((actor) => actor.roleId.toLowerCase() === 'notary'),
    },
  ];
  return named.map((template) => ({ id: randomUUID(), ...template }));
}

/**
 * Stores the file and its pending QC request on the process's active checklist version, and
 * publishes the document's DOCUMENT_READY, in one transaction: refused, nothing is written.
 */
function createQcRequest(
  ctx: ServiceContext,
  principal: Principal,
  fields: SandboxQcRequestFields,
  bytes: Uint8Array,
): QcRow {
  const { owner } = principal;
  return transaction(ctx.db, () => {
    const process = activeProcess(ctx, owner, fields.processId);
    checkActors(ctx, owner, fields);
    const firmId = firmOf(ctx, owner, fields.firmId);
    const version = ctx.db
      .prepare(
        'SELECT id FROM checklist_versions WHERE checklist_id = ? ORDER BY created_on DESC, version DESC LIMIT 1',
      )
      .get(process.checklist_id) as { id: string } | undefined;
    if (!version) throw badRequest(`QC process ${process.id} has no checklist version`);

    const now = ctx.clock.now().toISOString();
    const fileId = randomUUID();
    const id = randomUUID();
    const blobKey = `files/${fileId}.pdf`;
    const role = (...roles: string[]) =>
      fields.actors.find((actor) => roles.includes(actor.roleId.toLowerCase()))?.userId;
    const signer = role('affiant', 'signer');
    // Stored as a name, as the demo's files have it: the console shows it as it is.
    const preparer = role('reviewee', 'preparer') ?? principal.userId ?? fields.actors[0]?.userId;
    const preparedBy = ctx.db
      .prepare('SELECT display_name FROM users WHERE id = ? AND owner = ?')
      .get(preparer ?? '', owner)?.display_name;
    ctx.db
      .prepare(
        `INSERT INTO files (id, owner, filename, size, blob_key, matter_reference, prepared_by, prepared_on, firm_id, templates, created_on)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        fileId,
        owner,
        `${fields.matterReference}.pdf`,
        bytes.length,
        blobKey,
        fields.matterReference,
        typeof preparedBy === 'string' ? preparedBy : principal.clientId,
        now,
        firmId,
        JSON.stringify(templatesOf(fields)),
        now,
      );
    ctx.db
      .prepare(
        `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, status, signed_by, signed_on, actors, created_on)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
      )
      .run(
        id,
        owner,
        process.id,
        version.id,
        fileId,
        firmId,
        signer ?? null,
        fields.signedOn,
        JSON.stringify(fields.actors),
        now,
      );
    publishDocumentReady(ctx, owner, fileId, blobKey);
    // Last: a failed write rolls the rows back, and a refused row never leaves a blob.
    ctx.blobs.put(blobKey, bytes);
    return ctx.db.prepare('SELECT * FROM qc_requests WHERE id = ?').get(id) as QcRow;
  });
}
