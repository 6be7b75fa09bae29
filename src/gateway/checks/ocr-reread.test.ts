import { describe, expect, it } from 'vitest';
import type { OcrPage, OcrWord } from './ocr.ts';
import { withPartsReread } from './ocr-reread.ts';

// A page's header and footer read again on their own: their words replace the page's reading
// of them, what crosses a band's edge stays the page's, and a band read as nothing changes
// nothing.

/** A page 80 by 800 points drawn at 1 pixel a point: each band is 100 points high. */
const image = { gray: new Uint8Array(80 * 800), width: 80, height: 800 };
const word = (text: string, y: number, height = 10): OcrWord => ({
  text,
  x: 10,
  y,
  width: 40,
  height,
  confidence: 90,
  line: 0,
});

/** A reader that answers each band (by its height, the same) with `answers` in turn. */
function reader(...answers: OcrWord[][]) {
  const asked: { rows: number; length: number }[] = [];
  const read = (gray: Uint8Array, _width: number, height: number): Promise<OcrPage> => {
    asked.push({ rows: height, length: gray.length });
    return Promise.resolve({ words: answers.shift() ?? [], confidence: 90 });
  };
  return { read, asked };
}

describe('withPartsReread', () => {
  it('replaces the header and footer words with each band’s own reading', async () => {
    const page = [word('File Me. KB-2025-27508', 20), word('Body', 400), word('Pagc 1 of 2', 770)];
    // The footer band starts at 700: its words come back at y from the band's top.
    const { read, asked } = reader([word('File No. KB-2025-27598', 20)], [word('Page 1 of 2', 70)]);
    const words = await withPartsReread(read, image, 1, page);
    expect(words.map((w) => w.text).sort()).toEqual(
      ['Body', 'File No. KB-2025-27598', 'Page 1 of 2'].sort(),
    );
    expect(words.find((w) => w.text === 'Page 1 of 2')?.y).toBe(770);
    // Each band's own lines, apart from the page's and from each other's.
    const lines = new Set(words.map((w) => w.line));
    expect(lines.size).toBe(3);
    expect(asked).toEqual([
      { rows: 100, length: 8000 },
      { rows: 100, length: 8000 },
    ]);
  });

  it('keeps a word across a band’s edge, and the page’s reading where a band reads nothing', async () => {
    const across = word('Across', 95, 10);
    const page = [word('Header', 20), across, word('Footer', 770)];
    // The header band reads the crossing word cut off; the footer band reads nothing.
    const { read } = reader([word('Heador', 20), word('Acr', 95, 5)], []);
    const words = await withPartsReread(read, image, 1, page);
    expect(words.map((w) => w.text).sort()).toEqual(['Across', 'Footer', 'Heador'].sort());
  });
});

describe('withPartsReread, over a date', () => {
  /** A page 600 by 800 points at 1 pixel a point, each pixel a quarter of its column. */
  const wide = {
    gray: Uint8Array.from({ length: 600 * 800 }, (_, i) => (i % 600) / 4),
    width: 600,
    height: 800,
  };
  const at = (text: string, x: number, y: number): OcrWord => ({ ...word(text, y), x });

  it('reads what is written over a rule labelled “Date” again, on its own', async () => {
    // The signature's scribble and the date read as one line, the date lost in it.
    const page = [
      at('~~~', 60, 480),
      at('2l', 360, 480),
      at('Dale', 300, 500),
      at('Body', 60, 600),
    ];
    const asked: { left: number; width: number; height: number }[] = [];
    const read = (gray: Uint8Array, width: number, height: number): Promise<OcrPage> => {
      // Its first pixel's value is its left edge's column: cut where it was meant to be.
      asked.push({ left: (gray[0] ?? -1) * 4, width, height });
      const date = width < 600 ? [{ ...at('March 3, 2026', 12, 18), width: 80 }] : [];
      return Promise.resolve({ words: date, confidence: 90 });
    };
    const words = await withPartsReread(read, wide, 1, page);
    // The two bands, then the part over the label: from 8 points left of it, 34 above.
    expect(asked.slice(2)).toEqual([{ left: 292, width: 178, height: 33 }]);
    const date = words.find((w) => w.text === 'March 3, 2026');
    expect(date).toMatchObject({ x: 304, y: 484 });
    // The page's reading of what is inside the part gives way; what is outside stays.
    expect(words.map((w) => w.text).sort()).toEqual(
      ['Body', 'Dale', 'March 3, 2026', '~~~'].sort(),
    );
  });

  it('reads nothing again where there is no label', async () => {
    let parts = 0;
    const read = () => {
      parts += 1;
      return Promise.resolve({ words: [], confidence: 0 });
    };
    await withPartsReread(read, wide, 1, [at('Dated this day', 300, 500), at('Data', 60, 600)]);
    expect(parts).toBe(3);
  });
});
