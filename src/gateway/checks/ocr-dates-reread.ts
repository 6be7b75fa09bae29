import type { Word } from './document-read.ts';
import type { OcrPage } from './ocr.ts';
import { datesIn } from './rules/page-text.ts';
import { SURE } from './rules/signing.ts';

// A date OCR read with doubt, read again magnified (ADR 042). The dates check leaves a date a
// digit from the one it should be to a person when OCR was less than sure of it ("read it
// again"): most such dates are real defects, read right. Read a second time, alone and twice
// as large, a date printed as it was read comes out the same and surely; a misread mostly
// does not. Only agreement counts: where the second read is the same day, each word of the
// date it read the same is as sure as the surer of the two reads. A second read that says
// anything else changes nothing, so the doubt stays, and no date is ever passed on the
// second read alone.

/** Around a date's words (points): its line's height, and a letter or two either side. */
const PAD_X = 12;
const PAD_Y = 6;
/** Read again this much larger, smoothed. */
const MAGNIFY = 2;

type Read = (gray: Uint8Array, width: number, height: number, ppp: number) => Promise<OcrPage>;

interface Image {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** A word's letters and digits, lower case. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A line's words left to right, its text, and where each word is in that text. */
function lineOf(words: readonly Word[]) {
  const sorted = [...words].sort((a, b) => a.x - b.x);
  let text = '';
  const spans = sorted.map((word) => {
    if (text) text += ' ';
    const start = text.length;
    text += word.text;
    return { word, start, end: text.length };
  });
  return { text, spans };
}

/** Each date of a line, with the words that hold it. */
function datesOf(words: readonly Word[]) {
  const { text, spans } = lineOf(words);
  return datesIn(text).map((date) => ({
    day: date.day,
    words: spans.filter((s) => s.start < date.end && s.end > date.start).map((s) => s.word),
  }));
}

/** Bilinear: `factor` times larger each way. */
function magnify(image: Image, factor: number): Image {
  const width = image.width * factor;
  const height = image.height * factor;
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      const at = (px: number, py: number) => image.gray[py * image.width + px]!;
      const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
      const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
      gray[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { gray, width, height };
}

/** The box of `words` (points), padded, in whole pixels of `image` drawn at `ppp`. */
function cutAround(image: Image, ppp: number, words: readonly Word[]): Image | undefined {
  const left = Math.max(0, Math.floor((Math.min(...words.map((w) => w.x)) - PAD_X) * ppp));
  const top = Math.max(0, Math.floor((Math.min(...words.map((w) => w.y)) - PAD_Y) * ppp));
  const right = Math.min(
    image.width,
    Math.ceil((Math.max(...words.map((w) => w.x + w.width)) + PAD_X) * ppp),
  );
  const bottom = Math.min(
    image.height,
    Math.ceil((Math.max(...words.map((w) => w.y + w.height)) + PAD_Y) * ppp),
  );
  const [width, height] = [right - left, bottom - top];
  if (width < 1 || height < 1) return undefined;
  const gray = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const from = (top + row) * image.width + left;
    gray.set(image.gray.subarray(from, from + width), row * width);
  }
  return { gray, width, height };
}

/**
 * `words` (a page's reading of `image`, drawn at `ppp` pixels a point), with each date read
 * with doubt read again: sure where the second read agrees, as it was otherwise.
 */
export async function withDoubtfulDatesReread(
  read: Read,
  image: Image,
  ppp: number,
  words: readonly Word[],
): Promise<Word[]> {
  const lines = new Map<number, Word[]>();
  for (const word of words) {
    if (word.line === undefined) continue;
    lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  }
  const surer = new Map<Word, number>();
  for (const line of lines.values()) {
    for (const date of datesOf(line)) {
      if (date.words.every((w) => (w.confidence ?? 0) >= SURE)) continue;
      const part = cutAround(image, ppp, date.words);
      if (!part) continue;
      const again = await read(
        magnify(part, MAGNIFY).gray,
        part.width * MAGNIFY,
        part.height * MAGNIFY,
        ppp * MAGNIFY,
      );
      const byLine = new Map<number, Word[]>();
      for (const w of again.words) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
      const reread = [...byLine.values()].flatMap(datesOf);
      // The one date read there, the same day: each of its words read the same both times
      // (marks beside them aside: "19%" is "19") is as sure as the surer read of it.
      const [only] = reread;
      if (reread.length !== 1 || only?.day !== date.day) continue;
      for (const w of date.words) {
        const same = only.words.filter((x) => bare(x.text) === bare(w.text));
        const best = Math.max(w.confidence ?? 0, ...same.map((x) => x.confidence ?? 0));
        if (best > (w.confidence ?? 0)) surer.set(w, best);
      }
    }
  }
  return words.map((w) => (surer.has(w) ? { ...w, confidence: surer.get(w)! } : w));
}
