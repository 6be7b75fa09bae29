import fc from 'fast-check';
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFString, StandardFonts } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { derOfPem } from '../../service/sealing/pem.ts';
import { sealPdf } from '../../service/sealing/seal.ts';
import {
  loadSealingIdentity,
  type SealingIdentity,
} from '../../service/sealing/signing-identity.ts';
import { renderDocument, renderDocumentPdf } from '../../service/seed/documents.ts';
import { documentFacts } from '../../service/testing/document-facts.ts';
import { missing, pdfsig, signedParts } from '../../service/testing/pdf-verifiers.ts';
import { verifyPdfSignatures, type SignatureReport } from './pdf-signatures.ts';

// Documents sealed by the reference service's own code (PAdES B-B, ETSI.CAdES.detached),
// then changed the ways a forger or a later editor would; poppler's pdfsig, which we did not
// write, is asked the same questions where it is installed.

const SEALER = 'Attest Reference Service Document Seal';

let identity: SealingIdentity;
let other: SealingIdentity;
let ca: Uint8Array;
let plain: Uint8Array;
let sealed: Uint8Array;
let changed: Uint8Array;

beforeAll(async () => {
  [identity, other] = await Promise.all([loadSealingIdentity(null), loadSealingIdentity(null)]);
  ca = derOfPem(identity.caPem, 'CERTIFICATE');
  const facts = documentFacts();
  plain = await renderDocumentPdf(facts);
  sealed = await sealPdf(identity, plain, {
    signedAt: new Date(facts.preparedOn),
    reason: `Signed electronically: ${facts.matterReference}`,
  });
  const amended = await renderDocument({
    ...facts,
    defects: ['changed-after-signing'],
    sealedBy: identity,
  });
  changed = amended.bytes;
}, 30_000);

/** `pdf` with one byte changed at `at`, to another value. */
function flipped(pdf: Uint8Array, at: number, to?: number): Uint8Array {
  const copy = Uint8Array.from(pdf);
  copy[at] = to ?? (pdf[at] ?? 0) ^ 0x01;
  return copy;
}

/** A hex digit of the Info's Producer: a signed byte whose change leaves the file well-formed. */
function producerDigit(pdf: Uint8Array): number {
  const producer = Buffer.from(pdf).indexOf('/Producer <FEFF00');
  expect(producer).toBeGreaterThan(0);
  return producer + '/Producer <FEFF00'.length + 1;
}

/**
 * `signedPdf` with an incremental update (ISO 32000-1 7.5.6) appended: whatever objects `edit`
 * changes, written after the signed bytes, which stay as they were.
 */
async function updated(
  signedPdf: Uint8Array,
  edit: (doc: PDFDocument) => Promise<void> | void,
): Promise<Uint8Array> {
  const text = Buffer.from(signedPdf).toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const doc = await PDFDocument.load(signedPdf, { updateMetadata: false });
  const bytesOf = (object: PDFObject) => {
    const bytes = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return bytes;
  };
  const before = new Map(
    doc.context.enumerateIndirectObjects().map(([ref, object]) => [ref.tag, bytesOf(object)]),
  );
  await edit(doc);
  await doc.flush();
  const parts: Buffer[] = [Buffer.from(signedPdf), Buffer.from('\n')];
  let offset = signedPdf.byteLength + 1;
  let xref = 'xref\n0 1\n0000000000 65535 f\r\n';
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const bytes = bytesOf(object);
    if (before.get(ref.tag)?.equals(bytes)) continue;
    const entry = Buffer.concat([
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
      bytes,
      Buffer.from('\nendobj\n'),
    ]);
    xref += `${ref.objectNumber} 1\n${String(offset).padStart(10, '0')} 00000 n\r\n`;
    parts.push(entry);
    offset += entry.byteLength;
  }
  const { Root, Info } = doc.context.trailerInfo;
  const trailer = doc.context.obj({ Size: doc.context.largestObjectNumber + 1, Prev: prev });
  if (Root) trailer.set(PDFName.of('Root'), Root);
  if (Info) trailer.set(PDFName.of('Info'), Info);
  parts.push(Buffer.from(`${xref}trailer\n`), bytesOf(trailer));
  parts.push(Buffer.from(`\nstartxref\n${offset}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

describe('verifyPdfSignatures', () => {
  it('finds the seal intact and trusted against its CA, covering the whole file', async () => {
    const report = await verifyPdfSignatures(sealed, [ca]);
    const { signed } = signedParts(sealed);
    expect(report).toEqual({
      signatures: [{ byteRange: expect.any(Array), intact: true, trusted: true, signer: SEALER }],
      bytesAfter: 0,
      changedPages: [],
    });
    const [a, b, c, d] = report.signatures[0]?.byteRange ?? [];
    expect([a, (b ?? 0) + (d ?? 0), (c ?? 0) + (d ?? 0)]).toEqual([
      0,
      signed.byteLength,
      sealed.byteLength,
    ]);
  });

  it('finds it intact but not trusted against another CA, or none', async () => {
    const otherCa = derOfPem(other.caPem, 'CERTIFICATE');
    for (const trusted of [[otherCa], []]) {
      const [finding] = (await verifyPdfSignatures(sealed, trusted)).signatures;
      expect(finding).toMatchObject({ intact: true, trusted: false, signer: SEALER });
      expect(finding?.problem).toMatch(/does not chain to a trusted certificate/);
    }
    // Trusting the signer's own certificate is trusting it.
    const [direct] = (await verifyPdfSignatures(sealed, [identity.certificateDer])).signatures;
    expect(direct).toMatchObject({ intact: true, trusted: true });
  });

  it('takes the seal as made at its /M: a certificate not yet valid then is not trusted', async () => {
    // The sandbox certificates are backdated a year; a seal dated before that predates them.
    const early = await sealPdf(identity, plain, {
      signedAt: new Date('2001-01-01T00:00:00Z'),
      reason: 'Completed',
    });
    const [finding] = (await verifyPdfSignatures(early, [ca])).signatures;
    expect(finding).toMatchObject({ intact: true, trusted: false });
    expect(finding?.problem).toMatch(/not valid when it signed/);
  });

  it('names page 1 of a document changed after signing, the seal still intact', async () => {
    const report = await verifyPdfSignatures(changed, [ca]);
    expect(report.signatures).toMatchObject([{ intact: true, trusted: true }]);
    expect(report.bytesAfter).toBeGreaterThan(0);
    expect(report.changedPages).toEqual([1]);
    expect(report.changedAfter).toBe("page 1's content was changed after signing");
  });

  it('names annotations added to a page, and pages added, after signing', async () => {
    const annotated = await updated(sealed, (doc) => {
      const note = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Text',
        Rect: [72, 600, 92, 620],
        Contents: PDFString.of('Approved as amended'),
      });
      doc.getPage(1).node.addAnnot(doc.context.register(note));
    });
    expect(await verifyPdfSignatures(annotated, [ca])).toMatchObject({
      signatures: [{ intact: true, trusted: true }],
      changedAfter: 'annotations were added to page 2 after signing',
      changedPages: [2],
    });

    const longer = await updated(sealed, async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.addPage().drawText('Addendum', { x: 72, y: 700, font });
    });
    expect(await verifyPdfSignatures(longer, [ca])).toMatchObject({
      changedAfter: 'a page was added after signing',
      changedPages: [4],
    });

    const shorter = await updated(sealed, (doc) => doc.removePage(2));
    expect(await verifyPdfSignatures(shorter, [ca])).toMatchObject({
      changedAfter: 'a page was removed after signing',
      changedPages: [],
    });
  });

  it('names every page whose font was swapped after signing, its content untouched', async () => {
    const swapped = await updated(sealed, (doc) => {
      const font = doc.getPage(0).node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
      const serif = font
        ?.values()
        .find(
          (f) =>
            String(doc.context.lookup(f, PDFDict).get(PDFName.of('BaseFont'))) === '/Times-Roman',
        );
      if (!(serif instanceof PDFRef)) throw new Error('no Times-Roman font object');
      doc.context.lookup(serif, PDFDict).set(PDFName.of('BaseFont'), PDFName.of('Courier'));
    });
    expect(await verifyPdfSignatures(swapped, [ca])).toMatchObject({
      changedAfter: [1, 2, 3]
        .map((n) => `page ${n}'s fonts or images were changed after signing`)
        .join('; '),
      changedPages: [1, 2, 3],
    });
  });

  it('says when what follows the seal changes no page', async () => {
    const retitled = await updated(sealed, (doc) => doc.setTitle('Another title'));
    const report = await verifyPdfSignatures(retitled, [ca]);
    expect(report.changedAfter).toBe(
      'the document was changed after signing, though none of its pages',
    );
    expect(report.changedPages).toEqual([]);
    // Trailing whitespace is nothing; a comment is bytes, that change nothing.
    const spaced = new Uint8Array(Buffer.concat([sealed, Buffer.from('\r\n \n')]));
    expect((await verifyPdfSignatures(spaced, [ca])).bytesAfter).toBe(0);
    const commented = new Uint8Array(Buffer.concat([sealed, Buffer.from('% a note\n')]));
    expect(await verifyPdfSignatures(commented, [ca])).toMatchObject({
      bytesAfter: 8,
      changedAfter: 'bytes were added after signing that change nothing',
      changedPages: [],
    });
  });

  it('finds the seal broken when a byte it signed changed, or its signature did', async () => {
    const forged = flipped(sealed, producerDigit(sealed));
    const [finding] = (await verifyPdfSignatures(forged, [ca])).signatures;
    expect(finding).toMatchObject({ intact: false, signer: SEALER });
    expect(finding?.problem).toMatch(/digest mismatch/);

    // The last byte of the CMS is the ECDSA signature's: the digest holds, the signature not.
    const [, b] = (await verifyPdfSignatures(sealed, [ca])).signatures[0]?.byteRange ?? [];
    const lastDigit = (b ?? 0) + 1 + 2 * signedParts(sealed).cms.byteLength - 1;
    const digit = sealed[lastDigit] === 0x30 ? 0x31 : 0x30;
    const [resigned] = (await verifyPdfSignatures(flipped(sealed, lastDigit, digit), [ca]))
      .signatures;
    expect(resigned).toMatchObject({ intact: false });
    expect(resigned?.problem).toMatch(/does not verify with the signer's key/);
  });

  it('finds any change to a signed byte', async () => {
    const { byteRange } = (await verifyPdfSignatures(sealed, [ca])).signatures[0] ?? {};
    const [, b = 0, c = 0, d = 0] = byteRange ?? [];
    const signedByte = fc.oneof(fc.nat(b - 1), fc.integer({ min: c, max: c + d - 1 }));
    await fc.assert(
      fc.asyncProperty(signedByte, fc.integer({ min: 1, max: 255 }), async (at, delta) => {
        const report = await verifyPdfSignatures(
          flipped(sealed, at, ((sealed[at] ?? 0) + delta) % 256),
          [ca],
        );
        expect(report.signatures.every((s) => !s.intact)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('finds no signature in an unsigned PDF, and never throws on a broken one', async () => {
    expect(await verifyPdfSignatures(plain, [ca])).toEqual({
      signatures: [],
      bytesAfter: 0,
      changedPages: [],
    });
    const garbage = new Uint8Array(20_000).map((_, i) => (i * 7919) % 251);
    const broken = [
      new Uint8Array(0),
      garbage,
      new Uint8Array(Buffer.from('%PDF-1.7\n/ByteRange [0 5 10 99999999999999]\n')),
      new Uint8Array(Buffer.from('/ByteRange [0 1 /ByteRange [ 1 2 3 4 ] /ByteRange')),
      new Uint8Array(Buffer.from(`/ByteRange [0 ${'9'.repeat(400)}]`)),
    ];
    for (const pdf of broken) {
      const report = await verifyPdfSignatures(pdf, [ca, garbage]);
      expect(report.signatures.every((s) => !s.intact && !s.trusted && s.problem)).toBe(true);
      expect(report.bytesAfter).toBe(0);
    }
    // Cut short, the seal's range runs past the end of what is left.
    const cut = await verifyPdfSignatures(sealed.subarray(0, sealed.byteLength - 100), [ca]);
    expect(cut.signatures).toMatchObject([
      { intact: false, trusted: false, problem: 'its signed range does not fit the file' },
    ]);
  });

  it('reads at most 20 signatures, saying so', async () => {
    const many = Buffer.concat(
      Array.from({ length: 25 }, (_, i) => Buffer.from(`/ByteRange [0 ${i} 0 0]\n`)),
    );
    const report = await verifyPdfSignatures(new Uint8Array(many), [ca]);
    expect(report.signatures).toHaveLength(21);
    expect(report.signatures.at(-1)?.problem).toMatch(/more than 20 signatures/);
  });

  it('checks a 3-page document in well under 100 ms once warm', async () => {
    await verifyPdfSignatures(sealed, [ca]);
    await verifyPdfSignatures(changed, [ca]);
    const timed = async (pdf: Uint8Array) => {
      const times: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const start = performance.now();
        await verifyPdfSignatures(pdf, [ca]);
        times.push(performance.now() - start);
      }
      return Math.min(...times);
    };
    expect(await timed(sealed)).toBeLessThan(100);
    expect(await timed(changed)).toBeLessThan(100);
  });
});

describe('verifyPdfSignatures and pdfsig (poppler)', () => {
  /**
   * What pdfsig says of the one signature, in the report's terms. It checks no certificate of
   * a signature whose digest does not match: then it says nothing of trust.
   */
  function pdfsigSays(pdf: Uint8Array, caPem: string) {
    const words = pdfsig(pdf, caPem);
    const trust = /Certificate Validation: (.*)/.exec(words)?.[1];
    return {
      intact: /Signature Validation: Signature is Valid\./.test(words),
      ...(trust && { trusted: trust === 'Certificate is Trusted.' }),
      whole: /\n\s*- Total document signed/.test(words),
    };
  }
  const oursSay = (report: SignatureReport, withTrust: boolean) => ({
    intact: report.signatures[0]?.intact,
    ...(withTrust && { trusted: report.signatures[0]?.trusted }),
    whole: report.bytesAfter === 0,
  });

  it('agree on the seal, another CA, a change after it and a forged byte', async (ctx) => {
    const why = missing('pdfsig', 'certutil');
    if (why) return ctx.skip(why);
    const cases: [string, Uint8Array, SealingIdentity][] = [
      ['sealed', sealed, identity],
      ['another CA', sealed, other],
      ['changed after signing', changed, identity],
      ['a forged byte', flipped(sealed, producerDigit(sealed)), identity],
    ];
    const answers = [];
    for (const [name, pdf, trusting] of cases) {
      const theirs = pdfsigSays(pdf, trusting.caPem);
      const ours = await verifyPdfSignatures(pdf, [derOfPem(trusting.caPem, 'CERTIFICATE')]);
      expect(oursSay(ours, 'trusted' in theirs), name).toEqual(theirs);
      answers.push(theirs);
    }
    // Not a vacuous agreement: pdfsig gives each answer both ways across the cases.
    for (const key of ['intact', 'trusted', 'whole'] as const) {
      expect(new Set(answers.map((a) => a[key]).filter((v) => v !== undefined))).toEqual(
        new Set([true, false]),
      );
    }
  });
});
