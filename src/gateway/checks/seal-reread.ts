import { createHash } from 'node:crypto';
import type { CheckFacts, DocumentRead, InkMap, SealText } from './document-read.ts';
import { resized, type OcrRead as Read } from './ocr-image.ts';
import { stampedSeal } from './rules/seal.ts';

// The seal stamped on a scanned certificate read by OCR on its own, and the seal on file the
// same way (ADR 042): what is printed on them (a commission number) tells whose seal it is
// where their likeness cannot (rules/seal-text.ts). Read with the whole page, a seal stamped
// over the certificate's text came out as fragments of both. A small read in the thread that
// read the page, about a tenth of the page's time; a notary's seal on file is read once.

/** Around the ink found, so that no letter at its edge is cut off (points). */
const MARGIN = 4;

/** `ink`'s pixels in [x0, x1) x [y0, y1) as gray (255 is paper). */
function grayOf(ink: InkMap, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const width = x1 - x0;
  const gray = new Uint8Array(width * (y1 - y0));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++)
      gray[(y - y0) * width + x - x0] = 255 - ink.dark[y * ink.width + x]!;
  }
  return gray;
}

/** `ink` drawn at `width` x `height` (bilinear), as gray. */
function resizedInk(ink: InkMap, width: number, height: number): Uint8Array {
  const dark = resized({ gray: ink.dark, width: ink.width, height: ink.height }, width, height);
  return dark.map((v) => 255 - v);
}

/** Words, a line of text to each line OCR found. */
function textOf(words: readonly { text: string; line?: number }[]): string {
  const lines = new Map<number, string[]>();
  for (const word of words) {
    const line = word.line ?? 0;
    lines.set(line, [...(lines.get(line) ?? []), word.text]);
  }
  return [...lines.values()].map((line) => line.join(' ')).join('\n');
}

/**
 * The seal on file drawn as a stamp of an inch and a half is at OCR's resolution (3 px/pt):
 * its letters about as large as a stamp's on a scan.
 */
const ON_FILE_WIDTH = 324;
/** Readings of seals on file, by their pixels: one notary's seal is read once. */
const onFileReadings = new Map<string, string>();
const ON_FILE_KEPT = 64;

async function onFileText(file: InkMap, ocr: Read): Promise<string> {
  const key = createHash('sha256').update(file.dark).digest('base64');
  const known = onFileReadings.get(key);
  if (known !== undefined) return known;
  const [width, height] = [
    ON_FILE_WIDTH,
    Math.max(1, Math.round((ON_FILE_WIDTH * file.height) / file.width)),
  ];
  const text = textOf((await ocr(resizedInk(file, width, height), width, height, 3)).words);
  if (onFileReadings.size >= ON_FILE_KEPT)
    onFileReadings.delete(onFileReadings.keys().next().value!);
  onFileReadings.set(key, text);
  return text;
}

/**
 * What OCR reads in the seal stamped on the certificate's page, where that page was read by
 * OCR (a scan), and in the seal on file; undefined where there is no such seal to read.
 */
export async function readSealText(
  read: DocumentRead,
  facts: CheckFacts,
  ocr: Read,
): Promise<SealText | undefined> {
  if (!read.sealOnFile) return undefined;
  const stamped = stampedSeal(read, facts);
  const found = stamped?.found;
  if (!found || stamped.page.source !== 'ocr' || !stamped.page.detail) return undefined;
  const { ink } = stamped;
  const s = ink.scale;
  const x0 = Math.max(0, Math.floor((found.box.x - MARGIN) * s));
  const y0 = Math.max(0, Math.floor((found.box.y - MARGIN) * s));
  const x1 = Math.min(ink.width, Math.ceil((found.box.x + found.box.width + MARGIN) * s));
  const y1 = Math.min(ink.height, Math.ceil((found.box.y + found.box.height + MARGIN) * s));
  if (x1 - x0 < 8 || y1 - y0 < 8) return undefined;
  const onStamp = await ocr(grayOf(ink, x0, y0, x1, y1), x1 - x0, y1 - y0, s);
  const { box } = found;
  const outside = stamped.page.words.filter(
    (w) =>
      w.x < box.x ||
      w.y < box.y ||
      w.x + w.width > box.x + box.width ||
      w.y + w.height > box.y + box.height,
  );
  return {
    stamped: textOf(onStamp.words),
    onFile: await onFileText(read.sealOnFile, ocr),
    printed: textOf(outside),
  };
}
