import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import '../src/shared/zod-messages.ts';
import {
  QcProcessListSchema,
  QcRequestListSchema,
  QcRequestSchema,
  type Actor,
  type QcRequest,
} from '../src/contract/qc.ts';
import { FirmListSchema } from '../src/contract/accounts.ts';
import { FileSchema, FileUploadSchema, type FileRecord } from '../src/contract/files.ts';
import { UserListSchema } from '../src/contract/users.ts';
import type { SandboxQcRequestForm } from '../src/contract/sandbox.ts';
import type { z } from '../src/contract/zod.ts';
import { serviceToken } from './api.ts';
import { renderDocumentPdf } from '../src/service/seed/documents.ts';

// Each test makes the requests it works on (ADR 032): pending ones of its own, put
// into QC through the sandbox's `POST /sandbox/v1/qc-requests`, so no other test decides them
// and no spec depends on another's having run. Asked of the chromium project's reference
// service directly, as acme's admin, as an integrator's script would: the console's gateway
// does not carry that form. Screens that show the seeded demo keep using it.

export interface NewQcRequest {
  /** The process's display name; by default the demo's "Affidavit review". */
  process?: string;
  /** Pages of the document made for it (default 2). */
  pages?: number;
  /** The document itself, instead of one made for it. */
  pdf?: Uint8Array;
  /** A firm's name (default: the first the firms list gives; see `spareFirm`). */
  firm?: string;
  /** The notary on it, by display name (default Nora Notary, the `acme-notary` login). */
  notary?: string;
  /** The document's matter reference; by default one of its own, `E2E-…`. */
  matterReference?: string;
  /**
   * The reference service to put it into (its origin): by default the chromium project's. A
   * spec that starts a console of its own, with its own service, names that one.
   */
  service?: string;
}

const DEFAULT_PROCESS = 'Affidavit review';
const DEFAULT_NOTARY = 'Nora Notary';
/** The demo logins' people: never picked as a document's signer or preparer. */
const LOGIN_NAMES = new Set(['Riley Reviewer', 'Nora Notary', 'Noah Notary', 'Alex Admin']);

function defaultService(): string {
  const base = test.info().project.use.baseURL ?? '';
  if (base.endsWith(`:${process.env.E2E_STRICT_PORT}`)) {
    throw new Error('a spec-strict service has no sandbox: take its seeded requests instead');
  }
  return `http://127.0.0.1:${process.env.E2E_SERVICE_PORT}`;
}

/** acme's admin token for each service, one per worker (it lives an hour). */
const adminTokens = new Map<string, Promise<string>>();
function token(service: string): Promise<string> {
  let issued = adminTokens.get(service);
  if (!issued) adminTokens.set(service, (issued = serviceToken('acme-admin', service)));
  return issued;
}

/** A GET of `service` as acme's admin, parsed with the contract. */
async function read<S extends z.ZodMiniType>(
  service: string,
  path: string,
  schema: S,
): Promise<z.output<S>> {
  const answer = await fetch(`${service}${path}`, {
    headers: { authorization: `Bearer ${await token(service)}` },
  });
  expect(answer.status, `GET ${path}: ${await answer.clone().text()}`).toBe(200);
  return schema.parse(await answer.json());
}

/** What every request is made of, read once per worker and service. */
const lookupsOf = new Map<string, ReturnType<typeof readLookups>>();
function lookups(service: string): ReturnType<typeof readLookups> {
  let read = lookupsOf.get(service);
  if (!read) lookupsOf.set(service, (read = readLookups(service)));
  return read;
}
async function readLookups(service: string) {
  const [{ qcProcesses }, { users }, { firms }] = await Promise.all([
    read(service, '/qc/v2/qc/processes?owner=acme&limit=100', QcProcessListSchema),
    read(service, '/users/v1/users?owner=acme&limit=100', UserListSchema),
    read(service, '/accounts/v1/firms?owner=acme&limit=100', FirmListSchema),
  ]);
  const people = users.filter(
    (u) => !u.deactivatedOn && !u.isNotary && !LOGIN_NAMES.has(u.displayName),
  );
  return { qcProcesses, users, people, firms };
}

function byName<T>(list: readonly T[], name: string, nameOf: (item: T) => string, what: string): T {
  const found = list.find((item) => nameOf(item) === name);
  if (!found) throw new Error(`no ${what} named ${name} in the demo`);
  return found;
}

const slug = (title: string) => title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');

/** A matter reference no other test has: the test's place in the run and a random tail. */
function ownReference(): string {
  const { workerIndex } = test.info();
  return `E2E-${workerIndex}-${randomUUID().slice(0, 8).toUpperCase()}`;
}

/**
 * A pending QC request of the test's own: a PDF made for it by the seed's document generator,
 * put into QC on `options.process`, signed an hour ago by a person of the demo before
 * `options.notary`. Answers the request as the service has it, parsed with the contract.
 */
export async function newQcRequest(options: NewQcRequest = {}): Promise<QcRequest> {
  const service = options.service ?? defaultService();
  const { qcProcesses, users, people, firms } = await lookups(service);
  const process = byName(
    qcProcesses,
    options.process ?? DEFAULT_PROCESS,
    (p) => p.displayName,
    'QC process',
  );
  const notary = byName(users, options.notary ?? DEFAULT_NOTARY, (u) => u.displayName, 'user');
  const firm = options.firm ? byName(firms, options.firm, (f) => f.name, 'firm') : firms[0];
  const [signer, preparer] = people;
  if (!signer || !preparer) throw new Error('the demo has too few people to sign and prepare');
  const matterReference = options.matterReference ?? ownReference();
  const signedOn = new Date(Date.now() - 3_600_000);
  const actors: Actor[] = [
    { userId: signer.id, roleId: 'affiant' },
    { userId: notary.id, roleId: 'notary' },
    { userId: preparer.id, roleId: 'reviewee' },
  ];
  const title = process.displayName.startsWith('Power')
    ? 'Power of Attorney'
    : 'Affidavit of Identity';
  const pdf =
    options.pdf ??
    (await renderDocumentPdf({
      matterReference,
      title,
      crid: matterReference,
      firmName: firm?.name ?? 'Attest e2e',
      preparedBy: preparer.displayName,
      preparedOn: signedOn.toISOString(),
      signerName: signer.displayName,
      notaryName: notary.displayName,
      pages: options.pages ?? 2,
    }));

  const fields: SandboxQcRequestForm = {
    processId: process.id,
    matterReference,
    signedOn: signedOn.toISOString(),
    actors: JSON.stringify(actors),
    ...(firm && { firmId: firm.firmId }),
    templates: JSON.stringify([
      {
        filename: `${slug(title)}.pdf`,
        displayName: title,
        signatureRequired: true,
        notaryRequired: true,
      },
    ]),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(
    'file',
    new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    `${matterReference}.pdf`,
  );
  return write(service, '/sandbox/v1/qc-requests', form, QcRequestSchema);
}

/** A POST of `service` as acme's admin (a form, or JSON), answered 201, parsed with the contract. */
async function write<S extends z.ZodMiniType>(
  service: string,
  path: string,
  body: BodyInit | object,
  schema: S,
): Promise<z.output<S>> {
  const json = !(body instanceof FormData);
  const answer = await fetch(`${service}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await token(service)}`,
      ...(json && { 'content-type': 'application/json' }),
    },
    body: json ? JSON.stringify(body) : body,
  });
  expect(answer.status, `POST ${path}: ${await answer.clone().text()}`).toBe(201);
  return schema.parse(await answer.json());
}

/**
 * A file of the test's own, with a document made for it, as an integration adds one (an
 * upload slot, the PDF posted to storage, the file record): for a spec that asks a signature
 * of it, so no other test's file is taken.
 */
export async function newFile(options: { service?: string } = {}): Promise<FileRecord> {
  const service = options.service ?? defaultService();
  const { firms, people } = await lookups(service);
  const [firm] = firms;
  const [signer, preparer] = people;
  if (!firm || !signer || !preparer) throw new Error('the demo has no firm or too few people');
  const matterReference = ownReference();
  const pdf = await renderDocumentPdf({
    matterReference,
    title: 'Affidavit of Identity',
    crid: matterReference,
    firmName: firm.name,
    preparedBy: preparer.displayName,
    preparedOn: new Date().toISOString(),
    signerName: signer.displayName,
    pages: 1,
  });
  const slot = await write(service, '/files/v1/files/uploads', {}, FileUploadSchema);
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.uploadValues)) form.set(name, value);
  form.set('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const stored = await fetch(slot.uploadUrl, { method: 'POST', body: form });
  expect(stored.ok, `the upload: ${await stored.clone().text()}`).toBe(true);
  const file = {
    key: slot.key,
    filename: `${matterReference}.pdf`,
    matterReference,
    preparedBy: preparer.displayName,
    firmId: firm.firmId,
  };
  return write(service, '/files/v1/files', file, FileSchema);
}

/** `count` requests of the test's own, made one after another (so oldest first). */
export async function newQcRequests(
  count: number,
  options: NewQcRequest = {},
): Promise<QcRequest[]> {
  const made: QcRequest[] = [];
  for (let i = 0; i < count; i++) made.push(await newQcRequest(options));
  return made;
}

/**
 * Two requests of the test's own that stand side by side in the pending queue, newest first:
 * `[newer, older]`, so that in the queue's newest-first view "next" after `newer` is `older`.
 * Made again in the rare case another test's request landed between them.
 */
export async function newQcRequestPair(
  options: NewQcRequest = {},
): Promise<[QcRequest, QcRequest]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [older, newer] = (await newQcRequests(2, options)) as [QcRequest, QcRequest];
    const { qcRequests } = await read(
      options.service ?? defaultService(),
      '/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=100',
      QcRequestListSchema,
    );
    const at = qcRequests.findIndex((r) => r.id === newer.id);
    if (at >= 0 && qcRequests[at + 1]?.id === older.id) return [newer, older];
  }
  throw new Error('could not make two requests side by side in the queue');
}

/**
 * A firm none of the default requests are in: a spec that walks a queue of its own (the team
 * walk) makes its requests there and narrows the queue to it, so no other test's request
 * comes between them.
 */
export async function spareFirm(service = defaultService()): Promise<{
  firmId: string;
  name: string;
}> {
  const { firms } = await lookups(service);
  const spare = firms.at(-1);
  if (!spare || firms.length < 2) throw new Error('the demo has no second firm');
  return spare;
}
