import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFContentStream,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFonts,
  type PDFRef,
} from 'pdf-lib';

// What a gateway may be handed in place of a document: files made to be read badly. Each is
// built here, in code, so that a reader of the test sees what it is: an encrypted PDF (the
// standard security handler, RC4 128-bit, written by hand as ISO 32000-1 7.6.3 describes),
// a corrupt one, a truncated one, a JPEG under a PDF's name, a page declaring an image of
// 40,000 by 40,000 pixels, and a document of 500 pages.

/** A plain one-page document: a heading and a line, `Page 1 of 1` at its foot. */
export async function plainPdf(text = 'Affidavit of Residence'): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 16, font });
  page.drawText('File No.: FN-2025-04417', { x: 400, y: 760, size: 9, font });
  page.drawText('Page 1 of 1', { x: 280, y: 40, size: 9, font });
  return doc;
}

const PAD = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08,
  0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

/** RC4 (which OpenSSL 3 no longer offers by default): a few lines. */
function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const padded = (password: string) => {
  const bytes = new TextEncoder().encode(password).slice(0, 32);
  const out = new Uint8Array(32);
  out.set(bytes);
  out.set(PAD.subarray(0, 32 - bytes.length), bytes.length);
  return out;
};

/** RC4 over and over with the key XORed by 1 to 19 (revision 3's steps). */
const rounds = (key: Uint8Array, data: Uint8Array) => {
  let out = rc4(key, data);
  for (let i = 1; i <= 19; i++)
    out = rc4(
      key.map((b) => b ^ i),
      out,
    );
  return out;
};

/**
 * `doc` encrypted as Acrobat 5 would (V 2, R 3, 128-bit RC4): every stream is encrypted with
 * its object's key. With an empty `userPassword` any reader opens it; with one, none does
 * without it.
 */
export async function encryptedPdf(
  doc: PDFDocument,
  { userPassword, ownerPassword = 'owner' }: { userPassword: string; ownerPassword?: string },
): Promise<Uint8Array> {
  await doc.flush();
  const id = md5(new TextEncoder().encode(`attest:${userPassword}:${ownerPassword}`));
  const permissions = -3904; // print, copy and the rest refused: 0xFFFFF0C0
  // Algorithm 3: the owner entry.
  let ownerKey = md5(padded(ownerPassword));
  for (let i = 0; i < 50; i++) ownerKey = md5(ownerKey);
  const O = rounds(ownerKey, padded(userPassword));
  // Algorithm 2: the file's key.
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  let key = md5(padded(userPassword), O, p, id);
  for (let i = 0; i < 50; i++) key = md5(key);
  // Algorithm 5: the user entry.
  const U = new Uint8Array(32);
  U.set(rounds(key, md5(PAD, id)));
  // Algorithm 1: each stream with its object's key.
  const objectKey = (ref: PDFRef) => {
    const n = ref.objectNumber;
    const g = ref.generationNumber;
    const salt = Uint8Array.from([n & 255, (n >> 8) & 255, (n >> 16) & 255, g & 255, g >> 8]);
    return md5(key, salt).subarray(0, 16);
  };
  const context = doc.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream || object instanceof PDFContentStream)) continue;
    const plain = object.getContents();
    const dict = object.dict.clone(context);
    dict.set(PDFName.of('Length'), PDFNumber.of(plain.length));
    context.assign(ref, PDFRawStream.of(dict, rc4(objectKey(ref), plain)));
  }
  const hex = (bytes: Uint8Array) => PDFHexString.of(Buffer.from(bytes).toString('hex'));
  const encrypt = context.obj({
    Filter: 'Standard',
    V: 2,
    R: 3,
    Length: 128,
    P: permissions,
  });
  encrypt.set(PDFName.of('O'), hex(O));
  encrypt.set(PDFName.of('U'), hex(U));
  context.trailerInfo.Encrypt = context.register(encrypt);
  context.trailerInfo.ID = PDFArray.withContext(context);
  (context.trailerInfo.ID as PDFArray).push(hex(id));
  (context.trailerInfo.ID as PDFArray).push(hex(id));
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** A document's bytes with everything after the header's first line overwritten by noise. */
export function corruptPdf(pdf: Uint8Array, seed = 7): Uint8Array {
  const out = Uint8Array.from(pdf);
  let state = seed;
  const start = out.indexOf(0x0a) + 1;
  for (let i = start; i < out.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    // Every third byte: objects' keywords and numbers broken, not all of the file.
    if (i % 3 === 0) out[i] = state >>> 24;
  }
  return out;
}

/** The first part of a document, as an upload cut short leaves it. */
export const truncatedPdf = (pdf: Uint8Array, share = 0.45) =>
  pdf.slice(0, Math.floor(pdf.length * share));

/**
 * A page drawing one image whose dictionary declares 40,000 by 40,000 RGB pixels (4.8 GB
 * decoded), with a few kilobytes of deflated zeros for its data.
 */
export async function imageBombPdf(side = 40_000): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  // Its data: a megabyte of zeros, deflated (about a kilobyte).
  const data = deflateSync(new Uint8Array(1 << 20));
  const dict = context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    Width: side,
    Height: side,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceRGB',
    Filter: 'FlateDecode',
    Length: data.length,
  });
  const image = context.register(PDFRawStream.of(dict, data));
  const name = page.node.newXObject('Bomb', image);
  const ops = `q 612 0 0 792 0 0 cm ${name.toString()} Do Q`;
  const content = context.register(PDFRawStream.of(context.obj({}), new TextEncoder().encode(ops)));
  page.node.set(PDFName.of('Contents'), content);
  return doc.save({ useObjectStreams: false });
}

/** `pages` cheap pages, each saying only its number: one font, one short stream each. */
export async function manyPagesPdf(pages = 500): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${n} of ${pages}`, { x: 280, y: 40, size: 9, font });
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.MAX_SAFE_INTEGER });
}

/**
 * A page drawing a JPEG whose dictionary says 100 by 100 pixels while the JPEG's own frame
 * header says 40,000 by 40,000: the size checked is not the size decoded.
 */
export async function jpegBombPdf(jpeg: Uint8Array, side = 40_000): Promise<Uint8Array> {
  const bytes = Uint8Array.from(jpeg);
  // The baseline frame header (SOF0, FF C0): length, precision, height, width.
  for (let i = 2; i + 9 < bytes.length; i++) {
    if (bytes[i] === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2)) {
      bytes[i + 5] = side >> 8;
      bytes[i + 6] = side & 255;
      bytes[i + 7] = side >> 8;
      bytes[i + 8] = side & 255;
      break;
    }
  }
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  const dict = context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    Width: 100,
    Height: 100,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceRGB',
    Filter: 'DCTDecode',
    Length: bytes.length,
  });
  const image = context.register(PDFRawStream.of(dict, bytes));
  const name = page.node.newXObject('Bomb', image);
  const ops = `q 612 0 0 792 0 0 cm ${name.toString()} Do Q`;
  const content = context.register(PDFRawStream.of(context.obj({}), new TextEncoder().encode(ops)));
  page.node.set(PDFName.of('Contents'), content);
  return doc.save({ useObjectStreams: false });
}
