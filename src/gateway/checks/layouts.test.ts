import { afterAll, describe, expect, it } from 'vitest';
import type { Check } from '../../contract/checks.ts';
import type { Region } from '../../contract/findings.ts';
import { derOfPem } from '../../service/sealing/pem.ts';
import { changeAfterSeal } from '../../service/sealing/change-after-seal.ts';
import { sealPdf } from '../../service/sealing/seal.ts';
import { loadSealingIdentity } from '../../service/sealing/signing-identity.ts';
import { sealPng } from '../../service/seed/notary-images.ts';
import { scanPages } from '../../service/seed/scanner.ts';
import { onPostgres } from '../testing/database.ts';
import { verifyPdfSignatures } from './pdf-signatures.ts';
import { documentReader } from './reader.ts';
import { alterations, judge, type CheckFacts } from './rules/index.ts';
import {
  renderSecondLayout,
  SECOND_LAYOUT_DEFECTS,
  type SecondLayoutDefect,
  type SecondLayoutFacts,
  type SecondLayoutStyle,
} from './testing/second-layout.ts';
import { CAUGHT_BY, cleanVerdict } from './testing/caught-by.ts';
import { checkFacts } from './testing/facts.ts';

// The rules over a second layout of the project's own (testing/second-layout.ts), as
// corpus.test.ts runs them over the service's: A4 and Legal pages, the reference and the page
// numbers elsewhere and otherwise worded, the signature block on the right, a mixed-case venue,
// the jurat's date in each format the rules read, the seal right of the notary's signature,
// Helvetica and Courier. Each defect is failed by its check, where it is, and by no other;
// a clean document is failed by none. The machine may be unsure; it may never pass a defect.

const seal = sealPng({ name: 'Priya Raman', state: 'Ohio' });
const otherSeal = sealPng({ name: 'Owen Oduya', state: 'Ohio' });
const reader = documentReader({ ocr: true });
afterAll(() => reader.close());

/** Between them the four styles draw every choice the layout has. */
const STYLES: { name: string; pages: number; signer: string; style: SecondLayoutStyle }[] = [
  {
    name: 'A4, Helvetica, File No. and Page N of M at the right, ", ss:", the jurat "this 4th day of"',
    pages: 3,
    signer: 'Marta Lindqvist',
    style: {
      paper: 'a4',
      font: 'helvetica',
      reference: 'file-no',
      numbering: 'top-right',
      venue: 'ss',
      dates: 'day-of',
      signedDate: 'dated',
    },
  },
  {
    name: 'Legal, Courier, Ref. centred, "N of M pages", one page, ISO and US dates',
    pages: 1,
    signer: 'Zoë Brandt-Okafor',
    style: {
      paper: 'legal',
      font: 'courier',
      reference: 'ref-centred',
      numbering: 'of-pages',
      venue: 'plain',
      dates: 'iso',
      signedDate: 'date-line',
    },
  },
  {
    name: 'A4, Courier, "Page N/M", a ") ss:" column, US and "day of" dates',
    pages: 2,
    signer: 'Marta Lindqvist',
    style: {
      paper: 'a4',
      font: 'courier',
      reference: 'file-no',
      numbering: 'slash',
      venue: 'brackets',
      dates: 'us',
      signedDate: 'dated',
    },
  },
  {
    name: 'Legal, Helvetica, Ref. centred, Page N of M at the right, "Mar. 4" and "4 March"',
    pages: 2,
    signer: 'Zoë Brandt-Okafor',
    style: {
      paper: 'legal',
      font: 'helvetica',
      reference: 'ref-centred',
      numbering: 'top-right',
      venue: 'plain',
      dates: 'short-month',
      signedDate: 'date-line',
    },
  },
];

const factsFor = (signer: string): CheckFacts =>
  checkFacts({
    matterReference: 'FN-2025-04417',
    signer: { userId: 'signer', name: signer },
    notary: { userId: 'notary', name: 'Priya Raman', sealOnFile: true },
  });

const documentOf = (signer: string, change: Partial<SecondLayoutFacts>): SecondLayoutFacts => ({
  matterReference: 'FN-2025-04417',
  signerName: signer,
  notaryName: 'Priya Raman',
  state: 'Ohio',
  county: 'Franklin',
  date: '2026-03-04',
  seal,
  otherSeal,
  ...change,
});

const overlaps = (regions: Region[], shown: Region[]) =>
  regions.some((r) =>
    shown.some(
      (s) =>
        s.page === r.page &&
        r.x < s.x + s.width &&
        s.x < r.x + r.width &&
        r.y < s.y + s.height &&
        s.y < r.y + r.height,
    ),
  );

describe.skipIf(onPostgres())('the checks over a second layout', () => {
  for (const { name, pages, signer, style } of STYLES) {
    describe(name, () => {
      const facts = factsFor(signer);

      it('fail no item of a clean document, and pass all but the alterations', async () => {
        const { bytes } = await renderSecondLayout(documentOf(signer, { pages, style }));
        const report = await verifyPdfSignatures(bytes, []);
        const verdicts = judge(await reader.read(bytes.slice(), seal), facts);
        for (const [check, judgement] of Object.entries(verdicts)) {
          expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe(
            cleanVerdict(check, false),
          );
        }
        expect(verdicts.seal.onFile?.similarity).toBeGreaterThan(0.75);
        // No digital signature: the machine cannot rule alterations out, nor in.
        expect(alterations(report).verdict).toBe('unsure');
      });

      for (const defect of SECOND_LAYOUT_DEFECTS) {
        it(`fail ${defect}, where it is, and nothing else`, async () => {
          const document = await renderSecondLayout(
            documentOf(signer, { pages, style, defects: [defect] }),
          );
          const verdicts = judge(await reader.read(document.bytes, seal), facts);
          const expected = CAUGHT_BY[defect];
          const shown = document.defects.find((d) => d.kind === defect)?.regions ?? [];
          expect(shown.length).toBeGreaterThan(0);
          for (const check of expected) {
            const judgement = verdicts[check as keyof typeof verdicts];
            expect(judgement.verdict, `${check}: ${judgement.reason}`).toBe('fail');
            expect(
              overlaps(judgement.regions, shown),
              `${check}: ${JSON.stringify(judgement.regions)} vs ${JSON.stringify(shown)}`,
            ).toBe(true);
          }
          for (const [check, judgement] of Object.entries(verdicts)) {
            if (!expected.includes(check as Check))
              expect(judgement.verdict, `${check}: ${judgement.reason}`).not.toBe('fail');
          }
        });
      }
    });
  }

  it('pass it sealed as the service completes it, and fail it changed after', async () => {
    const identity = await loadSealingIdentity(null, new Date('2026-01-01T00:00:00Z'));
    const trusted = [derOfPem(identity.caPem, 'CERTIFICATE')];
    const facts = factsFor('Marta Lindqvist');
    const { bytes } = await renderSecondLayout(
      documentOf('Marta Lindqvist', { pages: 2, style: STYLES[0]!.style }),
    );
    const sealed = await sealPdf(identity, bytes, {
      signedAt: new Date('2026-03-04T15:00:00Z'),
      reason: 'Signed electronically: FN-2025-04417',
    });
    expect(alterations(await verifyPdfSignatures(sealed, trusted)).verdict).toBe('pass');
    // A line written on page 1 by an incremental update, after the seal.
    const changed = await changeAfterSeal(sealed, {
      page: 0,
      x: 64,
      y: 90,
      text: 'Amended: the residence named above is the second of two.',
    });
    const judgement = alterations(await verifyPdfSignatures(changed, trusted));
    expect(judgement.verdict, judgement.reason).toBe('fail');
    expect(judgement.regions.map((r) => r.page)).toEqual([1]);
    const A4 = { page: 1, x: 64, y: 841.89 - 90 - 9, width: 300, height: 14 };
    expect(overlaps(judgement.regions, [A4])).toBe(true);
    for (const [check, verdict] of Object.entries(judge(await reader.read(changed, seal), facts)))
      expect(verdict.verdict, `${check}: ${verdict.reason}`).toBe(cleanVerdict(check, false));
  });

  it(
    'read a scan of it by OCR, and never pass what it cannot read',
    { timeout: 90_000 },
    async () => {
      const style = STYLES[0]!.style;
      const facts = factsFor('Marta Lindqvist');
      const scan = async (defects: SecondLayoutDefect[]) => {
        const { bytes } = await renderSecondLayout(
          documentOf('Marta Lindqvist', { pages: 1, style, defects }),
        );
        return scanPages(bytes, 11);
      };
      const read = await reader.read(await scan([]), seal);
      expect(read.pages.every((p) => p.source === 'ocr')).toBe(true);
      for (const [check, judgement] of Object.entries(judge(read, facts))) {
        expect(judgement.verdict, `${check}: ${judgement.reason}`).not.toBe('fail');
      }
      const unsigned = judge(await reader.read(await scan(['unsigned']), seal), facts);
      expect(unsigned.signatures.verdict).not.toBe('pass');
      const county = judge(await reader.read(await scan(['blank-county']), seal), facts);
      expect(county.venue.verdict).not.toBe('pass');
      // The scanner's grain on an empty page, which OCR reads as letters, is no text.
      const blank = judge(await reader.read(await scan(['blank-page']), seal), facts);
      expect(blank['no-blank-page'].verdict, blank['no-blank-page'].reason).toBe('fail');
      expect(blank['no-blank-page'].regions.map((r) => r.page)).toEqual([2]);
    },
  );
});
