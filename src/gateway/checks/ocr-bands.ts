import type { Word } from './document-read.ts';
import type { OcrPage } from './ocr.ts';

// A page's header and footer read again, each band on its own (ADR 042). Read with the whole
// page, Tesseract's layout pass takes a header's small print for part of a block around it and
// misreads a digit or a letter of it ("File Me. KB-2025-27508"); the same band read alone
// reads it right (all ten references a held-out corpus of scans had misread), for about a
// tenth of the page's time. The header carries the matter reference, the footer "Page N of M".

/** The top and the bottom eighth of the page: where a header and a footer are printed. */
const BAND = 1 / 8;
/** A band's own line numbers, clear of the page's. */
const HEADER_LINES = 100_000;
const FOOTER_LINES = 200_000;

type Read = (gray: Uint8Array, width: number, height: number, ppp: number) => Promise<OcrPage>;

interface Image {
  gray: Uint8Array;
  width: number;
  height: number;
}

/**
 * `words` (the whole page's reading of `image`, drawn at `ppp` pixels a point) with those in
 * the header and footer bands replaced by each band's own reading. A word that crosses a
 * band's inner edge is the page's: the band's reading of it, cut off, is left out.
 */
export async function withBandsReread(
  read: Read,
  image: Image,
  ppp: number,
  words: readonly Word[],
): Promise<Word[]> {
  const rows = Math.floor(image.height * BAND);
  if (rows < 1) return [...words];
  const bands = [
    { top: 0, lines: HEADER_LINES },
    { top: image.height - rows, lines: FOOTER_LINES },
  ];
  const kept = [...words];
  for (const band of bands) {
    const gray = image.gray.subarray(band.top * image.width, (band.top + rows) * image.width);
    const again = await read(gray, image.width, rows, ppp);
    const [top, bottom] = [band.top / ppp, (band.top + rows) / ppp];
    // Inside the band, clear of its inner edge (a pixel's width of slack).
    const inner = band.top === 0 ? bottom - 1 / ppp : top + 1 / ppp;
    const inside = (word: Word) =>
      band.top === 0 ? word.y + word.height <= inner : word.y >= inner;
    const reread = again.words
      .map((word) => ({ ...word, y: word.y + top, line: (word.line ?? 0) + band.lines }))
      .filter(inside);
    // Nothing read there the second time: the page's reading stands.
    if (reread.length === 0) continue;
    const rest = kept.filter((word) => !inside(word));
    kept.length = 0;
    kept.push(...rest, ...reread);
  }
  return kept;
}
