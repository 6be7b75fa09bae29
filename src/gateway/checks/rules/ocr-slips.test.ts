import { describe, expect, it } from 'vitest';
import type { DocumentRead, PageRead } from '../document-read.ts';
import type { CheckFacts } from './judgement.ts';
import { matterReference, pagesComplete } from './pages.ts';
import { names, signatures } from './signing.ts';

// What OCR gets wrong on a scan (a letter of a label, half a name, a stray rule) is a reason
// for a person to look, never a fail of a document that may be right; what it reads plainly
// wrong still fails.

const facts: CheckFacts = {
  matterReference: 'KB-2025-19593',
  today: '2026-12-02',
  signer: { userId: 's', name: 'Ingrid Bauer' },
  signatureRequired: true,
  notaryRequired: false,
};

/** A page of words at (x, y), with horizontal rules drawn at `rules` (x, y, width), in points. */
function page(
  words: [string, number, number][],
  rules: [number, number, number][] = [],
  source: PageRead['source'] = 'ocr',
): DocumentRead {
  const [width, height] = [612, 792];
  const dark = new Uint8Array(width * height);
  for (const [x, y, w] of rules) dark.fill(255, y * width + x, y * width + x + w);
  return {
    pageCount: 1,
    pages: [
      {
        page: 1,
        width,
        height,
        source,
        words: words.map(([text, x, y]) => ({ text, x, y, width: 6 * text.length, height: 10 })),
        ink: { width, height, scale: 1, dark },
      },
    ],
  };
}

describe('a scan read by OCR', () => {
  it('is unsure of a reference a label and a few letters misread, and fails another matter', () => {
    const misread = matterReference(page([['Matter Ne.: EB-2025-19583', 400, 30]]), facts);
    expect(misread.verdict, misread.reason).toBe('unsure');
    const other = matterReference(page([['Matter No. KB-2025-27512', 400, 30]]), facts);
    expect(other.verdict, other.reason).toBe('fail');
  });

  it('reads a footer it cannot make a page of as unread, never as a page out of order', () => {
    /** Two pages, each with its footer as OCR read it. */
    const footers = (first: string, second: string, source: PageRead['source'] = 'ocr') => {
      const one = page([[first, 280, 760]], [], source);
      const two = page([[second, 280, 760]], [], source).pages[0]!;
      return { pageCount: 2, pages: [one.pages[0]!, { ...two, page: 2 }] };
    };
    // "Page i of 2" (an i for the 1), and "Page 2of 2" read as page 20 of 2.
    const lettered = pagesComplete(footers('Page i of 2', 'Page 2 of 2'), facts);
    expect(lettered.verdict, lettered.reason).toBe('pass');
    const run = pagesComplete(footers('Page 1 of 2', 'Page 20f 2'), facts);
    expect(run.verdict, run.reason).toBe('unsure');
    // What a text layer says is what the page says: page 20 of 2 is wrong.
    const printed = pagesComplete(footers('Page 1 of 2', 'Page 20 of 2', 'text'), facts);
    expect(printed.verdict, printed.reason).toBe('fail');
  });

  it('is unsure of a printed name OCR half read, where a text layer would fail it', () => {
    const read = (source: PageRead['source']) =>
      page([['Bauer', 72, 505]], [[72, 500, 200]], source);
    const ocr = names(read('ocr'), facts);
    expect(ocr.verdict, ocr.reason).toBe('unsure');
    expect(ocr.reason).toMatch(/Bauer/);
    expect(names(read('text'), facts).verdict).toBe('fail');
  });

  it('is unsure of an empty rule whose label reads as nobody, and fails the signer’s', () => {
    const stray = signatures(page([['Dag', 72, 505]], [[72, 500, 200]]), facts);
    expect(stray.verdict, stray.reason).toBe('unsure');
    expect(stray.regions).toHaveLength(1);
    const signer = signatures(page([['Ingrid Bauer', 72, 505]], [[72, 500, 200]]), facts);
    expect(signer.verdict, signer.reason).toBe('fail');
  });
});
