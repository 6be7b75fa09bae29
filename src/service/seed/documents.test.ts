import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf, renderScanPdf } from './documents.ts';
import type { DocumentFacts } from './documents.ts';
import { documentFacts } from '../testing/document-facts.ts';

const facts: DocumentFacts = documentFacts({
  signerName: 'José Álvarez',
  notaryName: 'Margaret O. Lindqvist',
});

// Standard fonts make pdf-lib write text as <hex> strings of WinAnsi bytes (ASCII here).
const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();

function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => page.doc.context.lookup(ref))
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('expected a raw content stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n')
    .toUpperCase();
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString() === '%PDF-';

describe('renderDocumentPdf', () => {
  it('renders three US Letter pages by default, with metadata', async () => {
    const bytes = await renderDocumentPdf(facts);
    expect(isPdf(bytes)).toBe(true);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 });
    expect(doc.getTitle()).toBe('Affidavit of Identity');
    expect(doc.getSubject()).toBe('MR-2026-000123');
    expect(doc.getProducer()).toBe('Attest reference service');
    expect(doc.getCreationDate()?.toISOString()).toBe(facts.preparedOn);
    expect(doc.getModificationDate()?.toISOString()).toBe(facts.preparedOn);
  });

  it('honours the page count, with a minimum of one', async () => {
    const five = await PDFDocument.load(await renderDocumentPdf({ ...facts, pages: 5 }));
    expect(five.getPageCount()).toBe(5);
    const one = await PDFDocument.load(await renderDocumentPdf({ ...facts, pages: 0 }));
    expect(one.getPageCount()).toBe(1);
  });

  it('prints the matter reference, page numbers and crid as text on every page', async () => {
    const doc = await PDFDocument.load(await renderDocumentPdf({ ...facts, pages: 4 }));
    doc.getPages().forEach((page, i) => {
      const content = pageContent(page);
      expect(content).toContain(hex('MR-2026-000123'));
      expect(content).toContain(hex(`Page ${i + 1} of 4`));
      expect(content).toContain(hex('Account CR-000123'));
    });
  });

  it('puts the signature and notary blocks on the last page only', async () => {
    const doc = await PDFDocument.load(await renderDocumentPdf(facts));
    const [first, , last] = doc.getPages().map(pageContent);
    expect(first).toContain(hex('STATE OF TEXAS'));
    expect(last).toContain(hex('Jose Alvarez')); // accents folded for the standard fonts
    expect(last).toContain(hex('Notary Public, State of Texas'));
    expect(first).not.toContain(hex('Notary Public'));
    const plain = await PDFDocument.load(
      await renderDocumentPdf({ ...facts, notaryName: undefined, pages: 1 }),
    );
    expect(pageContent(plain.getPage(0))).not.toContain(hex('Notary Public'));
  });

  it('is deterministic: same facts give the same bytes, another seed does not', async () => {
    // The metadata test above pins the dates pdf-lib would otherwise stamp with "now".
    const a = await renderDocumentPdf(facts);
    const b = await renderDocumentPdf(facts);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = await renderDocumentPdf({ ...facts, seed: 1 });
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('rejects an unparseable preparedOn', async () => {
    await expect(renderDocumentPdf({ ...facts, preparedOn: 'yesterday' })).rejects.toThrow(
      RangeError,
    );
  });

  it('renders 50 documents well within a sanity bound', async () => {
    // The CPU time this thread spent, not the time on the clock: on a busy machine the wait
    // for a core is not the renderer's.
    const started = process.threadCpuUsage();
    for (let seed = 0; seed < 50; seed++) {
      await renderDocumentPdf({ ...facts, seed, signerName: `Signer ${seed}` });
    }
    const { user, system } = process.threadCpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(3000);
  });
});

describe('renderScanPdf', () => {
  const scan = { matterReference: 'MR-2026-000123', signerName: 'Jose Alvarez' };

  it('renders a one- or two-page deterministic scan carrying the matter reference', async () => {
    const bytes = await renderScanPdf(scan);
    expect(isPdf(bytes)).toBe(true);
    expect(Buffer.from(await renderScanPdf(scan)).equals(Buffer.from(bytes))).toBe(true);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getPageCount()).toBeLessThanOrEqual(2);
    expect(doc.getSubject()).toBe('MR-2026-000123');
    for (const page of doc.getPages()) {
      expect(page.getSize()).toEqual({ width: 612, height: 792 });
      expect(pageContent(page)).toContain(hex('MR-2026-000123'));
    }
    // The hand-drawn stroke is stroked in blue ink on the last page.
    expect(pageContent(doc.getPage(doc.getPageCount() - 1))).toContain('0.08 0.14 0.42 RG');
  });

  it('differs between signers', async () => {
    const other = await renderScanPdf({ ...scan, signerName: 'Li Wu' });
    expect(Buffer.from(other).equals(Buffer.from(await renderScanPdf(scan)))).toBe(false);
  });
});
