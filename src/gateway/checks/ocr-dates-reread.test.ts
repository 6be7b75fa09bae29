import { describe, expect, it } from 'vitest';
import type { Word } from './document-read.ts';
import type { OcrPage, OcrWord } from './ocr.ts';
import { withDoubtfulDatesReread } from './ocr-dates-reread.ts';

// A date read with doubt, read again magnified: sure where the second read is the same day,
// every word of it sure; as it was where the second read says anything else.

/** A page 300 by 400 points drawn at 3 pixels a point. */
const image = { gray: new Uint8Array(900 * 1200).fill(255), width: 900, height: 1200 };
const word = (text: string, x: number, confidence: number, line = 4): Word => ({
  text,
  x,
  y: 200,
  width: text.length * 6,
  height: 10,
  confidence,
  line,
});
/** "Signed on December 19, 2025" with its day read at 71%. */
const dated = () => [
  word('Signed', 20, 96),
  word('on', 60, 95),
  word('December', 80, 94),
  word('19,', 135, 71),
  word('2025', 160, 93),
];

/** A reader answering each part with `answers` in turn, and what it was asked. */
function reader(...answers: OcrWord[][]) {
  const asked: { width: number; height: number; ppp: number }[] = [];
  const read = (_: Uint8Array, width: number, height: number, ppp: number): Promise<OcrPage> => {
    asked.push({ width, height, ppp });
    return Promise.resolve({ words: answers.shift() ?? [], confidence: 90 });
  };
  return { read, asked };
}
const again = (texts: [string, number][]): OcrWord[] =>
  texts.map(([text, confidence], i) => ({
    ...word(text, i * 20, confidence, 0),
    confidence,
    line: 0,
  }));

describe('withDoubtfulDatesReread', () => {
  it('makes a doubtful date sure where a second read, twice as large, is the same day surely', async () => {
    // Its day read surely, its year less so: each word as sure as its surer read ("19" is
    // the "19," read before, a mark aside).
    const { read, asked } = reader(
      again([
        ['December', 97],
        ['19', 95],
        ['2025,', 85],
      ]),
    );
    const words = await withDoubtfulDatesReread(read, image, 3, dated());
    expect(words.find((w) => w.text === '19,')?.confidence).toBe(95);
    expect(words.find((w) => w.text === '2025')?.confidence).toBe(93);
    expect(words.find((w) => w.text === 'December')?.confidence).toBe(97);
    // The others are as they were: the page's text and places are the first read's.
    expect(words.map((w) => w.text)).toEqual(dated().map((w) => w.text));
    expect(words.find((w) => w.text === 'Signed')?.confidence).toBe(96);
    // Only the date, padded, magnified: (135+24+12 - (80-12)) points by (10+12) at 6 px a point.
    expect(asked).toHaveLength(1);
    expect(asked[0]?.ppp).toBe(6);
    expect(asked[0]?.height).toBe(22 * 6);
  });

  it('leaves the doubt where the second read is another day, unsure of it, or no date', async () => {
    for (const answer of [
      again([
        ['December', 97],
        ['17,', 95],
        ['2025', 96],
      ]),
      again([
        ['December', 97],
        ['19,', 80],
        ['2025', 96],
      ]),
      again([['Decemb', 60]]),
      [],
    ]) {
      const { read } = reader(answer);
      const words = await withDoubtfulDatesReread(read, image, 3, dated());
      expect(words.find((w) => w.text === '19,')?.confidence).toBeLessThan(90);
    }
  });

  it('reads nothing again where every date was read surely, or a page has none', async () => {
    const sure = dated().map((w) => ({ ...w, confidence: 95 }));
    const { read, asked } = reader();
    expect(await withDoubtfulDatesReread(read, image, 3, sure)).toEqual(sure);
    expect(await withDoubtfulDatesReread(read, image, 3, [word('Witness', 20, 40)])).toHaveLength(
      1,
    );
    expect(asked).toEqual([]);
  });
});
