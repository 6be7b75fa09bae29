import { inflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFRawStream, type PDFImage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sealPng } from './notary-images.ts';
import { embedPngOnce } from './pdf-image.ts';

// The seal embedded once and copied into each document is, pixel for pixel, what pdf-lib's
// own embedding writes.

/** The image's colour and alpha, inflated, from the saved document. */
async function pixelsIn(doc: PDFDocument, image: PDFImage) {
  doc.addPage().drawImage(image, { x: 10, y: 10, width: 50, height: 50 });
  const saved = await PDFDocument.load(await doc.save());
  const stream = saved.context.lookup(image.ref);
  if (!(stream instanceof PDFRawStream)) throw new Error('no image stream');
  const mask = stream.dict.get(PDFName.of('SMask'));
  const alpha = mask && saved.context.lookup(mask);
  return {
    width: stream.dict.get(PDFName.of('Width'))?.toString(),
    colorSpace: stream.dict.get(PDFName.of('ColorSpace'))?.toString(),
    rgb: inflateSync(stream.contents),
    alpha: alpha instanceof PDFRawStream ? inflateSync(alpha.contents) : undefined,
  };
}

async function both(png: Uint8Array) {
  const theirs = await PDFDocument.create();
  const expected = await pixelsIn(theirs, await theirs.embedPng(png));
  const copies = [];
  for (let i = 0; i < 2; i += 1) {
    const ours = await PDFDocument.create();
    copies.push(await pixelsIn(ours, await embedPngOnce(ours, png)));
  }
  return { expected, copies };
}

describe('embedPngOnce', () => {
  it('writes a transparent seal as pdf-lib does, into each document', async () => {
    const { expected, copies } = await both(sealPng({ name: 'Nora Notary', state: 'Arizona' }));
    expect(expected.alpha?.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toEqual(expected);
  });

  it('writes an opaque image without a mask', async () => {
    const canvas = createCanvas(20, 10);
    const g = canvas.getContext('2d');
    g.fillStyle = '#336699';
    g.fillRect(0, 0, 20, 10);
    const { expected, copies } = await both(new Uint8Array(canvas.encodeSync('png')));
    expect(expected.alpha).toBeUndefined();
    expect(copies).toEqual([expected, expected]);
  });
});
