import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '../../contract/findings.ts';
import { documentFacts } from '../testing/document-facts.ts';
import { inkIn, pdfFolder, pdfText, wordsIn } from '../testing/pdf-reading.ts';
import { missing, pdfsig, signedParts } from '../testing/pdf-verifiers.ts';
import { loadSealingIdentity, type SealingIdentity } from '../sealing/signing-identity.ts';
import { AMENDMENT, DEFECTS, otherReference, type Defect } from './defects.ts';
import { renderDocument, renderScan, type DocumentFacts } from './documents.ts';
import { sealPng } from './notary-images.ts';

// Each defect is drawn on the page where a real one would be, and recorded with the regions
// that show it (ADR 038): read back by poppler, against the same document drawn clean.

const FACTS: DocumentFacts = documentFacts({
  notarySeal: sealPng({ name: 'Nora Notary', state: 'Texas' }),
  otherNotarySeal: sealPng({ name: 'Noah Notary', state: 'Texas' }),
  pages: 3,
});

const folder = pdfFolder();
afterAll(folder.remove);

type Drawn = Awaited<ReturnType<typeof renderDocument>> & { path: string };
const drawn = new Map<Defect | 'clean', Drawn>();
let sealedBy: SealingIdentity;
const draw = async (defects: readonly Defect[]) => {
  const document = await renderDocument({ ...FACTS, defects, sealedBy });
  return { ...document, path: folder.write(document.bytes) };
};

beforeAll(async () => {
  sealedBy = await loadSealingIdentity(null);
  drawn.set('clean', await draw([]));
  for (const defect of DEFECTS) drawn.set(defect, await draw([defect]));
}, 60_000);

const get = (which: Defect | 'clean') => {
  const found = drawn.get(which);
  if (!found) throw new Error(`not drawn: ${which}`);
  return found;
};
const part = (which: Defect | 'clean', name: keyof Drawn['layout']['parts']): Region => {
  const [region] = get(which).layout.parts[name] ?? [];
  if (!region) throw new Error(`no ${name} in ${which}`);
  return region;
};
const regionsOf = (defect: Defect) =>
  get(defect).layout.defects?.find((d) => d.kind === defect)?.regions ?? [];
const dateIn = async (which: Defect | 'clean', name: 'signatureDate' | 'notaryDate') =>
  (await wordsIn(get(which).path, part(which, name))).replace(/,$/, '');

describe('defects drawn on the page', () => {
  it('are recorded with regions on the document’s pages, and drawn the same every time', async () => {
    expect(get('clean').layout.defects).toEqual([]);
    for (const defect of DEFECTS) {
      const { layout } = get(defect);
      expect(
        layout.defects?.map((d) => d.kind),
        defect,
      ).toEqual([defect]);
      const regions = regionsOf(defect);
      expect(regions.length, defect).toBeGreaterThan(0);
      for (const r of regions) {
        expect(r.page, defect).toBeGreaterThanOrEqual(1);
        expect(r.page, defect).toBeLessThanOrEqual(layout.pages);
        expect(r.x + r.width, defect).toBeLessThanOrEqual(612 + 4);
      }
    }
    const again = await renderDocument({ ...FACTS, defects: ['faint-seal'] });
    expect(Buffer.from(again.bytes).equals(Buffer.from(get('faint-seal').bytes))).toBe(true);
  });

  it('leave the signature line without ink when unsigned', async () => {
    expect(await inkIn(get('clean').path, part('clean', 'signature'))).toBeGreaterThan(30);
    expect(await inkIn(get('unsigned').path, part('unsigned', 'signature'))).toBeLessThan(5);
    expect(regionsOf('unsigned')).toEqual([part('unsigned', 'signature')]);
  });

  it('stamp no seal, a faint one, one cut off at the edge, or another notary’s', async () => {
    const seal = part('clean', 'seal');
    const clean = await inkIn(get('clean').path, seal);
    expect(clean).toBeGreaterThan(300);
    expect(await inkIn(get('no-seal').path, seal)).toBe(0);
    // Too light to read: next to no pixel is ink-dark.
    expect(await inkIn(get('faint-seal').path, seal)).toBeLessThan(clean / 20);
    // Part of it off the page: what is left at the edge, and the region is what is left.
    const [left] = regionsOf('cut-off-seal');
    if (!left) throw new Error('no region for the cut-off seal');
    expect(left.x).toBe(0);
    expect(left.width).toBeLessThan(seal.width * 0.7);
    const cut = await inkIn(get('cut-off-seal').path, left);
    expect(cut).toBeGreaterThan(clean / 5);
    expect(cut).toBeLessThan(clean * 0.75);
    expect(await inkIn(get('cut-off-seal').path, seal)).toBe(0);
    // Another notary's seal is a seal all the same, and not this one.
    expect(await inkIn(get('other-seal').path, seal)).toBeGreaterThan(clean / 2);
    expect(Buffer.from(get('other-seal').bytes).equals(Buffer.from(get('clean').bytes))).toBe(
      false,
    );
    await expect(
      renderDocument({ ...FACTS, otherNotarySeal: undefined, defects: ['other-seal'] }),
    ).rejects.toThrow(/other notary/);
  });

  it('leave the county blank, and date the notarization two days after the signing', async () => {
    expect(await wordsIn(get('clean').path, part('clean', 'county'))).toMatch(/^[A-Z]/);
    expect(await wordsIn(get('blank-county').path, part('blank-county', 'county'))).toMatch(/^_+$/);
    expect(await dateIn('clean', 'signatureDate')).toBe(await dateIn('clean', 'notaryDate'));
    const signed = await dateIn('date-mismatch', 'signatureDate');
    const notarized = await dateIn('date-mismatch', 'notaryDate');
    expect(Date.parse(notarized) - Date.parse(signed)).toBe(2 * 86_400_000);
    expect(regionsOf('date-mismatch')).toHaveLength(2);
  });

  it('put a blank page before the signature page, and another matter’s reference on page 2', async () => {
    const blank = get('blank-page');
    expect((await PDFDocument.load(blank.bytes)).getPageCount()).toBe(4);
    expect(blank.layout.pages).toBe(4);
    expect((await pdfText(blank.path, 3)).trim()).toBe('');
    expect(regionsOf('blank-page')).toEqual([{ page: 3, x: 0, y: 0, width: 612, height: 792 }]);
    // The signature page moved on, and says it is the third of three.
    expect(part('blank-page', 'signature').page).toBe(4);
    expect(await pdfText(blank.path, 4)).toContain('Page 3 of 3');

    const wrong = get('wrong-reference').path;
    const other = otherReference(FACTS.matterReference);
    expect(other).not.toBe(FACTS.matterReference);
    expect(await pdfText(wrong, 2)).toContain(`Matter No. ${other}`);
    expect(await pdfText(wrong, 2)).not.toContain(`Matter No. ${FACTS.matterReference}`);
    for (const page of [1, 3]) {
      expect(await pdfText(wrong, page)).toContain(`Matter No. ${FACTS.matterReference}`);
    }
    expect(regionsOf('wrong-reference').map((r) => r.page)).toEqual([2]);
  });

  it('amend page 1 after the document was signed and sealed: the seal no longer covers it all', async ({
    skip,
  }) => {
    const changed = get('changed-after-signing');
    const [region] = regionsOf('changed-after-signing');
    if (!region) throw new Error('no region for the amendment');
    expect(region.page).toBe(1);
    expect(await wordsIn(changed.path, region)).toBe(AMENDMENT.text);
    expect(await wordsIn(get('clean').path, region)).toBe('');
    // The seal signed the document as it was; the amendment came after its byte range.
    const { signed } = signedParts(changed.bytes);
    expect(signed.toString('latin1')).not.toContain('Amended:');
    await expect(renderDocument({ ...FACTS, defects: ['changed-after-signing'] })).rejects.toThrow(
      /sealedBy/,
    );
    const why = missing('pdfsig', 'certutil');
    if (why) return skip(why);
    const report = pdfsig(changed.bytes, sealedBy.caPem);
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Not total document signed/);
  });

  it('are drawn on a scan too', async () => {
    const scan = await renderScan({ ...FACTS, defects: ['unsigned', 'no-seal'] });
    expect(scan.layout.defects?.map((d) => d.kind)).toEqual(['unsigned', 'no-seal']);
    const path = folder.write(scan.bytes);
    const [signature] = scan.layout.parts.signature ?? [];
    if (!signature) throw new Error('no signature line on the scan');
    expect(await inkIn(path, signature)).toBeLessThan(5);
  });
});
