import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { renderDocument } from './documents.ts';
import { sealJpeg, signaturePng } from './notary-images.ts';

// The demo notaries' seal and signature images on file (issue 43): drawn with their name,
// commission number and expiry, the same bytes every time, and the very seal stamped in the
// certificates of the documents they notarize.

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47];
const starts = (bytes: Uint8Array | null, magic: number[]) =>
  magic.every((b, i) => bytes?.[i] === b);

/** The bytes of every JPEG image the document carries. */
async function jpegsOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) =>
      object instanceof PDFRawStream &&
      object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') &&
      object.dict.get(PDFName.of('Filter')) === PDFName.of('DCTDecode')
        ? [Buffer.from(object.contents)]
        : [],
    );
}

describe('the notaries’ images on file', () => {
  it('are drawn the same every time, a seal per notary', () => {
    const nora = { name: 'Nora Notary', state: 'Texas' };
    const seal = sealJpeg(nora);
    expect(starts(seal, JPEG)).toBe(true);
    expect(Buffer.from(sealJpeg(nora)).equals(Buffer.from(seal))).toBe(true);
    expect(Buffer.from(sealJpeg({ ...nora, name: 'Noah Notary' })).equals(Buffer.from(seal))).toBe(
      false,
    );
    expect(starts(signaturePng('Nora Notary'), PNG)).toBe(true);
    expect(seal.byteLength).toBeLessThan(40_000);
  });

  it('are on file for every demo notary, and stamped on the documents they notarize', async ({
    service,
  }) => {
    const { db, blobs } = service.ctx;
    const notaries = db
      .prepare(
        `SELECT id, display_name AS name, signature_image_key AS signature,
           notary_seal_image_key AS seal FROM users WHERE is_notary = 1`,
      )
      .all() as { id: string; name: string; signature: string | null; seal: string | null }[];
    expect(notaries.length).toBeGreaterThan(2);
    for (const notary of notaries) {
      expect(starts(blobs.get(notary.seal ?? ''), JPEG), notary.name).toBe(true);
      expect(starts(blobs.get(notary.signature ?? ''), PNG), notary.name).toBe(true);
    }
    // A few notarized requests: the notary's seal on file is in the document, byte for byte.
    const requests = db
      .prepare(
        `SELECT f.blob_key AS blobKey, json_extract(r.actors, '$[1].userId') AS notary
         FROM qc_requests r JOIN files f ON f.id = r.file_id
         WHERE r.owner = 'acme' ORDER BY r.id LIMIT 8`,
      )
      .all() as { blobKey: string; notary: string }[];
    for (const request of requests) {
      const seal = notaries.find((n) => n.id === request.notary)?.seal;
      const expected = Buffer.from(blobs.get(seal ?? '') ?? []);
      const images = await jpegsOf(blobs.get(request.blobKey) ?? new Uint8Array());
      expect(images.some((image) => image.equals(expected))).toBe(true);
    }
  });

  it('keep a three-page notarized document small', async () => {
    const { bytes } = await renderDocument({
      matterReference: 'MR-2026-000123',
      title: 'Power of Attorney',
      crid: 'CR-000123',
      firmName: 'Hollis & Marchetti LLP',
      preparedBy: 'Dana Whitfield',
      preparedOn: '2026-03-04T10:15:00.000Z',
      signerName: 'Jose Alvarez',
      notaryName: 'Nora Notary',
      notarySeal: sealJpeg({ name: 'Nora Notary', state: 'Texas' }),
      state: 'Texas',
      pages: 3,
    });
    expect(bytes.byteLength).toBeLessThan(150_000);
  });
});
