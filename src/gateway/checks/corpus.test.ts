import { afterAll, describe, expect, it } from 'vitest';
import type { Check } from '../../contract/checks.ts';
import { DEFECTS, type Defect } from '../../service/seed/defects.ts';
import { renderDocument, renderScan } from '../../service/seed/documents.ts';
import { notaryCommission } from '../../service/seed/certificate.ts';
import { sealPng } from '../../service/seed/notary-images.ts';
import { scanPages } from '../../service/seed/scanner.ts';
import { documentFacts } from '../../service/testing/document-facts.ts';
import { onPostgres } from '../testing/database.ts';
import { documentReader } from './reader.ts';
import { judge } from './rules/index.ts';
import { CAUGHT_BY, cleanVerdict } from './testing/caught-by.ts';
import { checkFacts } from './testing/facts.ts';

// The rules over the service's own generated documents (ADR 042): each defect the generator
// draws is failed by the check bound to it, with a region on the page it names, and a clean
// document is failed by none. The machine may be unsure; it may never pass a defect.

const seal = sealPng({ name: 'Nora Notary', state: 'Texas' });
const otherSeal = sealPng({ name: 'Olive Other', state: 'Texas' });
const reader = documentReader({ ocr: true });
afterAll(() => reader.close());

const facts = checkFacts();

const KINDS = [
  { name: 'an affidavit', title: 'Affidavit of Identity', parties: false },
  { name: 'a power of attorney', title: 'Durable Power of Attorney', parties: true },
];

describe.skipIf(onPostgres())('the checks over generated documents', () => {
  for (const kind of KINDS) {
    it(`fail no item of a clean document: ${kind.name}`, async () => {
      const { bytes } = await renderDocument(
        documentFacts({ title: kind.title, notarySeal: seal, agentName: 'Sam Agent' }),
      );
      const verdicts = judge(await reader.read(bytes, seal), facts);
      for (const [check, judgement] of Object.entries(verdicts)) {
        // An affidavit grants no power: its parties' checks have nothing to read.
        const expected = cleanVerdict(check, kind.parties);
        expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe(expected);
      }
      expect(verdicts.seal.onFile?.similarity).toBeGreaterThan(0.75);
    });

    for (const defect of DEFECTS.filter((d) => d !== 'changed-after-signing')) {
      it(`fail ${defect} in ${kind.name}, where it is, and nothing else`, async () => {
        const { bytes, layout } = await renderDocument(
          documentFacts({
            title: kind.title,
            notarySeal: seal,
            otherNotarySeal: otherSeal,
            agentName: 'Sam Agent',
            defects: [defect],
          }),
        );
        const verdicts = judge(await reader.read(bytes, seal), facts);
        const expected = CAUGHT_BY[defect as keyof typeof CAUGHT_BY];
        const shown = layout.defects?.find((d) => d.kind === defect)?.regions ?? [];
        for (const check of expected) {
          const judgement = verdicts[check as keyof typeof verdicts];
          expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe('fail');
          // Its regions overlap where the generator drew the defect.
          const overlaps = judgement.regions.some((r) =>
            shown.some(
              (s) =>
                s.page === r.page &&
                r.x < s.x + s.width &&
                s.x < r.x + r.width &&
                r.y < s.y + s.height &&
                s.y < r.y + r.height,
            ),
          );
          expect(
            overlaps,
            `${check}: ${JSON.stringify(judgement.regions)} vs ${JSON.stringify(shown)}`,
          ).toBe(true);
        }
        for (const [check, judgement] of Object.entries(verdicts)) {
          if (!expected.includes(check as Check))
            expect(judgement.verdict, `${check}: ${judgement.reason}`).not.toBe('fail');
        }
      });
    }
  }

  it(
    'read a wet-ink scan by OCR, and never pass what it cannot read',
    // Four scans read by OCR: some 20 s on a quiet two-core machine, three times that beside
    // two busy loops.
    { timeout: 180_000 },
    async () => {
      // The scanner's pages are images only: every word is OCR's.
      const scan = async (defects: Defect[]) => ({
        bytes: await scanPages(
          (
            await renderScan({
              matterReference: facts.matterReference,
              signerName: 'Jose Alvarez',
              notaryName: 'Nora Notary',
              notarySeal: seal,
              otherNotarySeal: otherSeal,
              state: 'Texas',
              defects,
            })
          ).bytes,
          7,
        ),
      });
      const scanFacts = { ...facts, signedOn: '2026-01-02' };
      // Judged in the reader's thread, as the gateway's checker has it: the seals' letters
      // are read there too.
      const judged = async (defects: Defect[]) => {
        const done = await reader.judge((await scan(defects)).bytes, seal, scanFacts);
        if (!done.judged) throw new Error('the reader did not judge');
        // The scanner's pages are images only: every word is OCR's.
        expect(done.read.pages.every((p) => p.source === 'ocr')).toBe(true);
        return done.judged;
      };
      const clean = await judged([]);
      for (const [check, judgement] of Object.entries(clean)) {
        expect(judgement.verdict, `${check}: ${judgement.reason}`).not.toBe('fail');
      }
      expect(clean['matter-reference'].verdict).toBe('pass');
      // The stamp compared with the one on file at the scan's sharpness: the notary's own.
      expect(clean.seal.verdict, clean.seal.reason).toBe('pass');
      // Another notary's: its commission number, read on the stamp and on the seal on file,
      // tells it apart, however alike the two look.
      const own = notaryCommission('Nora Notary').number;
      const stranger = await judged(['other-seal']);
      expect(stranger.seal.verdict, stranger.seal.reason).toBe('fail');
      expect(stranger.seal.reason).toContain(
        `The seal's number reads ${notaryCommission('Olive Other').number}; Nora Notary's seal on file reads ${own}`,
      );
      const unsigned = await judged(['unsigned']);
      expect(unsigned.signatures.verdict).not.toBe('pass');
      const blank = await judged(['blank-county']);
      expect(blank.venue.verdict).not.toBe('pass');
    },
  );

  it('say unsure, with the reason, of a document that is not a PDF', async () => {
    await expect(reader.read(new TextEncoder().encode('not a pdf at all'))).rejects.toThrow(
      /PDF|Invalid/i,
    );
    // The reader is still there for the next document.
    const { bytes } = await renderDocument(documentFacts({ notarySeal: seal }));
    expect((await reader.read(bytes, seal)).pageCount).toBe(3);
  });
});
