import { describe, expect, it } from 'vitest';
import type { DocumentRead, InkMap, PageRead, Word } from '../document-read.ts';
import { checkFacts } from '../testing/facts.ts';
import { seal, stampedSeal } from './seal.ts';

// Where the seal is found on a scanned certificate, and what its numbers decide, on a page
// made here: a certificate's lines as OCR read them and a stamp's ring of ink below them.

const SCALE = 3;
const [W, H] = [612, 792];
/** The stamp: a ring 100 points across, its centre here (points). */
const RING = { x: 150, y: 600, r: 50 };

function inkOf(scale: number): InkMap {
  const [width, height] = [W * scale, H * scale];
  const dark = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x / scale - RING.x, y / scale - RING.y);
      // Two rings and a bar across the middle, as a seal's rings and its number.
      const onRing = Math.abs(d - RING.r) < 2 || Math.abs(d - RING.r + 10) < 1;
      const onBar = Math.abs(y / scale - RING.y) < 4 && d < RING.r - 16;
      if (onRing || onBar) dark[y * width + x] = 230;
    }
  }
  return { width, height, scale, dark };
}

const word = (
  text: string,
  x: number,
  y: number,
  confidence: number,
  line: number,
  size = { width: text.length * 6, height: 10 },
): Word => ({ text, x, y, ...size, confidence, line });

/** A scanned certificate page; `stampWords` are what OCR made of the stamp's lettering. */
function certificate(stampWords: Word[]): DocumentRead {
  const jurat = 'Subscribed and sworn to before me on March 4, 2026'.split(' ');
  const words = [...jurat.map((text, i) => word(text, 72 + i * 48, 480, 95, 1)), ...stampWords];
  const page: PageRead = {
    page: 1,
    width: W,
    height: H,
    words,
    source: 'ocr',
    ink: inkOf(1),
    detail: inkOf(SCALE),
  };
  return { pageCount: 1, pages: [page], sealOnFile: inkOf(1) };
}

describe('the seal on a scanned certificate', () => {
  it("keeps the stamp's lettering that OCR read as short unsure words as its ink", () => {
    // Across the ring's top, its letters' boxes as large as a stamp's: "0p" and "EN" at 80%
    // and 62%, as OCR read a held-out scan's.
    const size = { width: 55, height: 20 };
    const top = RING.y - RING.r - 6;
    const read = certificate([
      word('0p', RING.x - 55, top, 80, 2, size),
      word('EN', RING.x, top, 62, 2, size),
    ]);
    const box = stampedSeal(read, checkFacts())?.found?.box;
    expect(box).toBeDefined();
    // The whole ring, not cut off under the words.
    expect(box!.y).toBeLessThanOrEqual(RING.y - RING.r + 1);
    expect(box!.height).toBeGreaterThanOrEqual(2 * RING.r - 2);
  });

  it("fails a stamp whose number is another's, and says the notary's own where read", () => {
    const read = certificate([]);
    const facts = checkFacts();
    const onFile = 'COMM. NO.\n40817263';
    const other = seal({ ...read, sealText: { stamped: 'COMM. NO.\n93152046', onFile } }, facts);
    expect(other.verdict).toBe('fail');
    expect(other.reason).toContain(
      "The seal's number reads 93152046; Nora Notary's seal on file reads 40817263",
    );
    const own = seal({ ...read, sealText: { stamped: 'COMM. NO.\n40817263', onFile } }, facts);
    expect(own.verdict).toBe(seal(read, facts).verdict);
    expect(own.reason).toContain('its number 40817263 as on file');
    // The same number printed on the page beside the stamp tells nothing.
    const printed = seal(
      {
        ...read,
        sealText: { stamped: 'No. 40817263', onFile, printed: 'Commission No. 40817263' },
      },
      facts,
    );
    expect(printed.reason).not.toContain('its number');
  });
});
