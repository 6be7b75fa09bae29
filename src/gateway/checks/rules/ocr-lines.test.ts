import { describe, expect, it } from 'vitest';
import type { PageRead, Word } from '../document-read.ts';
import { datesIn, linesOf } from './page-text.ts';
import { pagesComplete } from './pages.ts';

// A scan's lines as OCR found them, and the footers OCR misreads: measured on held-out scans,
// a third of them said no page number could be read, though Tesseract had read each footer.

const blankInk = { width: 612, height: 792, scale: 1, dark: new Uint8Array(612 * 792) };

function ocrPage(n: number, words: Word[]): PageRead {
  return { page: n, width: 612, height: 792, source: 'ocr', words, ink: blankInk };
}

/** An OCR word: its box is its ink, so a descender ends it lower than its neighbours. */
const word = (text: string, x: number, y: number, height: number, line?: number): Word => ({
  text,
  x,
  y,
  width: 5 * text.length,
  height,
  confidence: 90,
  ...(line !== undefined && { line }),
});

describe('a scan read by OCR', () => {
  it('keeps the words of one line OCR found together, in order, whatever their boxes', () => {
    // A scan skewed by a degree: a line's words drift down a point and a half each.
    let x = 71;
    const words = ['being', 'by', 'me', 'first', 'duly', 'sworn,'].map((text, i) => {
      const at = word(text, x, 198 + 1.5 * i, 9, 4);
      x += at.width + 4;
      return at;
    });
    expect(linesOf(ocrPage(1, words)).map((l) => l.text)).toEqual([
      'being by me first duly sworn,',
    ]);
    // By their boxes alone they fell apart.
    const boxesOnly = words.map(({ line: _, ...rest }) => rest);
    expect(linesOf(ocrPage(1, boxesOnly)).length).toBeGreaterThan(1);
  });

  it('reads footers OCR misread ("Paga", "oi", "2of") and never a 1 and "of" as 10', () => {
    const footers = ['Page 1of 2', 'Paga 2oi 2'];
    const read = {
      pageCount: 2,
      pages: footers.map((text, i) => ocrPage(i + 1, [word(text, 500, 742, 7, 0)])),
    };
    const judged = pagesComplete(read, {} as never);
    expect(judged.verdict, judged.reason).toBe('pass');
    expect(judged.reason).toBe('Pages 1 to 2 of 2, in order');
  });

  it('reads the footers of held-out scans: a 1 read as t, a stop before "of", all run together', () => {
    const judge = (...footers: string[]) =>
      pagesComplete(
        {
          pageCount: footers.length,
          pages: footers.map((text, i) => ocrPage(i + 1, [word(text, 500, 742, 7, 0)])),
        },
        {} as never,
      );
    for (const footers of [
      ['Page tof 2', 'Page 2.of 2'],
      ['Page taf 1'],
      ['Page loll'],
      ['Page 10f 1'],
    ]) {
      const judged = judge(...footers);
      expect(judged.verdict, `${footers.join(' | ')}: ${judged.reason}`).toBe('pass');
    }
    // Read so, a count that is not the document's is still a fail.
    expect(judge('Page taf 2').verdict).toBe('fail');
  });

  it('reads a date whose comma OCR read as a full stop, or a month’s stop as a comma', () => {
    expect(datesIn('On January 2. 2026, before me, Curtis Mwangi')).toMatchObject([
      { day: '2026-01-02', start: 3 },
    ]);
    expect(datesIn('subscribed before me on Dec, 20, 2025, by Grace Whitaker')).toMatchObject([
      { day: '2025-12-20', start: 24 },
    ]);
  });

  it('reads a day written before its month, with its ordinal or a speck beside it', () => {
    expect(datesIn('sworn before me on 19th December 2025, by')).toMatchObject([
      { day: '2025-12-19', start: 19 },
    ]);
    // As OCR read a held-out scan's jurat: "19 December 2025" with a speck of the stamp.
    expect(datesIn('before me on 19% December 2025, by Grace Whitaker')).toMatchObject([
      { day: '2025-12-19', start: 13 },
    ]);
    expect(datesIn('on 19 December 2025')).toMatchObject([{ day: '2025-12-19' }]);
  });
});
