import type { Word } from './document-read.ts';
import { cut, type GrayImage as Image, type OcrRead as Read, type Part } from './ocr-image.ts';
import { distance } from './rules/pages.ts';
import { fold } from './rules/page-text.ts';

// Parts of a page read again, each on its own (ADR 042). Read with the whole page, Tesseract's
// layout pass takes small print or a short line apart from the rest for part of a block
// around it, and misreads it or leaves it out; the same part read alone reads it right:
// - the header and the footer ("File Me. KB-2025-27508"; all ten references a held-out corpus
//   of scans had misread), which carry the matter reference and "Page N of M";
// - the date written over a rule labelled "Date", beside a signature (three of the dates a
//   held-out corpus of scans had no reading of at all).
// Each costs about a tenth of the page's time.

/** The top and the bottom eighth of the page: where a header and a footer are printed. */
const BAND = 1 / 8;
/** Each part's own line numbers, clear of the page's and of each other's. */
const LINES = 100_000;
/** Above a "Date" label: its rule, and what is written over it (points). */
const DATE_ABOVE = 34;
const DATE_WIDTH = 170;

/** "Date" as OCR reads it under a rule, one letter of it maybe misread ("Dale"). */
const isDateLabel = (word: Word) => {
  const text = fold(word.text);
  return text.length === 4 && distance(text, 'date') <= 1;
};

/** The parts of `image` read again: its header and footer bands, and over each "Date". */
function partsOf(image: Image, ppp: number, words: readonly Word[]): Part[] {
  const rows = Math.floor(image.height * BAND);
  const parts: Part[] = [];
  if (rows >= 1) {
    parts.push({ left: 0, top: 0, width: image.width, height: rows });
    parts.push({ left: 0, top: image.height - rows, width: image.width, height: rows });
  }
  for (const label of words.filter(isDateLabel)) {
    const left = Math.max(0, Math.floor((label.x - 8) * ppp));
    const top = Math.max(0, Math.floor((label.y - DATE_ABOVE) * ppp));
    const right = Math.min(image.width, Math.ceil((label.x + DATE_WIDTH) * ppp));
    const bottom = Math.min(image.height, Math.floor((label.y - 1) * ppp));
    if (right - left >= 1 && bottom - top >= 1) {
      parts.push({ left, top, width: right - left, height: bottom - top });
    }
  }
  return parts;
}

/**
 * `words` (the whole page's reading of `image`, drawn at `ppp` pixels a point) with those in
 * each part read again replaced by the part's own reading. A word that crosses a part's
 * inner edge (one that is not the page's) is the page's: the part's reading of it, cut off,
 * is left out. A part read as nothing changes nothing.
 */
export async function withPartsReread(
  read: Read,
  image: Image,
  ppp: number,
  words: readonly Word[],
): Promise<Word[]> {
  const kept = [...words];
  for (const [at, part] of partsOf(image, ppp, words).entries()) {
    const again = await read(cut(image, part), part.width, part.height, ppp);
    // Its edges in points, a pixel inside where the edge is not the page's.
    const slack = 1 / ppp;
    const left = part.left / ppp + (part.left > 0 ? slack : -Infinity);
    const top = part.top / ppp + (part.top > 0 ? slack : -Infinity);
    const right =
      (part.left + part.width) / ppp - (part.left + part.width < image.width ? slack : -Infinity);
    const bottom =
      (part.top + part.height) / ppp - (part.top + part.height < image.height ? slack : -Infinity);
    const inside = (word: Word) =>
      word.x >= left &&
      word.y >= top &&
      word.x + word.width <= right &&
      word.y + word.height <= bottom;
    const reread = again.words
      .map((word) => ({
        ...word,
        x: word.x + part.left / ppp,
        y: word.y + part.top / ppp,
        line: (word.line ?? 0) + (at + 1) * LINES,
      }))
      .filter(inside);
    // Nothing read there the second time: the page's reading stands.
    if (reread.length === 0) continue;
    const rest = kept.filter((word) => !inside(word));
    kept.length = 0;
    kept.push(...rest, ...reread);
  }
  return kept;
}
