import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { sealPng } from '../../../service/seed/notary-images.ts';
import type { InkMap } from '../document-read.ts';
import { likeness } from './ink.ts';

// How alike two stamps are: a stamp on a page, with paper around it and a speck of dust beside
// it, against the image on file.

const own = sealPng({ name: 'Nora Notary', state: 'Ohio' });
const other = sealPng({ name: 'Olive Other', state: 'Ohio' });

/** An image drawn at (x, y) on a white sheet, as ink, with specks at `specks`. */
async function sheet(png: Uint8Array, at = { x: 40, y: 30 }, specks: [number, number][] = []) {
  const image = await loadImage(Buffer.from(png));
  const [w, h] = [image.width + 120, image.height + 100];
  const canvas = createCanvas(w, h);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, w, h);
  g.drawImage(image, at.x, at.y);
  g.fillStyle = '#000';
  for (const [x, y] of specks) g.fillRect(x, y, 3, 3);
  const rgba = g.getImageData(0, 0, w, h).data;
  const dark = new Uint8Array(w * h);
  for (let i = 0; i < dark.length; i++) dark[i] = 255 - rgba[i * 4]!;
  const ink: InkMap = { width: w, height: h, scale: 1, dark };
  return { ink, box: { x: 0, y: 0, width: w, height: h }, image };
}

describe('likeness', () => {
  it('finds a stamp like its own image, a speck of dust beside it or not', async () => {
    const onFile = (await sheet(own, { x: 0, y: 0 })).ink;
    const clean = await sheet(own);
    expect(likeness(clean.ink, clean.box, onFile)).toBeGreaterThan(0.75);
    // A speck a few points left of the stamp, inside the box a page's search found.
    const specked = await sheet(own, { x: 40, y: 30 }, [[25, 30 + clean.image.height / 2]]);
    expect(likeness(specked.ink, specked.box, onFile)).toBeGreaterThan(0.75);
  });

  it("tells another notary's stamp from the one on file", async () => {
    const onFile = (await sheet(own, { x: 0, y: 0 })).ink;
    const stamped = await sheet(other, { x: 40, y: 30 }, [[25, 60]]);
    expect(likeness(stamped.ink, stamped.box, onFile)).toBeLessThan(0.65);
  });
});
