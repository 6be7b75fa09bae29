import { describe, expect, it } from 'vitest';
import type { DocumentRead, PageRead } from '../document-read.ts';
import type { CheckFacts } from './judgement.ts';
import { matterReference, pagesComplete } from './pages.ts';
import { venue } from './venue.ts';
import { dates, names, signatures } from './signing.ts';

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

/**
 * A page of words at (x, y) (read with a confidence, where one is given), with horizontal
 * rules drawn at `rules` (x, y, width), in points.
 */
function page(
  words: [string, number, number, number?][],
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
        words: words.map(([text, x, y, confidence]) => ({
          text,
          x,
          y,
          width: 6 * text.length,
          height: 10,
          ...(confidence !== undefined && { confidence }),
        })),
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
    // "Page i of 2" (an i for the 1), and "Page 2of 2" read as "20f 2": not page 20 of 2,
    // but 2 and a misread "of".
    const lettered = pagesComplete(footers('Page i of 2', 'Page 2 of 2'), facts);
    expect(lettered.verdict, lettered.reason).toBe('pass');
    const run = pagesComplete(footers('Page 1 of 2', 'Page 20f 2'), facts);
    expect(run.verdict, run.reason).toBe('pass');
    // A number past the count with no other reading: a person looks.
    const past = pagesComplete(footers('Page 1 of 2', 'Page 27 of 2'), facts);
    expect(past.verdict, past.reason).toBe('unsure');
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

  it('finds the printed name among the lines OCR made of a seal stamped over it', () => {
    // Held-out scans: the seal's ring read as a line a few points above the notary's name.
    const notary = { userId: 'n', name: 'Curtis Mwangi', sealOnFile: true };
    const notarized = { ...facts, notary };
    const certificate = (name: string) =>
      page(
        [
          ['Ingrid Bauer', 72, 365],
          ['|, sexes |, |', 330, 503],
          [name, 330, 515],
          ['Notary Public, State of Illinois', 330, 527],
        ],
        [
          [72, 360, 200],
          [330, 500, 200],
        ],
      );
    const named = names(certificate('Curtis Mwangi'), notarized);
    expect(named.verdict, named.reason).toBe('pass');
    // Another notary's name under the line is not passed for the stamp beside it.
    expect(names(certificate('Owen Oduya'), notarized).verdict).not.toBe('pass');
  });

  it('reads the signature date over its rule past the signature OCR read beside it', () => {
    const dated = (date: string) =>
      page(
        [
          ['Jol {dor', 72, 300],
          [date, 330, 312],
          ['Ingrid Bauer', 72, 328],
          ['Date', 330, 328],
          ['Sworn to and subscribed before me on January 2, 2026, by Ingrid Bauer.', 72, 360],
        ],
        [
          [72, 324, 200],
          [330, 324, 150],
        ],
      );
    const agreeing = dates(dated('January 2. 2026'), { ...facts, signedOn: '2026-01-02' });
    expect(agreeing.verdict, agreeing.reason).toBe('pass');
    const later = dates(dated('January 9, 2026'), { ...facts, signedOn: '2026-01-02' });
    expect(later.verdict, later.reason).not.toBe('pass');
  });

  it('fails a date a digit from the other that OCR read surely, and asks for a look where not', () => {
    const notarizedOn = (confidence: number) =>
      dates(
        page(
          [
            ['January 2, 2026', 330, 312, 96],
            ['Date', 330, 328, 96],
            [
              'Sworn to and subscribed before me on January 4, 2026, by Ingrid Bauer.',
              72,
              360,
              confidence,
            ],
          ],
          [[330, 324, 150]],
        ),
        { ...facts, signedOn: '2026-01-02', notaryRequired: true },
      );
    const sure = notarizedOn(96);
    expect(sure.verdict, sure.reason).toBe('fail');
    expect(sure.reason).toMatch(/notarized on January 4, 2026/);
    const doubtful = notarizedOn(70);
    expect(doubtful.verdict, doubtful.reason).toBe('unsure');
    expect(doubtful.reason).toMatch(/a digit from January 2, 2026/);
    // A signature date OCR was unsure of that is the request's own day is no misread: the
    // notarization, read surely, two days later, still fails.
    const signedUnsurely = dates(
      page(
        [
          ['January 2, 2026', 330, 312, 60],
          ['Date', 330, 328, 96],
          ['Sworn to and subscribed before me on January 4, 2026, by Ingrid Bauer.', 72, 360, 96],
        ],
        [[330, 324, 150]],
      ),
      { ...facts, signedOn: '2026-01-02', notaryRequired: true },
    );
    expect(signedUnsurely.verdict, signedUnsurely.reason).toBe('fail');
  });

  it('reads a venue left blank as blank, its "ss:" misread or not, and a half-read one as unsure', () => {
    const county = (text: string) =>
      venue(
        page([
          ['State of Texas', 72, 100, 95],
          [text, 72, 114, 90],
        ]),
        facts,
      );
    for (const blank of ['County of _____, ss:', 'County of _____, BS!']) {
      const read = county(blank);
      expect(read.verdict, `${blank}: ${read.reason}`).toBe('fail');
    }
    for (const specked of ['County of ___ e _____', 'County of ____ ) 55.']) {
      const read = county(specked);
      expect(read.verdict, `${specked}: ${read.reason}`).toBe('unsure');
    }
    const filled = county('County of Fulton, ss:');
    expect(filled.verdict, filled.reason).toBe('pass');
  });

  it('marks a blank read as nothing at all where its field is: to the right of the label', () => {
    // A scan's rule is no text: OCR reads "County of" and nothing after it.
    const read = venue(
      page([
        ['State of Texas', 72, 100, 95],
        ['County of', 72, 114, 92],
      ]),
      facts,
    );
    expect(read.verdict, read.reason).toBe('fail');
    const [region] = read.regions;
    // The label (54 points) and the field after it, where a person looks for the county.
    const right = (region?.x ?? 0) + (region?.width ?? 0);
    expect(region?.x).toBeLessThanOrEqual(72);
    expect(right).toBeGreaterThanOrEqual(72 + 54 + 100);
    expect(right).toBeLessThanOrEqual(612);
  });
});
