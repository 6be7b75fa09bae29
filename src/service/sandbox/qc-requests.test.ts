import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QcRequestSchema } from '../../contract/qc.ts';
import type { SandboxQcRequestForm } from '../../contract/sandbox.ts';
import { DocumentReadyPayloadSchema } from '../../contract/webhooks.ts';
import { STRICT_PROFILE } from '../profile.ts';
import { startServiceWithReceiver, type Receiver } from '../testing/receiver.ts';
import {
  expectError,
  expectTokenNeeded,
  startTestService,
  type DemoTokens,
  type TestService,
} from '../testing/service.ts';
import { MB, PDF_HEAD, PNG_HEAD } from '../testing/uploads.ts';

// `POST /sandbox/v1/qc-requests` (qc-requests.routes.ts): any PDF into QC.

const PATH = '/sandbox/v1/qc-requests';

let receiver: Receiver;
let close: () => Promise<void>;
let service: TestService;
let tokens: DemoTokens;
let pdf: Uint8Array;

beforeAll(async () => {
  ({ receiver, service, close } = await startServiceWithReceiver('qc-requests test secret'));
  tokens = await service.tokens();
  const document = await PDFDocument.create();
  document.addPage().drawText('Affidavit of service', { x: 72, y: 700 });
  document.addPage().drawText('Page 2', { x: 72, y: 700 });
  pdf = await document.save();
  // A service, a receiver and six tokens: more than the default on a busy machine.
}, 60_000);
afterAll(() => close());

const one = <T>(sql: string, ...params: string[]) =>
  service.ctx.db.prepare(sql).get(...params) as T;
const idOf = (sql: string, ...params: string[]) => one<{ id: string }>(sql, ...params).id;

const activeProcess = (owner = 'acme') =>
  idOf(
    'SELECT id FROM qc_processes WHERE owner = ? AND archived_on IS NULL ORDER BY id LIMIT 1',
    owner,
  );
const userOf = (owner: string, notary = false) =>
  idOf(
    'SELECT id FROM users WHERE owner = ? AND is_notary = ? AND deactivated_on IS NULL ORDER BY id LIMIT 1',
    owner,
    notary ? '1' : '0',
  );

/** A form that creates a request, with `change` over it. */
function form(change: Partial<SandboxQcRequestForm> = {}): SandboxQcRequestForm {
  return {
    processId: activeProcess(),
    matterReference: 'MR-SANDBOX-1',
    signedOn: '2026-03-02T15:04:05.000Z',
    actors: JSON.stringify([
      { userId: userOf('acme'), roleId: 'affiant' },
      { userId: userOf('acme', true), roleId: 'notary' },
    ]),
    ...change,
  };
}

function body(fields: Record<string, string | undefined>, file?: Uint8Array | null): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) data.set(name, value);
  if (file !== null) {
    const bytes = file ?? pdf;
    data.set(
      'file',
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'a.pdf',
    );
  }
  return data;
}

const create = (data: BodyInit, token: string | undefined = tokens['acme-admin']) =>
  service.send('POST', PATH, { token, body: data });

/** What a refused call must leave as it was: every table it writes, and the blobs. */
function written() {
  const count = (table: string) => one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).n;
  return {
    qcRequests: count('qc_requests'),
    files: count('files'),
    outbox: count('outbox'),
  };
}

async function expectRefused(data: BodyInit, status: number, message: RegExp, token?: string) {
  const before = written();
  expectError(await create(data, token), status, message);
  expect(written()).toEqual(before);
}

describe('POST /sandbox/v1/qc-requests', () => {
  it('creates a pending request with the PDF as its document, read back as created', async () => {
    const fields = form({
      firmId: idOf("SELECT id FROM firms WHERE owner = 'acme' ORDER BY id DESC LIMIT 1"),
    });
    const answer = await create(body(fields));
    expect(answer.status, answer.text).toBe(201);
    const created = QcRequestSchema.parse(answer.body);
    const process = one<{ display_name: string; checklist_id: string }>(
      'SELECT display_name, checklist_id FROM qc_processes WHERE id = ?',
      fields.processId,
    );
    const version = one<{ version: string; items: string }>(
      'SELECT version, items FROM checklist_versions WHERE checklist_id = ? ORDER BY created_on DESC, version DESC LIMIT 1',
      process.checklist_id,
    );
    const actors = JSON.parse(fields.actors) as { userId: string; roleId: string }[];
    expect(created).toMatchObject({
      status: 'pending',
      processName: process.display_name,
      checklistVersion: version.version,
      actors,
      document: {
        matterReference: 'MR-SANDBOX-1',
        // No reviewee named: the caller, by name as the demo's documents have it.
        preparedBy: 'Alex Admin',
        signedBy: actors[0]?.userId,
        signedOn: fields.signedOn,
        firmId: fields.firmId,
      },
    });
    expect(created.checklistItems.map((i) => i.id)).toEqual(
      (JSON.parse(version.items) as { id: string }[]).map((i) => i.id),
    );
    expect(created.checklistItems.every((i) => i.status === 'pending')).toBe(true);
    expect(created.review).toBeUndefined();

    const read = await service.get(`/qc/v2/qc/requests/${created.id}`, tokens['acme-reviewer']);
    expect(read.status).toBe(200);
    expect(QcRequestSchema.parse(read.body)).toEqual({ ...created, fileUrl: expect.any(String) });
    const file = await fetch(created.fileUrl);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    // Its webhook, as any other document's: DOCUMENT_READY, whose link gets the same PDF.
    const deliveries = await receiver.waitFor(1);
    const delivery = deliveries
      .map((r) => DocumentReadyPayloadSchema.parse(JSON.parse(r.body)))
      .find((p) => p.fileUUID === created.document.id);
    if (!delivery) throw new Error('DOCUMENT_READY was not delivered for the new document');
    const ready = await fetch(delivery.downloadUrl);
    expect(new Uint8Array(await ready.arrayBuffer())).toEqual(pdf);
  });

  it('takes the fields after the file, and the owner’s oldest firm when none is named', async () => {
    const data = new FormData();
    data.set('file', new Blob([pdf as Uint8Array<ArrayBuffer>]), 'b.pdf');
    for (const [name, value] of Object.entries(form())) data.set(name, value);
    const answer = await create(data);
    expect(answer.status, answer.text).toBe(201);
    const oldest = idOf(
      "SELECT id FROM firms WHERE owner = 'acme' ORDER BY created_on, id LIMIT 1",
    );
    expect(QcRequestSchema.parse(answer.body).document.firmId).toBe(oldest);
  });

  it('names the templates given, or one for the file, notarized when a notary acts', async () => {
    const templates = [
      {
        filename: 'poa.pdf',
        displayName: 'Power of Attorney',
        signatureRequired: true,
        notaryRequired: true,
      },
      { filename: 'w9.pdf', displayName: 'W-9', signatureRequired: true, notaryRequired: false },
    ];
    const given = await create(body(form({ templates: JSON.stringify(templates) })));
    expect(given.status, given.text).toBe(201);
    const named = QcRequestSchema.parse(given.body).document.templates;
    expect(named.map(({ id: _, ...t }) => t)).toEqual(templates);
    expect(new Set(named.map((t) => t.id)).size).toBe(2);

    const [signer, notary] = [userOf('acme'), userOf('acme', true)];
    const withNotary = JSON.stringify([
      { userId: signer, roleId: 'affiant' },
      { userId: notary, roleId: 'notary' },
    ]);
    for (const [actors, notaryRequired] of [
      [withNotary, true],
      [JSON.stringify([{ userId: signer, roleId: 'affiant' }]), false],
    ] as const) {
      const answer = await create(body(form({ actors, matterReference: 'MR-T-1' })));
      expect(answer.status, answer.text).toBe(201);
      expect(QcRequestSchema.parse(answer.body).document.templates).toEqual([
        {
          id: expect.any(String),
          filename: 'MR-T-1.pdf',
          displayName: 'Document MR-T-1',
          signatureRequired: true,
          notaryRequired,
        },
      ]);
    }
  });

  it('refuses a body that is not a PDF, too large, or one that does not open', async () => {
    await expectRefused(body(form(), PNG_HEAD), 415, /must be a PDF/);
    await expectRefused(body(form(), Buffer.from('not a pdf at all')), 415, /must be a PDF/);
    const broken = Buffer.concat([PDF_HEAD, Buffer.from('1 0 obj\n<<>>\nendobj\n%%EOF\n')]);
    await expectRefused(body(form(), broken), 400, /does not open as one/);
    await expectRefused(body(form(), pdf.subarray(0, pdf.length / 2)), 400, /does not open/);
    await expectRefused(body(form(), Buffer.alloc(0)), 400, /empty/);
    await expectRefused(body(form(), null), 400, /no file field/);
  });

  it('refuses a PDF over the upload limit, and the client reads why', async () => {
    const huge = Buffer.concat([PDF_HEAD, Buffer.alloc(25 * MB)]);
    await expectRefused(body(form(), huge), 413, /larger than 25 MB/);
  });

  it('refuses a body that is not a multipart form', async () => {
    const before = written();
    const answer = await service.send('POST', PATH, {
      token: tokens['acme-admin'],
      json: form(),
    });
    expectError(answer, 400, /multipart\/form-data/);
    expect(written()).toEqual(before);
  });

  it('refuses an unknown, archived or another owner’s process', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expectRefused(body(form({ processId: unknown })), 400, /not a QC process of this owner/);
    await expectRefused(
      body(form({ processId: activeProcess('globex') })),
      400,
      /not a QC process of this owner/,
    );
    const archived = activeProcess();
    service.ctx.db
      .prepare("UPDATE qc_processes SET archived_on = '2026-01-01T00:00:00.000Z' WHERE id = ?")
      .run(archived);
    try {
      await expectRefused(body(form({ processId: archived })), 400, /is archived/);
    } finally {
      service.ctx.db
        .prepare('UPDATE qc_processes SET archived_on = NULL WHERE id = ?')
        .run(archived);
    }
  });

  it('refuses an actor or firm not of the owner, and malformed fields', async () => {
    const actors = (userId: string) => JSON.stringify([{ userId, roleId: 'affiant' }]);
    await expectRefused(
      body(form({ actors: actors(userOf('globex')) })),
      400,
      /actors\.0\.userId .* is not a user of this owner/,
    );
    await expectRefused(
      body(form({ actors: actors('00000000-0000-4000-8000-000000000001') })),
      400,
      /not a user of this owner/,
    );
    const globexFirm = idOf("SELECT id FROM firms WHERE owner = 'globex' LIMIT 1");
    await expectRefused(body(form({ firmId: globexFirm })), 400, /not a firm of this owner/);
    await expectRefused(body(form({ signedOn: '2026-03-02' })), 400, /signedOn: .*ISO 8601 UTC/);
    await expectRefused(body(form({ actors: '[{"userId":' })), 400, /actors must be JSON/);
    await expectRefused(body(form({ actors: '[]' })), 400, /at least one user/);
    await expectRefused(body(form({ templates: '{' })), 400, /templates must be JSON/);
    await expectRefused(
      body(form({ templates: '[{"filename": "a.pdf"}]' })),
      400,
      /templates\.0\.displayName/,
    );
    await expectRefused(body({ ...form(), matterReference: undefined }), 400, /matterReference/);
    await expectRefused(body({ ...form(), colour: 'blue' }), 400, /colour/);
  });

  it('needs a token, and the manage permission', async () => {
    const before = written();
    await expectTokenNeeded((token) => create(body(form()), token));
    await expectRefused(body(form()), 401, /qc\.manage/, tokens['acme-reviewer']);
    await expectRefused(body(form()), 401, /qc\.manage/, tokens['acme-notary']);
    expect(written()).toEqual(before);
  });

  it('puts the request in the caller’s owner, whatever ids it names', async () => {
    const answer = await create(
      body({
        processId: activeProcess('globex'),
        matterReference: 'GLOBEX-1',
        signedOn: '2026-03-02T15:04:05Z',
        actors: JSON.stringify([{ userId: userOf('globex'), roleId: 'affiant' }]),
      }),
      tokens['globex-admin'],
    );
    expect(answer.status, answer.text).toBe(201);
    const { id } = QcRequestSchema.parse(answer.body);
    expect(one<{ owner: string }>('SELECT owner FROM qc_requests WHERE id = ?', id).owner).toBe(
      'globex',
    );
    expect((await service.get(`/qc/v2/qc/requests/${id}`, tokens['acme-admin'])).status).toBe(404);
  });
});

describe('on a spec-strict service', () => {
  it('is not there (404), with or without the manage permission', async () => {
    const strict = await startTestService({ profile: STRICT_PROFILE });
    try {
      const admin = await strict.token('acme-admin');
      const answer = await strict.send('POST', PATH, { token: admin, body: body(form()) });
      expectError(answer, 404, /no route/);
    } finally {
      await strict.close();
    }
  });
});
