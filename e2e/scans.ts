import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SignatureRequestSchema, UploadUrlResponseSchema } from '../src/contract/signatures.ts';
import { api } from './api.ts';
import { newFile } from './requests.ts';

// What the wet-ink specs share: a scan as a scanner makes it, and a request waiting for one.

/** A scan as a scanner would make it: one page with the given text, padded to a size. */
export async function scanPdf(text: string, padding = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font, lineHeight: 20 });
  // Random bytes do not compress, so the upload really is this large.
  if (padding) await doc.attach(randomBytes(padding), 'scanner-data.bin', {});
  return Buffer.from(await doc.save());
}

/** A new signature request for a file; `wetInk` marks it to wait for a scan. */
export const createRequest = (page: Page, body: { fileId: string; wetInk?: boolean }) =>
  api(page).post('/api/signatures/v2/requests', body, SignatureRequestSchema, { status: 201 });

/** A fresh request awaiting a scan, for a file of the test's own. */
export async function requestAwaitingScan(page: Page) {
  const file = await newFile();
  const { id } = await createRequest(page, { fileId: file.id, wetInk: true });
  return { id, fileId: file.id, matterReference: file.matterReference };
}

/**
 * A scan sent for `requestId` as an integration would: the upload link asked for, the file
 * posted to storage as a form (as a browser posts one: not an API call), then confirmed.
 * Whether each step went through, for a spec that expects one to be refused.
 */
export async function sendScan(page: Page, requestId: string, pdf: Buffer) {
  const link = await api(page).get(
    `/api/signatures/v2/requests/${requestId}/uploadUrl`,
    UploadUrlResponseSchema,
  );
  const uploaded = await page.evaluate(
    async ({ link, bytes }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(link.uploadValues)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }));
      return (await fetch(link.uploadUrl, { method: 'POST', body: form })).ok;
    },
    { link, bytes: [...pdf] },
  );
  const confirmed = await api(page).status('PATCH', `/api/signatures/v2/requests/${requestId}`, {
    status: 'wetInkUploaded',
  });
  return { uploaded, confirmed };
}

/** A scan of `text` sent and confirmed for `requestId`: it goes to QC. */
export async function sendScanByApi(page: Page, requestId: string, text: string) {
  expect(await sendScan(page, requestId, await scanPdf(text))).toEqual({
    uploaded: true,
    confirmed: 200,
  });
}
