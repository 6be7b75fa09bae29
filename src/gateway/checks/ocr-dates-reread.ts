import type { Word } from './document-read.ts';
import { cut, resized, type GrayImage as Image, type OcrRead as Read } from './ocr-image.ts';
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
  const part = { left, top, width: right - left, height: bottom - top };
  if (part.width < 1 || part.height < 1) return undefined;
  return { gray: cut(image, part), width: part.width, height: part.height };
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
      const [width, height] = [part.width * MAGNIFY, part.height * MAGNIFY];
      const again = await read(resized(part, width, height), width, height, ppp * MAGNIFY);
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
