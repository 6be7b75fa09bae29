import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPng } from '../../service/seed/notary-images.ts';
import { onPostgres } from '../testing/database.ts';
import type { DocumentRead } from './document-read.ts';
import { documentReader, ReadFailed } from './reader.ts';
import { judge } from './rules/index.ts';
import {
  corruptPdf,
  encryptedPdf,
  imageBombPdf,
  jpegBombPdf,
  manyPagesPdf,
  plainPdf,
  truncatedPdf,
} from './testing/hostile-pdfs.ts';
import { cleanVerdict } from './testing/caught-by.ts';
import { checkFacts } from './testing/facts.ts';
import { renderSecondLayout } from './testing/second-layout.ts';

// Bad input (ADR 042): what the gateway may be handed in place of a document. The reader
// either refuses it with a reason (the checker makes every item unsure, "the document could
// not be read: …") or reads it and the checks are unsure of it; its thread may end, the
// gateway's never does, and the next document is read as any other.

const seal = sealPng({ name: 'Priya Raman', state: 'Ohio' });
const reader = documentReader({ ocr: true, timeoutMs: 30_000 });
afterAll(() => reader.close());

const facts = checkFacts({
  matterReference: 'FN-2025-04417',
  signer: { userId: 'signer', name: 'Marta Lindqvist' },
  notary: { userId: 'notary', name: 'Priya Raman', sealOnFile: true },
});

let normal: Uint8Array;
beforeAll(async () => {
  const document = await renderSecondLayout({
    matterReference: facts.matterReference,
    signerName: 'Marta Lindqvist',
    notaryName: 'Priya Raman',
    state: 'Ohio',
    county: 'Franklin',
    date: '2026-03-04',
    seal,
    pages: 2,
  });
  normal = document.bytes;
});

const jpeg = () => {
  const canvas = createCanvas(240, 160);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 240, 160);
  g.fillStyle = '#223';
  g.fillRect(20, 20, 120, 60);
  return new Uint8Array(canvas.encodeSync('jpeg', 80));
};

/** The reader's answer: what it read, or why it could not. */
const outcome = (pdf: Uint8Array) =>
  reader.read(pdf, seal).then(
    (read): { read: DocumentRead } => ({ read }),
    (error: unknown): { error: unknown } => ({ error }),
  );

/** After whatever came before, a normal document is read and passes. */
async function readsNormally() {
  const verdicts = judge(await reader.read(normal.slice(), seal), facts);
  for (const [check, judgement] of Object.entries(verdicts))
    expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe(cleanVerdict(check, false));
}

const REFUSED: [string, () => Promise<Uint8Array> | Uint8Array, RegExp][] = [
  [
    'an encrypted PDF whose password the gateway does not have',
    async () => encryptedPdf(await plainPdf(), { userPassword: 'hunter2' }),
    /password/i,
  ],
  ['a corrupt PDF', () => corruptPdf(normal), /invalid|pdf/i],
  ['a truncated PDF', () => truncatedPdf(normal), /invalid|pdf/i],
  ['a JPEG named .pdf', jpeg, /invalid|pdf/i],
  [
    'a JPEG whose frame says 40,000 by 40,000 where its PDF dictionary says 100 by 100',
    () => jpegBombPdf(jpeg()),
    /memory|too long|stopped|allocation|invalid|image/i,
  ],
];

describe.skipIf(onPostgres())('the reader given bad input', () => {
  for (const [name, make, reason] of REFUSED) {
    it(`refuses ${name}, with the reason, and reads the next document`, async () => {
      const got = await outcome(await make());
      if ('read' in got) {
        // Read after all: then the checks may not pass what they could not see.
        for (const [check, judgement] of Object.entries(judge(got.read, facts)))
          expect(judgement.verdict, `${check}: ${judgement.reason}`).not.toBe('pass');
      } else {
        expect(got.error).toBeInstanceOf(ReadFailed);
        expect(String((got.error as Error).message)).toMatch(reason);
      }
      await readsNormally();
    });
  }

  it('reads an encrypted PDF that anyone may open (no user password) as any other', async () => {
    const pdf = await encryptedPdf(await plainPdf(), { userPassword: '' });
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Encrypt \d+ 0 R/);
    const read = await reader.read(pdf, seal);
    expect(read.pages[0]?.words.map((w) => w.text)).toContain('File No.: FN-2025-04417');
    const verdicts = judge(read, facts);
    expect(verdicts['matter-reference'].verdict).toBe('pass');
    // No signature line, seal or venue on it: unsure, never fail.
    for (const check of ['signatures', 'seal', 'venue', 'names', 'dates'] as const)
      expect(verdicts[check].verdict).toBe('unsure');
  });

  it('reads 500 pages no further than its limit, and is unsure of all of it', async () => {
    const started = performance.now();
    const read = await reader.read(await manyPagesPdf(500), seal);
    expect(read.pageCount).toBe(500);
    expect(read.pages.length).toBeLessThan(read.pageCount);
    expect(performance.now() - started).toBeLessThan(10_000);
    for (const [check, judgement] of Object.entries(judge(read, facts)))
      expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe('unsure');
    await readsNormally();
  });

  it(
    'does not decode an image declared 40,000 by 40,000, and passes nothing on its page',
    { timeout: 30_000 },
    async () => {
      const got = await outcome(await imageBombPdf(40_000));
      if ('read' in got) {
        const verdicts = judge(got.read, facts);
        for (const [check, judgement] of Object.entries(verdicts))
          expect(judgement.verdict, `${check}: ${judgement.reason}`).not.toBe('pass');
      } else expect(got.error).toBeInstanceOf(ReadFailed);
      await readsNormally();
    },
  );

  // pdf.js leaves such an image out with only a warning: the page must not read as blank.
  it(
    'is unsure, not failing, of a page whose only image was too large to draw',
    { timeout: 30_000 },
    async () => {
      const got = await outcome(await imageBombPdf(40_000));
      if ('error' in got) return;
      const verdicts = judge(got.read, facts);
      for (const [check, judgement] of Object.entries(verdicts))
        expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe('unsure');
    },
  );
});
