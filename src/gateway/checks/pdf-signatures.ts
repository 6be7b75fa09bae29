import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import * as asn1js from 'asn1js';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import type { PDFContext, PDFObject, PDFPage } from 'pdf-lib';
import * as pkijs from 'pkijs';

// A PDF's digital signatures, for the "No alterations" check (ISO 32000-1 12.8; PAdES, ETSI EN
// 319 142-1). Each signature dictionary's /ByteRange [a b c d] names the bytes signed, two runs
// either side of its /Contents, a CMS SignedData over them. The file is scanned for /ByteRange
// with indexOf rather than parsed: signature dictionaries are never in object streams (their
// offsets must be fixed before signing), and a scan reads a damaged file as far as it can. Only
// when bytes follow the last signed range is the file parsed (pdf-lib), twice, to name what
// those later revisions changed.

export interface SignatureFinding {
  /** The signature's /ByteRange. */
  byteRange: [number, number, number, number];
  /** The CMS digest matches the signed bytes and the signature verifies with the signer's key. */
  intact: boolean;
  /** The signer's certificate chains to one of the trusted certificates (and was valid at signing). */
  trusted: boolean;
  /** The signer's subject common name, where given. */
  signer?: string;
  /** What is wrong, in a short phrase, where anything is. */
  problem?: string;
}

export interface SignatureReport {
  signatures: SignatureFinding[];
  /** Bytes after the end of the last signature's signed range (0 when it covers the whole file, allowing trailing whitespace/newlines). */
  bytesAfter: number;
  /** Where bytesAfter > 0: what the later revision(s) changed, in a short phrase, e.g. "page 1's content was changed after signing", "a page was added after signing", "annotations were added to page 2 after signing". */
  changedAfter?: string;
  /** 1-based pages the later revision changed (for drawing regions), where known. */
  changedPages: number[];
}

type ByteRange = SignatureFinding['byteRange'];

/** More is no real document's: the rest are reported, not read (each costs a verification). */
const MAX_SIGNATURES = 20;
/** The longest /Contents read, in hex digits: 1 MiB of CMS, room for embedded CRLs and OCSP. */
const MAX_CONTENTS_HEX = 2 * 1024 * 1024;
/** How far either side of /Contents the rest of its signature dictionary (its /M) is looked for. */
const DICTIONARY_REACH = 4096;
/** A content stream inflated past this is taken as changed rather than read (a zip bomb). */
const MAX_INFLATED = 64 * 1024 * 1024;
/** The most objects one walk from a page's resources or annotations visits. */
const MAX_WALK = 10_000;

/** PDF whitespace (ISO 32000-1 7.2.2): what may follow the signed range and still be nothing. */
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const BYTE_RANGE = Buffer.from('/ByteRange');
const CONTENTS = Buffer.from('/Contents');

const OID = {
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
} as const;
/** Digest algorithms by OID, as node:crypto names them. */
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Reads every signature of `pdf` (bytes), checking each against `trusted` (DER certificates). Never throws for a malformed PDF: a signature it cannot read is a finding with intact false and a problem. */
export async function verifyPdfSignatures(
  pdf: Uint8Array,
  trusted: readonly Uint8Array[],
): Promise<SignatureReport> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const anchors = trusted.flatMap((der) => {
    try {
      return [pkijs.Certificate.fromBER(new Uint8Array(der))];
    } catch {
      return []; // an unreadable trusted certificate trusts nothing
    }
  });
  const { spots, more } = findByteRanges(bytes);
  const signatures: SignatureFinding[] = [];
  let signedEnd = 0;
  for (const spot of spots) {
    const finding = await checkSignature(bytes, spot, anchors).catch((): SignatureFinding =>
      unread(spot.range ?? [0, 0, 0, 0], 'its signature cannot be read'),
    );
    signatures.push(finding);
    // Only a sound range marks where a signed revision ends; an unsound one is its own problem.
    if (spot.range && !rangeProblem(bytes, spot.at, spot.range)) {
      signedEnd = Math.max(signedEnd, spot.range[2] + spot.range[3]);
    }
  }
  if (more) {
    signatures.push(
      unread([0, 0, 0, 0], `more than ${MAX_SIGNATURES} signatures: the rest unread`),
    );
  }
  const after = signedEnd > 0 ? bytesAfter(bytes, signedEnd) : 0;
  if (after === 0) return { signatures, bytesAfter: 0, changedPages: [] };
  const changes = await changesAfter(pdf, signedEnd).catch(() => ({
    changedAfter: 'the file was changed after signing, in a way that cannot be read',
    changedPages: [],
  }));
  return { signatures, bytesAfter: after, ...changes };
}

const unread = (byteRange: ByteRange, problem: string): SignatureFinding => ({
  byteRange,
  intact: false,
  trusted: false,
  problem,
});

/** Where a /ByteRange is, and its four numbers where they can be read. */
interface Spot {
  at: number;
  range: ByteRange | null;
}

function findByteRanges(bytes: Buffer): { spots: Spot[]; more: boolean } {
  const spots: Spot[] = [];
  const seen = new Set<string>();
  let at = bytes.indexOf(BYTE_RANGE);
  for (; at >= 0; at = bytes.indexOf(BYTE_RANGE, at + BYTE_RANGE.length)) {
    const range = readRange(bytes, at + BYTE_RANGE.length);
    // A later revision may write the same signature dictionary again: it is one signature.
    const key = range ? range.join(' ') : `at ${at}`;
    if (seen.has(key)) continue;
    if (spots.length === MAX_SIGNATURES) return { spots, more: true };
    seen.add(key);
    spots.push({ at, range });
  }
  return { spots, more: false };
}

/** `[a b c d]` at `from`: four non-negative integers of at most 15 digits (safe integers). */
function readRange(bytes: Buffer, from: number): ByteRange | null {
  let i = skipWhitespace(bytes, from);
  if (bytes[i] !== 0x5b) return null; // [
  const numbers: number[] = [];
  i += 1;
  while (numbers.length < 4) {
    i = skipWhitespace(bytes, i);
    const start = i;
    let value = 0;
    for (let digit = bytes[i] ?? -1; digit >= 0x30 && digit <= 0x39; digit = bytes[++i] ?? -1) {
      if (i - start === 15) return null;
      value = value * 10 + digit - 0x30;
    }
    if (i === start) return null;
    numbers.push(value);
  }
  return bytes[skipWhitespace(bytes, i)] === 0x5d ? (numbers as ByteRange) : null; // ]
}

function skipWhitespace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && i - from < 256 && WHITESPACE.has(bytes[i] ?? -1)) i += 1;
  return i;
}

async function checkSignature(
  bytes: Buffer,
  { at, range }: Spot,
  anchors: pkijs.Certificate[],
): Promise<SignatureFinding> {
  if (!range) return unread([0, 0, 0, 0], 'its /ByteRange cannot be read');
  const problem = rangeProblem(bytes, at, range);
  if (problem) return unread(range, problem);
  const [a, b, c, d] = range;
  const der = hexBytes(bytes.toString('latin1', a + b + 1, c - 1));
  if (!der) return unread(range, 'its /Contents is not hex');
  const signed = new Uint8Array(b + d);
  signed.set(bytes.subarray(a, a + b), 0);
  signed.set(bytes.subarray(c, c + d), b);
  return {
    byteRange: range,
    ...(await checkCms(der, signed, anchors, () => dictionaryTime(bytes, range))),
  };
}

/**
 * What makes a /ByteRange unfit to check: it must start at the file's start and fit in it, and
 * its gap be exactly its own /Contents' hex string; and the /ByteRange must be among the bytes
 * it signs, or it could be rewritten to leave out whatever was changed.
 */
function rangeProblem(bytes: Buffer, at: number, [a, b, c, d]: ByteRange): string | undefined {
  if (a !== 0) return 'its signed range does not start at the start of the file';
  if (a + b + 2 > c || c + d > bytes.length) return 'its signed range does not fit the file';
  if (bytes[a + b] !== 0x3c || bytes[c - 1] !== 0x3e)
    return 'the gap it leaves is not a hex string';
  let end = a + b;
  while (end > 0 && WHITESPACE.has(bytes[end - 1] ?? -1)) end -= 1;
  const key = bytes.subarray(Math.max(0, end - CONTENTS.length), end);
  if (!key.equals(CONTENTS)) return 'the gap it leaves is not its /Contents';
  if (c - a - b - 2 > MAX_CONTENTS_HEX) return 'its /Contents is too long to read';
  const covered = at + BYTE_RANGE.length <= a + b || (at >= c && at < c + d);
  return covered ? undefined : 'its /ByteRange is not among the bytes it signs';
}

/** The bytes of a hex string's digits (PDF allows whitespace among them), or null. */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  const digits = /^[0-9A-Fa-f]*$/.test(hex) ? hex : hex.replace(/[\0\t\n\f\r ]+/g, '');
  if (!/^[0-9A-Fa-f]*$/.test(digits)) return null;
  // The signer pads /Contents with zeros after the DER; an odd last digit is followed by a 0.
  return new Uint8Array(Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex'));
}

type Verdict = Omit<SignatureFinding, 'byteRange'>;

async function checkCms(
  der: Uint8Array<ArrayBuffer>,
  signed: Uint8Array<ArrayBuffer>,
  anchors: pkijs.Certificate[],
  claimedTime: () => Date | undefined,
): Promise<Verdict> {
  let signedData: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(der);
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) {
      return { intact: false, trusted: false, problem: 'its /Contents is not a CMS signature' };
    }
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    return { intact: false, trusted: false, problem: 'its CMS signature cannot be read' };
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo)
    return { intact: false, trusted: false, problem: 'its CMS signature has no signer' };
  const digestProblem = checkDigest(signedData, signerInfo, signed);
  // pkijs finds the signer's certificate and checks the signature over the signed attributes
  // (and the digest again); the chain is checked below, at the time of signing.
  const result: pkijs.SignedDataVerifyResult = await signedData
    .verify({ signer: 0, data: signed.buffer, extendedMode: true })
    .catch((error: unknown) =>
      error instanceof pkijs.SignedDataVerifyError
        ? error
        : { message: String(error), certificatePath: [] },
    );
  const certificate = result.signerCertificate ?? undefined;
  const signer = certificate && commonName(certificate);
  const intact = !digestProblem && result.signatureVerified === true;
  const intactProblem = intact ? undefined : (digestProblem ?? signatureProblem(result));
  const trustProblem = certificate
    ? await trustProblemOf(
        certificate,
        signedData,
        anchors,
        signingTime(signerInfo) ?? claimedTime(),
      )
    : "the signer's certificate is not in the signature";
  const problem = intactProblem ?? trustProblem;
  return { intact, trusted: !trustProblem, ...(signer && { signer }), ...(problem && { problem }) };
}

/**
 * The digest the signer signed against the signed bytes': in the messageDigest attribute, or
 * (adbe.pkcs7.sha1) as the content itself. Without signed attributes the signature is over the
 * bytes themselves, which pkijs checks.
 */
function checkDigest(
  signedData: pkijs.SignedData,
  signerInfo: pkijs.SignerInfo,
  signed: Uint8Array,
): string | undefined {
  const changed = 'the signed bytes were changed (digest mismatch)';
  const eContent = signedData.encapContentInfo.eContent;
  if (eContent) {
    const sha1 = createHash('sha1').update(signed).digest();
    return sha1.equals(new Uint8Array(eContent.getValue())) ? undefined : changed;
  }
  if (!signerInfo.signedAttrs) return undefined;
  const hash = HASHES[signerInfo.digestAlgorithm.algorithmId];
  if (!hash) return 'its digest algorithm is not supported';
  const attribute = signerInfo.signedAttrs.attributes.find((a) => a.type === OID.messageDigest);
  const value: unknown = attribute?.values[0];
  if (!(value instanceof asn1js.OctetString)) return 'it signs no message digest';
  const digest = createHash(hash).update(signed).digest();
  return digest.equals(value.valueBlock.valueHexView) ? undefined : changed;
}

function signatureProblem(result: pkijs.SignedDataVerifyResult): string {
  if (result.signatureVerified === false)
    return "the signature does not verify with the signer's key";
  if (result.code === 2 || result.code === 3)
    return "the signer's certificate is not in the signature";
  return `its signature cannot be checked: ${result.message}`;
}

/** Why `certificate` is not trusted, or undefined where it chains to an anchor, valid `at`. */
async function trustProblemOf(
  certificate: pkijs.Certificate,
  signedData: pkijs.SignedData,
  anchors: pkijs.Certificate[],
  at = new Date(),
): Promise<string | undefined> {
  const notTrusted = "the signer's certificate does not chain to a trusted certificate";
  const expired = "the signer's certificate chain was not valid when it signed";
  if (anchors.length === 0) return notTrusted;
  // pkijs builds no path when the signer is itself the anchor: its dates are all there is.
  const own = new Uint8Array(certificate.toSchema().toBER(false));
  if (anchors.some((anchor) => Buffer.from(anchor.toSchema().toBER(false)).equals(own))) {
    const valid = certificate.notBefore.value <= at && at <= certificate.notAfter.value;
    return valid ? undefined : expired;
  }
  const others = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate && c !== certificate,
  );
  // The signer goes last: pkijs takes the last of `certs` as the end of the path.
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: anchors,
    certs: [...others, certificate],
    checkDate: at,
  });
  const result = await engine.verify().catch(() => ({ result: false, resultCode: -1 }));
  if (result.result) return undefined;
  return result.resultCode === 8 ? expired : notTrusted;
}

/** The signingTime signed attribute, where the CMS has one (CAdES leaves it to /M). */
function signingTime(signerInfo: pkijs.SignerInfo): Date | undefined {
  const attribute = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID.signingTime);
  const value: unknown = attribute?.values[0];
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) {
    return value.toDate();
  }
  return undefined;
}

/**
 * The signature dictionary's /M, the time the signer claims (PAdES B-B has no other): looked
 * for either side of /Contents, within its own object (not past the neighbours' `endobj`).
 */
function dictionaryTime(bytes: Buffer, [a, b, c]: ByteRange): Date | undefined {
  const from = Math.max(a, a + b - DICTIONARY_REACH);
  const before = bytes.toString('latin1', from, a + b);
  const after = bytes.toString('latin1', c, Math.min(bytes.length, c + DICTIONARY_REACH));
  const own = [before.slice(before.lastIndexOf('endobj') + 1), after.split('endobj')[0] ?? ''];
  for (const text of own) {
    const match = /\/M\s*\(D:([^)]{4,40})\)/.exec(text);
    const date = match?.[1] && pdfDate(match[1]);
    if (date) return date;
  }
  return undefined;
}

/** A PDF date's digits after "D:" (ISO 32000-1 7.9.4): YYYY[MM[DD[HH[mm[SS]]]]][Z|±HH'mm']. */
function pdfDate(text: string): Date | undefined {
  const match = /^(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?(?:([+-])(\d\d)'?(\d\d)?)?/.exec(text);
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = match;
  const [sign, zoneHours = '0', zoneMinutes = '0'] = match.slice(7);
  const offset = (Number(zoneHours) * 60 + Number(zoneMinutes)) * 60_000;
  const utc = Date.UTC(+(year ?? 0), +month - 1, +day, +hour, +minute, +second);
  const time = sign === '+' ? utc - offset : sign === '-' ? utc + offset : utc;
  return Number.isNaN(time) ? undefined : new Date(time);
}

function commonName(certificate: pkijs.Certificate): string | undefined {
  const cn = certificate.subject.typesAndValues.find((t) => t.type === OID.commonName);
  const value: unknown = cn?.value.valueBlock.value;
  return typeof value === 'string' && value ? value : undefined;
}

/** Bytes after `end` up to the last that is not whitespace. */
function bytesAfter(bytes: Buffer, end: number): number {
  let last = bytes.length;
  while (last > end && WHITESPACE.has(bytes[last - 1] ?? -1)) last -= 1;
  return Math.max(0, last - end);
}

// What changed after signing: the revision signed (the file up to the signed range's end) and
// the whole file, each parsed, their pages matched by object number and compared.

async function changesAfter(
  pdf: Uint8Array,
  end: number,
): Promise<Pick<SignatureReport, 'changedAfter' | 'changedPages'>> {
  const load = (bytes: Uint8Array) =>
    PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const [signed, latest] = await Promise.all([load(pdf.subarray(0, end)), load(pdf)]);
  const changed = changedObjects(signed, latest);
  const before = new Map(signed.getPages().map((page, index) => [page.ref.tag, { page, index }]));
  const phrases: string[] = [];
  const changedPages: number[] = [];
  let added = 0;
  let lastIndex = -1;
  let reordered = false;
  latest.getPages().forEach((page, index) => {
    const old = before.get(page.ref.tag);
    if (!old) {
      added += 1;
      changedPages.push(index + 1);
      return;
    }
    reordered ||= old.index < lastIndex;
    lastIndex = old.index;
    const phrase = pageChange(old.page, page, changed, index + 1);
    if (phrase) {
      phrases.push(phrase);
      changedPages.push(index + 1);
    }
  });
  const removed = before.size - (latest.getPageCount() - added);
  const pages = (count: number, what: string) =>
    count === 1 ? `a page was ${what} after signing` : `${count} pages were ${what} after signing`;
  if (added > 0) phrases.push(pages(added, 'added'));
  if (removed > 0) phrases.push(pages(removed, 'removed'));
  if (reordered) phrases.push('the pages were reordered after signing');
  if (phrases.length === 0) {
    phrases.push(
      changed.size === 0
        ? 'bytes were added after signing that change nothing'
        : 'the document was changed after signing, though none of its pages',
    );
  }
  const changedAfter =
    phrases.length <= 3
      ? phrases.join('; ')
      : `${phrases.slice(0, 2).join('; ')}; and ${phrases.length - 2} more changes`;
  return { changedAfter, changedPages: changedPages.sort((x, y) => x - y) };
}

/** The object numbers (tags) the later revisions added or wrote differently. */
function changedObjects(signed: PDFDocument, latest: PDFDocument): Set<string> {
  const changed = new Set<string>();
  for (const [ref, object] of latest.context.enumerateIndirectObjects()) {
    const old = signed.context.lookup(ref);
    if (!old || !sameObject(old, object)) changed.add(ref.tag);
  }
  return changed;
}

function sameObject(a: PDFObject, b: PDFObject): boolean {
  if (a instanceof PDFRawStream && b instanceof PDFRawStream) {
    return Buffer.from(a.contents).equals(b.contents) && sameObject(a.dict, b.dict);
  }
  return a.sizeInBytes() === b.sizeInBytes() && serialized(a).equals(serialized(b));
}

function serialized(object: PDFObject): Buffer {
  const bytes = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/** The one thing most worth saying about how a page changed, if it did. */
function pageChange(old: PDFPage, page: PDFPage, changed: Set<string>, n: number) {
  if (!sameContent(old, page)) return `page ${n}'s content was changed after signing`;
  const [was, is] = [old.node.Annots()?.asArray() ?? [], page.node.Annots()?.asArray() ?? []];
  if (is.length > was.length) return `annotations were added to page ${n} after signing`;
  if (is.length < was.length) return `annotations were removed from page ${n} after signing`;
  if (is.some((entry, i) => !sameTree(was[i], entry, changed, page.doc.context))) {
    return `annotations on page ${n} were changed after signing`;
  }
  if (!sameTree(old.node.Resources(), page.node.Resources(), changed, page.doc.context)) {
    return `page ${n}'s fonts or images were changed after signing`;
  }
  const box = (p: PDFPage) => JSON.stringify([p.getMediaBox(), p.getCropBox(), p.getRotation()]);
  if (box(old) !== box(page)) return `page ${n}'s size or rotation was changed after signing`;
  return undefined;
}

/** The page's content streams, as drawn: compared raw, and where that differs, inflated. */
function sameContent(old: PDFPage, page: PDFPage): boolean {
  const [was, is] = [streamsOf(old), streamsOf(page)];
  const raw = (s: PDFObject, i: number) => {
    const other = is[i];
    return s instanceof PDFRawStream && other instanceof PDFRawStream && sameObject(s, other);
  };
  if (was.length === is.length && was.every(raw)) return true;
  // Written anew but drawing the same (another compression, say): compared inflated.
  const [x, y] = [was.map(inflated), is.map(inflated)];
  if (x.includes(null) || y.includes(null)) return false;
  const [drawn, drawing] = [Buffer.concat(x as Buffer[]), Buffer.concat(y as Buffer[])];
  return drawn.equals(drawing) || wrapped(drawing.toString('latin1'), drawn.toString('latin1'));
}

/**
 * `outer` is `inner` between q and Q, which draws the same: pdf-lib, for one, wraps a page's
 * content so before it adds an annotation or draws on it.
 */
function wrapped(outer: string, inner: string): boolean {
  const body = outer.trim();
  const [q, Q] = [body.at(0), body.at(-1)];
  const spaced = /\s/.test(body.charAt(1)) && /\s/.test(body.charAt(body.length - 2));
  return q === 'q' && Q === 'Q' && spaced && body.slice(1, -1).trim() === inner.trim();
}

function streamsOf(page: PDFPage): PDFObject[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFArray) {
    return contents.asArray().map((entry) => page.doc.context.lookup(entry) ?? entry);
  }
  return contents ? [contents] : [];
}

/** A content stream's bytes with a newline after (streams join as if one), or null if unread. */
function inflated(stream: PDFObject): Buffer | null {
  if (!(stream instanceof PDFRawStream)) return null;
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  const newline = Buffer.from('\n');
  if (only === undefined) return Buffer.concat([stream.contents, newline]);
  if (only !== PDFName.of('FlateDecode') || stream.dict.has(PDFName.of('DecodeParms'))) return null;
  try {
    const bytes = inflateSync(stream.contents, { maxOutputLength: MAX_INFLATED });
    return Buffer.concat([bytes, newline]);
  } catch {
    return null;
  }
}

/**
 * `was` and `is` alike as written here, and no object `is` reaches (not back up through /P or
 * /Parent, to the page and field) changed after signing.
 */
function sameTree(
  was: PDFObject | undefined,
  is: PDFObject | undefined,
  changed: Set<string>,
  context: PDFContext,
): boolean {
  if (!was || !is) return was === is;
  if (!serialized(was).equals(serialized(is))) return false;
  const skip = new Set([PDFName.of('P'), PDFName.of('Parent')]);
  const stack: PDFObject[] = [is];
  const seen = new Set<string>();
  for (let visits = 0; visits < MAX_WALK; visits += 1) {
    const object = stack.pop();
    if (!object) return true;
    if (object instanceof PDFRef) {
      if (changed.has(object.tag)) return false;
      if (seen.has(object.tag)) continue;
      seen.add(object.tag);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) if (!skip.has(key)) stack.push(value);
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    }
  }
  return true; // past the walk's bound nothing is claimed
}
