import { describe, expect } from 'vitest';
import { accountsApi } from './accounts.ts';
import { ApiError } from './api-error.ts';
import { filesApi } from './files.ts';
import { adminApi, clientTest as it } from './testing/fixtures.ts';
import { FetchXhr, PDF_BYTES } from './testing/stand-in.ts';
import { uploadForm } from './upload.ts';

const api = adminApi(filesApi);

describe('files', () => {
  it('lists files (with countExceedsLimit) and gets one with a download URL', async () => {
    const { files, pagination } = await api.listFiles({
      owner: 'acme',
      limit: 2,
      orderBy: 'matterReference',
    });
    expect(files).toHaveLength(2);
    expect(pagination.countExceedsLimit).toBe(false);
    const first = files[0];
    if (!first) throw new Error('no file');
    const file = await api.getFile(first.id);
    expect(file).toMatchObject({ id: first.id, contentType: 'application/pdf' });
    expect(file.downloadUrl).toMatch(/^http/);
  });

  it('creates a file in three steps: slot, upload, record; it gets a file request', async ({
    admin,
  }) => {
    const slot = await api.requestFileUpload();
    expect(admin.calls.at(-1)?.headers.get('x-attest')).toBe('1');
    const loaded: [number, number][] = [];
    await uploadForm(slot.uploadUrl, slot.uploadValues, new Blob([PDF_BYTES]), {
      xhr: FetchXhr,
      onProgress: (done, total) => loaded.push([done, total]),
    });
    expect(loaded.at(-1)?.[0]).toBeGreaterThanOrEqual(PDF_BYTES.byteLength);

    const { firms } = await accountsApi(admin.client).listFirms({ owner: 'acme', limit: 1 });
    const created = await api.createFile({
      key: slot.key,
      filename: 'client-test.pdf',
      matterReference: 'M-CLIENT-1',
      preparedBy: 'Client Test',
      firmId: firms[0]?.firmId ?? '',
    });
    expect(created).toMatchObject({ filename: 'client-test.pdf', size: PDF_BYTES.byteLength });

    const { fileRequests } = await api.listFileRequests({
      owner: 'acme',
      orderDirection: 'desc',
      limit: 5,
    });
    expect(fileRequests.map((r) => r.fileId)).toContain(created.id);

    // The key is spent: a second record from it is refused with the service's message.
    const again = await api
      .createFile({
        key: slot.key,
        filename: 'x.pdf',
        matterReference: 'M',
        preparedBy: 'P',
        firmId: firms[0]?.firmId ?? '',
      })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ status: 400, message: expect.stringMatching(/already created/) });
  });

  it('a second upload to the same key is refused by storage with 403', async () => {
    const slot = await api.requestFileUpload();
    await uploadForm(slot.uploadUrl, slot.uploadValues, new Blob([PDF_BYTES]), { xhr: FetchXhr });
    const second = await uploadForm(slot.uploadUrl, slot.uploadValues, new Blob([PDF_BYTES]), {
      xhr: FetchXhr,
    }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(ApiError);
    expect(second).toMatchObject({
      code: 'http',
      status: 403,
      message: expect.stringMatching(/already uploaded/),
    });
  });
});
