import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { sealPng } from '../../../service/seed/notary-images.ts';
import type { InkMap, PageRead } from '../document-read.ts';
import { likeness, rulesOf } from './ink.ts';

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

describe('likeness of a scanned stamp', () => {
  /**
   * A stamp as a 90 dpi scanner gives it back: drawn at `scale` of its size, turned a fraction
   * of a degree, greyed and saved as a poor JPEG, then read at the checker's finer scale.
   */
  async function scanned(png: Uint8Array, scale = 0.55) {
    const image = await loadImage(Buffer.from(png));
    const [w, h] = [Math.round(image.width * scale) + 40, Math.round(image.height * scale) + 40];
    const low = createCanvas(w, h);
    const g = low.getContext('2d');
    g.fillStyle = '#f4f4f2';
    g.fillRect(0, 0, w, h);
    g.translate(w / 2, h / 2);
    g.rotate((0.4 * Math.PI) / 180);
    g.drawImage(
      image,
      (-image.width * scale) / 2,
      (-image.height * scale) / 2,
      image.width * scale,
      image.height * scale,
    );
    const jpeg = await loadImage(low.encodeSync('jpeg', 45));
    // Read back at 2.4 times the scan's pixels, as the checker draws a certificate's page.
    const [W, H] = [Math.round(w * 2.4), Math.round(h * 2.4)];
    const fine = createCanvas(W, H);
    const f = fine.getContext('2d');
    f.drawImage(jpeg, 0, 0, W, H);
    const rgba = f.getImageData(0, 0, W, H).data;
    const dark = new Uint8Array(W * H);
    for (let i = 0; i < dark.length; i++) dark[i] = 255 - rgba[i * 4]!;
    return {
      ink: { width: W, height: H, scale: 1, dark },
      box: { x: 0, y: 0, width: W, height: H },
    };
  }

  it('compares at the scan’s sharpness: its own stamp alike, another notary’s not', async () => {
    const onFile = (await sheet(own, { x: 0, y: 0 })).ink;
    const mine = await scanned(own);
    const theirs = await scanned(other);
    const ownScanned = likeness(mine.ink, mine.box, onFile, undefined, { scanned: true });
    const otherScanned = likeness(theirs.ink, theirs.box, onFile, undefined, { scanned: true });
    expect(ownScanned).toBeGreaterThanOrEqual(0.82);
    expect(otherScanned).toBeLessThan(0.72);
  });
});

describe('rules', () => {
  /** A page of `source`, its ink drawn by `draw(set)`: set(x, y, darkness). */
  function page(
    source: PageRead['source'],
    draw: (set: (x: number, y: number, v: number) => void) => void,
  ): PageRead {
    const [width, height] = [612, 792];
    const dark = new Uint8Array(width * height);
    draw((x, y, v) => (dark[y * width + x] = v));
    return { page: 1, width, height, source, words: [], ink: { width, height, scale: 1, dark } };
  }

  it("follows a scan's skewed, faint rule whole, a date written close above it", () => {
    const scanned = page('ocr', (set) => {
      // A Date's rule from x 362 to 492, drifting a row down at x 420: each row's darkness
      // shared with the next where it crosses, and fainter towards its end (JPEG, lifted blacks).
      for (let x = 362; x < 492; x++) {
        const faint = x > 440 ? 75 : 130;
        if (x < 415) set(x, 445, faint);
        else if (x < 425) {
          set(x, 445, 70);
          set(x, 446, 70);
        } else set(x, 446, faint);
      }
      // "January 2, 2026" written on it: letters' ink 4 rows above the rule.
      for (let x = 362; x < 440; x += 2) for (let y = 433; y <= 443; y++) set(x, y, 200);
    });
    const [rule, ...more] = rulesOf(scanned);
    expect(more).toEqual([]);
    expect(rule).toMatchObject({ x: 362, width: 130 });
    expect([445, 446]).toContain(rule?.y);
    // A filled box is no rule, ink on both sides of it.
    const filled = page('ocr', (set) => {
      for (let y = 300; y < 320; y++) for (let x = 100; x < 300; x++) set(x, y, 180);
    });
    expect(rulesOf(filled)).toEqual([]);
  });

  it('reads no rule into a line of text, however long', () => {
    const text = page('ocr', (set) => {
      // Letters 5 points wide, a point apart, words 4 apart, their strokes up and down.
      for (let x = 72; x < 540; x++) {
        if (x % 30 >= 26 || x % 6 === 5) continue;
        for (let y = 400 + (x % 3); y < 408 - (x % 2); y++) set(x, y, 200);
      }
    });
    expect(rulesOf(text)).toEqual([]);
  });
});
