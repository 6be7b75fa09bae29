import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFacts } from '../testing/document-facts.ts';
import { inkIn, pdfFolder, pdfText } from '../testing/pdf-reading.ts';
import { openServiceContext } from '../server.ts';
import { renderScan, type RenderedDocument } from './documents.ts';
import { sealPng } from './notary-images.ts';
import { queueScan, startScanning, stopScanning } from './scan-queue.ts';
import { scanPages } from './scanner.ts';

// A demo scan as a scanner gives it back (ADR 038): read back by poppler, an image a page and
// no words, its ink still where the generator put it.

const folder = pdfFolder();
afterAll(folder.remove);

const FACTS = {
  ...documentFacts({ notarySeal: sealPng({ name: 'Nora Notary', state: 'Texas' }) }),
  matterReference: 'MR-2026-000777',
  signerName: 'Samanta Wilkinson',
};

let drawn: RenderedDocument;
let scanned: Uint8Array;
beforeAll(async () => {
  drawn = await renderScan(FACTS);
  scanned = await scanPages(drawn.bytes, 7);
}, 60_000);

/** How many images each page of `pdf` draws. */
async function imagesPerPage(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const objects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return objects?.keys().length ?? 0;
  });
}

describe('scanPages', () => {
  it('keeps the pages and their size, an image each and nothing else', async () => {
    const [before, after] = await Promise.all(
      [drawn.bytes, scanned].map((pdf) => PDFDocument.load(pdf, { updateMetadata: false })),
    );
    expect(after!.getPageCount()).toBe(before!.getPageCount());
    expect(after!.getPages().map((p) => p.getSize())).toEqual(
      before!.getPages().map((p) => p.getSize()),
    );
    expect(await imagesPerPage(scanned)).toEqual(after!.getPages().map(() => 1));
    expect(after!.getCreator()).toMatch(/simulated scanner/);
    // As small as a scanner's standard setting makes it.
    expect(scanned.byteLength).toBeLessThan(150_000);
  });

  it('has no text layer: poppler reads no words where the drawing had them', async () => {
    const pages = drawn.layout.pages;
    expect(await pdfText(folder.write(drawn.bytes), 1, pages)).toContain('Samanta Wilkinson');
    expect((await pdfText(folder.write(scanned), 1, pages)).trim()).toBe('');
  });

  it('keeps the ink where the generator drew it, and none where it drew none', async () => {
    const path = folder.write(scanned);
    const unsigned = await renderScan({ ...FACTS, defects: ['unsigned', 'no-seal'] });
    const bare = folder.write(await scanPages(unsigned.bytes, 7));
    for (const part of ['signature', 'seal'] as const) {
      const [region] = drawn.layout.parts[part] ?? [];
      if (!region) throw new Error(`no ${part} on the scan`);
      expect(await inkIn(path, region, { scanned: true }), part).toBeGreaterThan(100);
      expect(await inkIn(bare, region, { scanned: true }), part).toBeLessThan(10);
    }
  });

  it('is the same bytes for the same document and seed', async () => {
    expect(Buffer.from(await scanPages(drawn.bytes, 7)).equals(Buffer.from(scanned))).toBe(true);
  });
});

describe('the scan queue', () => {
  it('makes a queued scan image-only once scanning starts, in its place', async () => {
    const ctx = await openServiceContext(null, { log: () => {} });
    try {
      ctx.blobs.put('scans/one.pdf', drawn.bytes);
      queueScan(ctx, 'scans/one.pdf', 7);
      // Queued only: nothing is drawn until the service asks.
      expect(ctx.blobs.get('scans/one.pdf')).toEqual(drawn.bytes);
      await startScanning(ctx);
      const stored = ctx.blobs.get('scans/one.pdf');
      expect(Buffer.from(stored ?? []).equals(Buffer.from(scanned))).toBe(true);
    } finally {
      await stopScanning(ctx);
      ctx.db.close();
    }
  }, 60_000);
});
