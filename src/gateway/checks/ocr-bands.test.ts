import { describe, expect, it } from 'vitest';
import type { OcrPage, OcrWord } from './ocr.ts';
import { withBandsReread } from './ocr-bands.ts';

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

describe('withBandsReread', () => {
  it('replaces the header and footer words with each band’s own reading', async () => {
    const page = [word('File Me. KB-2025-27508', 20), word('Body', 400), word('Pagc 1 of 2', 770)];
    // The footer band starts at 700: its words come back at y from the band's top.
    const { read, asked } = reader([word('File No. KB-2025-27598', 20)], [word('Page 1 of 2', 70)]);
    const words = await withBandsReread(read, image, 1, page);
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
    const words = await withBandsReread(read, image, 1, page);
    expect(words.map((w) => w.text).sort()).toEqual(['Across', 'Footer', 'Heador'].sort());
  });
});
