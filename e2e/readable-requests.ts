import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { serviceToken } from './api.ts';
import { DEMO } from './support.ts';
import {
  QcProcessListSchema,
  QcRequestSchema,
  type Actor,
  type QcRequest,
} from '../src/contract/qc.ts';
import { FirmListSchema } from '../src/contract/accounts.ts';
import { UserListSchema } from '../src/contract/users.ts';
import type { z } from '../src/contract/zod.ts';
import type { Defect } from '../src/service/seed/defects.ts';
import { renderDocumentPdf } from '../src/service/seed/documents.ts';

// Requests the machine can read as a notary's would be (ADR 042): the notary's seal on file
// stamped on the document, the venue filled in, clean or with a defect drawn where a real one
// would be. e2e/requests.ts makes documents without a seal, which the machine rightly fails.

export type Owner = {
  admin: 'acme-admin' | 'globex-admin';
  login: { id: string; secret: string; name: string };
};
export const ACME: Owner = { admin: 'acme-admin', login: DEMO.reviewer };
export const GLOBEX: Owner = { admin: 'globex-admin', login: DEMO.globex };
const LOGINS = new Set(['Riley Reviewer', 'Nora Notary', 'Noah Notary', 'Alex Admin']);
export const service = () => `http://127.0.0.1:${process.env.E2E_SERVICE_PORT}`;

export async function read<S extends z.ZodMiniType>(token: string, path: string, schema: S) {
  const answer = await fetch(`${service()}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status, `GET ${path}`).toBe(200);
  return schema.parse(await answer.json()) as z.output<S>;
}

/**
 * A pending request of the test's own on `processName`, its document signed by a person of
 * the owner's before a notary whose seal is on file, stamped with that seal (e2e/requests.ts
 * makes documents without one, which the machine rightly fails).
 */
export async function readableRequest(
  owner: Owner,
  processName: string,
  defects: Defect[] = [],
): Promise<QcRequest> {
  const token = await serviceToken(owner.admin);
  const name = owner.admin.split('-')[0];
  const [{ qcProcesses }, { users }, { firms }] = await Promise.all([
    read(token, `/qc/v2/qc/processes?owner=${name}&limit=100`, QcProcessListSchema),
    read(
      token,
      `/users/v1/users?owner=${name}&limit=100&fields=isNotary,notarySealImageUrl,deactivatedOn`,
      UserListSchema,
    ),
    read(token, `/accounts/v1/firms?owner=${name}&limit=100`, FirmListSchema),
  ]);
  const process = qcProcesses.find((p) => p.displayName === processName);
  const notary = users.find((u) => u.isNotary && !u.deactivatedOn && u.notarySealImageUrl);
  const [signer, preparer] = users.filter(
    (u) =>
      !u.deactivatedOn &&
      !u.isNotary &&
      !LOGINS.has(u.displayName) &&
      u.displayName !== owner.login.name,
  );
  if (!process || !notary?.notarySealImageUrl || !signer || !preparer) {
    throw new Error(`${name}'s demo has no ${processName}, notary with a seal or signer`);
  }
  const seal = new Uint8Array(await (await fetch(notary.notarySealImageUrl)).arrayBuffer());
  const title = processName.startsWith('Power') ? 'Power of Attorney' : 'Affidavit of Identity';
  const matterReference = `E2E-M-${randomUUID().slice(0, 8).toUpperCase()}`;
  const signedOn = new Date(Date.now() - 3_600_000);
  const pdf = await renderDocumentPdf({
    matterReference,
    title,
    crid: matterReference,
    firmName: firms[0]?.name ?? 'Attest e2e',
    preparedBy: preparer.displayName,
    preparedOn: signedOn.toISOString(),
    signerName: signer.displayName,
    notaryName: notary.displayName,
    notarySeal: seal,
    state: 'Texas',
    pages: 2,
    defects,
  });
  const actors: Actor[] = [
    { userId: signer.id, roleId: 'affiant' },
    { userId: notary.id, roleId: 'notary' },
    { userId: preparer.id, roleId: 'reviewee' },
  ];
  const form = new FormData();
  form.set('processId', process.id);
  form.set('matterReference', matterReference);
  form.set('signedOn', signedOn.toISOString());
  form.set('actors', JSON.stringify(actors));
  if (firms[0]) form.set('firmId', firms[0].firmId);
  form.set(
    'templates',
    JSON.stringify([
      {
        filename: `${title.toLowerCase().replaceAll(' ', '-')}.pdf`,
        displayName: title,
        signatureRequired: true,
        notaryRequired: true,
      },
    ]),
  );
  form.set(
    'file',
    new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    'doc.pdf',
  );
  const answer = await fetch(`${service()}/sandbox/v1/qc-requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return QcRequestSchema.parse(await answer.json());
}
