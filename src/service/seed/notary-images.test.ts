import { inflateSync } from 'node:zlib';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { documentFacts } from '../testing/document-facts.ts';
import { renderDocument } from './documents.ts';
import { sealPng, signaturePng } from './notary-images.ts';

// The demo notaries' seal and signature images on file: drawn with their name,
// commission number and expiry, the same bytes every time, and the very seal stamped in the
// certificates of the documents they notarize.

const PNG = [0x89, 0x50, 0x4e, 0x47];
const starts = (bytes: Uint8Array | null, magic: number[]) =>
  magic.every((b, i) => bytes?.[i] === b);

/** A PNG's alpha channel, a byte a pixel: the seal's shape, whatever its colours. */
async function alphaOf(png: Uint8Array) {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const g = canvas.getContext('2d');
  g.drawImage(image, 0, 0);
  const { data } = g.getImageData(0, 0, image.width, image.height);
  return Buffer.from(data.filter((_, i) => i % 4 === 3));
}

/** The soft masks (alpha channels) of the images the document carries, inflated. */
async function masksOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.context.enumerateIndirectObjects().flatMap(([, object]) => {
    if (!(object instanceof PDFRawStream)) return [];
    const mask = object.dict.get(PDFName.of('SMask'));
    const stream = mask instanceof PDFRef ? doc.context.lookup(mask) : undefined;
    return stream instanceof PDFRawStream ? [inflateSync(stream.contents)] : [];
  });
}

describe('the notaries’ images on file', () => {
  it('are drawn the same every time, a seal per notary, on a transparent ground', async () => {
    const nora = { name: 'Nora Notary', state: 'Texas' };
    const seal = sealPng(nora);
    expect(starts(seal, PNG)).toBe(true);
    expect(Buffer.from(sealPng(nora)).equals(Buffer.from(seal))).toBe(true);
    expect(Buffer.from(sealPng({ ...nora, name: 'Noah Notary' })).equals(Buffer.from(seal))).toBe(
      false,
    );
    // Ink in the rings and the words; the corners and most of the ground show through.
    const alpha = await alphaOf(seal);
    expect(alpha[0]).toBe(0);
    expect(alpha.filter((a) => a === 0).length / alpha.length).toBeGreaterThan(0.5);
    expect(alpha.some((a) => a === 255)).toBe(true);
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
      expect(starts(blobs.get(notary.seal ?? ''), PNG), notary.name).toBe(true);
      expect(starts(blobs.get(notary.signature ?? ''), PNG), notary.name).toBe(true);
    }
    // A few notarized requests: the notary's seal on file is in the document, its very shape.
    const requests = db
      .prepare(
        `SELECT f.blob_key AS blobKey, json_extract(r.actors, '$[1].userId') AS notary
         FROM qc_requests r JOIN files f ON f.id = r.file_id
         WHERE r.owner = 'acme' ORDER BY r.id LIMIT 8`,
      )
      .all() as { blobKey: string; notary: string }[];
    for (const request of requests) {
      const seal = notaries.find((n) => n.id === request.notary)?.seal;
      const expected = await alphaOf(blobs.get(seal ?? '') ?? new Uint8Array());
      const masks = await masksOf(blobs.get(request.blobKey) ?? new Uint8Array());
      expect(masks.some((mask) => mask.equals(expected))).toBe(true);
    }
  });

  it('keep a three-page notarized document small', async () => {
    const { bytes } = await renderDocument(
      documentFacts({
        title: 'Power of Attorney',
        notarySeal: sealPng({ name: 'Nora Notary', state: 'Texas' }),
        pages: 3,
      }),
    );
    expect(bytes.byteLength).toBeLessThan(150_000);
  });
});
