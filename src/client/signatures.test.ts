import { describe, expect } from 'vitest';
import { filesApi } from './files.ts';
import { signaturesApi, type SignaturesApi } from './signatures.ts';
import { clientTest as it } from './testing/fixtures.ts';
import { rejection } from './testing/rejection.ts';
import { FetchXhr, gatewayStandIn, PDF_BYTES } from './testing/stand-in.ts';
import { uploadForm } from './upload.ts';

let api: SignaturesApi;
let fileId: string;

it.beforeAll(async ({ admin }) => {
  api = signaturesApi(admin.client);
  const { files } = await filesApi(admin.client).listFiles({ owner: 'acme', limit: 1 });
  fileId = files[0]?.id ?? '';
});

describe('signature requests', () => {
  it('lists with a status filter and gets one', async () => {
    const list = await api.listSignatureRequests({
      owner: 'acme',
      status: 'awaitingWetInk',
      limit: 3,
    });
    expect(list.signatureRequests.length).toBeGreaterThan(0);
    expect(list.signatureRequests.every((r) => r.status === 'awaitingWetInk')).toBe(true);
    const first = list.signatureRequests[0];
    if (!first) throw new Error('no request');
    expect(await api.getSignatureRequest(first.id)).toEqual(first);
  });

  it('creates (with the CSRF header) and deletes, after which it is 404', async ({ admin }) => {
    const created = await api.createSignatureRequest({ fileId });
    expect(created).toMatchObject({ status: 'pending', wetInk: false, file: { id: fileId } });
    const post = admin.calls.at(-1);
    expect(post).toMatchObject({ method: 'POST', path: '/api/signatures/v2/requests' });
    expect(post?.headers.get('x-attest')).toBe('1');

    await expect(api.deleteSignatureRequest(created.id)).resolves.toBeUndefined();
    expect(admin.calls.at(-1)?.headers.get('x-attest')).toBe('1');
    const gone = await rejection(api.getSignatureRequest(created.id));
    expect(gone).toMatchObject({
      code: 'http',
      status: 404,
      path: `/api/signatures/v2/requests/${created.id}`,
    });
    expect(gone.message).toMatch(/not found/);
  });

  it('wet ink: upload URL, upload with progress, confirm', async () => {
    const request = await api.createSignatureRequest({ fileId, wetInk: true });
    expect(request.status).toBe('awaitingWetInk');
    const { uploadUrl, uploadValues } = await api.getUploadUrl(request.id);
    const progress: number[] = [];
    await uploadForm(uploadUrl, uploadValues, new Blob([PDF_BYTES]), {
      xhr: FetchXhr,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(progress.length).toBeGreaterThan(0);
    const confirmed = await api.confirmWetInk(request.id);
    expect(confirmed.status).toBe('wetInkUploaded');
    // A scanned request stays: the service's 400 comes through with its message.
    const refused = await rejection(api.deleteSignatureRequest(request.id));
    expect(refused).toMatchObject({
      status: 400,
      message: expect.stringMatching(/cannot be deleted/),
    });
  });

  it('a scan that is not a PDF is refused by storage with 415 and its message', async () => {
    const request = await api.createSignatureRequest({ fileId, wetInk: true });
    const { uploadUrl, uploadValues } = await api.getUploadUrl(request.id);
    const upload = uploadForm(uploadUrl, uploadValues, new Blob(['PK\u0003\u0004 zip']), {
      xhr: FetchXhr,
    });
    expect(await rejection(upload)).toMatchObject({
      code: 'http',
      status: 415,
      message: 'the file must be a PDF',
    });
  });
});

describe('transactions', () => {
  it("lists the user's transactions, filtered by status values and client group", async ({
    service,
  }) => {
    const notary = signaturesApi((await gatewayStandIn(service, 'acme-notary')).client);
    const all = await notary.listTransactions();
    expect(all.transactions.length).toBeGreaterThan(0);
    const some = await notary.listTransactions({
      filter: { field: 'status', values: ['pending', 'failed'] },
    });
    expect(some.transactions.length).toBe(
      all.transactions.filter((t) => t.status === 'pending' || t.status === 'failed').length,
    );
    expect(some.transactions.length).toBeLessThan(all.transactions.length);
    const none = await notary.listTransactions({ clientGroup: 'no-such-group' });
    expect(none.transactions).toEqual([]);
  });

  it('sends the filter as field:value,value', async ({ admin }) => {
    await api.listTransactions({
      clientGroup: 'retail',
      filter: { field: 'status', values: ['pending', 'failed'] },
    });
    const call = admin.calls.at(-1);
    expect(call?.search.get('filter')).toBe('status:pending,failed');
    expect(call?.search.get('clientGroup')).toBe('retail');
    const bad = await rejection(
      api.listTransactions({ filter: { field: 'colour', values: ['red'] } }),
    );
    expect(bad).toMatchObject({ status: 400, message: expect.stringMatching(/filter field/) });
  });
});
