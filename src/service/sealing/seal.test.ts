import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cmsPrinted,
  missing,
  opensslVerify,
  pdfsig,
  signedParts,
} from '../testing/pdf-verifiers.ts';
import { changeAfterSeal } from './change-after-seal.ts';
import { sealPdf, SIGNATURE_HEX_DIGITS } from './seal.ts';
import {
  loadSealingIdentity,
  SEALING_FILE,
  SIGNING_CA_FILE,
  type SealingIdentity,
} from './signing-identity.ts';

const SIGNED_AT = new Date('2026-11-20T15:30:00Z');

async function threePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n += 1) {
    doc.addPage([612, 792]).drawText(`Affidavit, page ${n} of 3`, { x: 72, y: 700, font });
  }
  return doc.save();
}

let identity: SealingIdentity;
let original: Uint8Array;
let sealed: Uint8Array;

beforeAll(async () => {
  identity = await loadSealingIdentity(null);
  original = await threePages();
  sealed = await sealPdf(identity, original, { signedAt: SIGNED_AT, reason: 'Completed' });
});

describe('sealPdf', () => {
  it('keeps the document: the same pages and text, with one signature field', async () => {
    const doc = await PDFDocument.load(sealed);
    expect(doc.getPageCount()).toBe(3);
    const fields = doc.getForm().getFields();
    expect(fields.map((f) => f.constructor.name)).toEqual(['PDFSignature']);
  });

  it('is a PAdES B-B signature: CAdES detached, the three signed attributes, no signing-time', () => {
    const printed = cmsPrinted(sealed);
    expect(printed).toMatch(/contentType \(1\.2\.840\.113549\.1\.9\.3\)/);
    expect(printed).toMatch(/messageDigest \(1\.2\.840\.113549\.1\.9\.4\)/);
    expect(printed).toMatch(/signingCertificateV2 \(1\.2\.840\.113549\.1\.9\.16\.2\.47\)/);
    expect(printed).not.toMatch(/signingTime/);
    // Detached: the SignedData carries no content of its own.
    expect(printed).toMatch(/eContent: <ABSENT>/);
    const text = Buffer.from(sealed).toString('latin1');
    expect(text).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached/);
    expect(text).toMatch(/\/M \(D:20261120153000Z\)/);
  });

  it('covers the whole file: every byte but the signature itself', () => {
    const { signed, cms } = signedParts(sealed);
    // What is left out is the hex of /Contents and its brackets, nothing else.
    expect(sealed.byteLength - signed.byteLength).toBe(2 + SIGNATURE_HEX_DIGITS);
    expect(cms.byteLength).toBeGreaterThan(500);
  });

  it('verifies with OpenSSL against the CA, and not against another CA', async (ctx) => {
    const why = missing('openssl');
    if (why) return ctx.skip(why);
    const result = opensslVerify(sealed, identity.caPem);
    expect(result.ok, result.output).toBe(true);
    expect(result.output).toMatch(/Verification successful/);

    const other = await loadSealingIdentity(null);
    const refused = opensslVerify(sealed, other.caPem);
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/unable to get local issuer certificate/);
  });

  it('is valid and trusted for pdfsig when the CA is trusted', (ctx) => {
    const why = missing('pdfsig', 'certutil');
    if (why) return ctx.skip(why);
    const report = pdfsig(sealed, identity.caPem);
    expect(report).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(report).toMatch(
      /Signer Certificate Common Name: Attest Reference Service Document Seal/,
    );
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Certificate Validation: Certificate is Trusted\./);
    expect(report).toMatch(/Total document signed/);
    expect(report).not.toMatch(/Not total document signed/);
  });

  it('is reported altered by pdfsig once a byte it covers changes', (ctx) => {
    const why = missing('pdfsig');
    if (why) return ctx.skip(why);
    // A covered byte that leaves the file well-formed: a hex digit of the Info's Producer.
    const producer = '/Producer <FEFF0070';
    const at = Buffer.from(sealed).indexOf(producer);
    expect(at).toBeGreaterThan(0);
    const forged = Uint8Array.from(sealed);
    forged[at + producer.length - 1] = '1'.charCodeAt(0);
    expect(pdfsig(forged)).toMatch(/Signature Validation: Digest Mismatch\./);
  });
});

describe('changeAfterSeal', () => {
  const change = { page: 1, text: 'Paragraph 3 amended: the balance owed is $1,250.00.' };
  let changed: Uint8Array;
  beforeAll(async () => {
    changed = await changeAfterSeal(sealed, change);
  });

  it('appends an incremental update: the sealed bytes stay as they were, before it', () => {
    expect(Buffer.from(changed.subarray(0, sealed.byteLength)).equals(Buffer.from(sealed))).toBe(
      true,
    );
    const update = Buffer.from(changed.subarray(sealed.byteLength)).toString('latin1');
    expect(update).toMatch(/\nxref\n/);
    expect(update).toMatch(/\/Prev \d+/);
    expect(update.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('still opens, with the change on its page', async () => {
    const doc = await PDFDocument.load(changed);
    expect(doc.getPageCount()).toBe(3);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const fonts = join(
      dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json'))),
      'standard_fonts/',
    );
    const task = pdfjs.getDocument({ data: Uint8Array.from(changed), standardFontDataUrl: fonts });
    try {
      const page = await (await task.promise).getPage(change.page + 1);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      expect(text).toContain(change.text);
    } finally {
      await task.destroy();
    }
  });

  it('is reported by pdfsig: the signature is valid but no longer covers the whole document', (ctx) => {
    const why = missing('pdfsig', 'certutil');
    if (why) return ctx.skip(why);
    const report = pdfsig(changed, identity.caPem);
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Not total document signed/);
  });

  it('verifies with OpenSSL over the range it signed, which the update lies beyond', (ctx) => {
    const why = missing('openssl');
    if (why) return ctx.skip(why);
    const result = opensslVerify(changed, identity.caPem);
    expect(result.ok, result.output).toBe(true);
    expect(signedParts(changed).signed.byteLength).toBe(signedParts(sealed).signed.byteLength);
  });
});

describe('loadSealingIdentity', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'attest-sealing-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a CA and a signing certificate at first start and keeps them for the next', async () => {
    const first = await loadSealingIdentity(dir);
    const second = await loadSealingIdentity(dir);
    expect(second.caPem).toBe(first.caPem);
    expect(Buffer.from(second.certificateDer).equals(Buffer.from(first.certificateDer))).toBe(true);
    // The keys file is the owner's alone; the CA's certificate beside it is public.
    expect(statSync(join(dir, SEALING_FILE)).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, SIGNING_CA_FILE), 'utf8')).toBe(first.caPem);
    expect(first.caPem).toMatch(
      /^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/,
    );

    // A seal made with the first load verifies against the CA the second one serves.
    const why = missing('openssl');
    if (why) return;
    const bytes = await sealPdf(first, original, { signedAt: SIGNED_AT, reason: 'Completed' });
    expect(opensslVerify(bytes, second.caPem).ok).toBe(true);
  });
});
