import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  grayscale,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';
import { COUNTIES, hash, mixed, PARAGRAPHS, sentencesOf } from './affidavit-text.ts';
import { signatureBlock } from './certificate.ts';
import { changeAfterSeal } from '../sealing/change-after-seal.ts';
import { sealPdf } from '../sealing/seal.ts';
import type { SealingIdentity } from '../sealing/signing-identity.ts';
import { AMENDMENT, amendmentRegion, defectRegions, otherReference } from './defects.ts';
import { wrongReferencePage, type Defect } from './defects.ts';
import { drawLines, right, text, venue, wrap } from './document-page.ts';
import { embedPngOnce } from './pdf-image.ts';
import type { DocumentKind, Faces, Spec } from './document-page.ts';
import { createLayout, LEAD, locate, PAGE_H as H, PAGE_W as W } from './layout.ts';
import type { DocumentLayout, LayoutRecorder, Part } from './layout.ts';
import type { Region } from '../../contract/findings.ts';
import { POA_DURABLE, POA_PARAGRAPHS, POA_POWERS, poaGrant } from './poa-text.ts';

export type { DocumentLayout, Part } from './layout.ts';
export { PARTS } from './layout.ts';
export type { DocumentKind } from './document-page.ts';

export interface DocumentFacts {
  matterReference: string; // printed as real text in every page header
  title: string;
  /** Defaults from the title: a power of attorney when it says so, an affidavit otherwise. */
  kind?: DocumentKind;
  crid: string; // account reference, printed in every footer
  firmName: string;
  preparedBy: string;
  preparedOn: string;
  signerName: string;
  /** A power of attorney's agent. */
  agentName?: string;
  notaryName?: string; // adds a notarial certificate (jurat or acknowledgment) and a seal
  /** The notary's seal image on file (PNG or JPEG), stamped in the certificate; else a box. */
  notarySeal?: Uint8Array;
  state?: string; // venue line; blanks when absent
  pages?: number; // default 3, at least 1
  seed?: number; // picks the filler paragraphs
  /** What is wrong with it on purpose (defects.ts); none by default. */
  defects?: readonly Defect[];
  /** Another notary's seal, which an `other-seal` document is stamped with. */
  otherNotarySeal?: Uint8Array;
  /** The service's seal, which a `changed-after-signing` document is sealed with first. */
  sealedBy?: SealingIdentity;
  /** Sealed with `sealedBy` as the signing service completed it (ADR 033): an e-signed one. */
  sealed?: boolean;
}

/** A document's bytes, and where on its pages each part was drawn. */
export interface RenderedDocument {
  bytes: Uint8Array;
  layout: DocumentLayout;
}

const M = 72;
const TOP = 706;
const BOTTOM = 76;
const SIZE = 12;
const GAP = 7;
const INDENT = 26;
const FULL = W - 2 * M;
const NBSP = '\u00a0';
const GREY = grayscale(0.4);
const POA_SENTENCES = sentencesOf(POA_PARAGRAPHS);
// Scans carry no preparedOn of their own; a fixed date keeps them deterministic too.
const SCAN_DATE = new Date('2026-01-02T15:04:05Z');

export type ScanFacts = Pick<DocumentFacts, 'matterReference' | 'signerName'> &
  Partial<
    Pick<
      DocumentFacts,
      | 'title'
      | 'kind'
      | 'notaryName'
      | 'notarySeal'
      | 'state'
      | 'agentName'
      | 'defects'
      | 'otherNotarySeal'
    >
  >;

export async function renderDocumentPdf(facts: DocumentFacts): Promise<Uint8Array> {
  return (await renderDocument(facts)).bytes;
}

export async function renderDocument(facts: DocumentFacts): Promise<RenderedDocument> {
  const date = new Date(facts.preparedOn);
  if (Number.isNaN(date.getTime())) throw new RangeError(`bad preparedOn: ${facts.preparedOn}`);
  const pages = Number.isFinite(facts.pages) ? Math.max(1, Math.floor(facts.pages ?? 3)) : 3;
  const { preparedBy } = facts;
  const creator = `Attest seed documents (prepared by ${preparedBy})`;
  const seed = Number.isFinite(facts.seed) ? Math.abs(Math.floor(facts.seed ?? 0)) : 0;
  const kind = facts.kind ?? kindOf(facts.title);
  const defects = facts.defects ?? [];
  const county = countyOf(facts.state, seed);
  return render({
    ...facts,
    kind,
    author: preparedBy,
    creator,
    date,
    pages,
    seed,
    scan: false,
    county,
    defects,
  });
}

export async function renderScanPdf(facts: ScanFacts): Promise<Uint8Array> {
  return (await renderScan(facts)).bytes;
}

/** A wet-ink original as a scanner gives it back: skewed, specked, signed by hand. */
export async function renderScan(facts: ScanFacts): Promise<RenderedDocument> {
  const h = hash(facts.matterReference + facts.signerName);
  const title = facts.title ?? 'Affidavit of Identity';
  const kind = facts.kind ?? kindOf(title);
  const [firmName, date] = ['Wet-ink original', SCAN_DATE];
  const creator = 'Attest seed documents (simulated scanner)';
  const more = { title, kind, firmName, author: facts.signerName, creator, date };
  const defects = facts.defects ?? [];
  const county = countyOf(facts.state, h);
  const pages = 1 + (h % 2);
  return render({ ...facts, ...more, pages, seed: h, scan: true, county, defects });
}

export const kindOf = (title: string): DocumentKind =>
  /power of attorney/i.test(title) ? 'poa' : 'affidavit';

function countyOf(state: string | undefined, seed: number) {
  const counties = state ? COUNTIES[state.toLowerCase()] : undefined;
  return counties?.[seed % counties.length] ?? '';
}

async function render(spec: Spec): Promise<RenderedDocument> {
  // Standard fonts encode WinAnsi only, so every string is folded to ASCII once, up front.
  const fold = ([k, v]: [string, unknown]) => [k, typeof v === 'string' ? ascii(v) : v];
  const folded = Object.fromEntries(Object.entries(spec).map(fold)) as Spec;
  // A venue left half filled in: the county's line stays blank.
  const s = spec.defects.includes('blank-county') ? { ...folded, county: '' } : folded;
  // pdf-lib would stamp "now" as the creation and modification dates; updateMetadata: false
  // skips that, and both are set from the facts below. Its resource names come from a
  // fixed-seed RNG and it writes no trailer /ID, so the bytes depend on the input alone.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(s.title);
  doc.setSubject(s.matterReference);
  doc.setAuthor(s.author);
  doc.setCreator(s.creator);
  doc.setProducer('Attest reference service');
  doc.setCreationDate(s.date);
  doc.setModificationDate(s.date);
  // Each standard font is embedded once per document and shared by every page.
  const embed = (name: StandardFonts) => doc.embedStandardFont(name);
  const [serif, sans] = [embed(StandardFonts.TimesRoman), embed(StandardFonts.Helvetica)];
  const f: Faces = {
    body: { font: serif, size: SIZE },
    bold: { font: embed(StandardFonts.TimesRomanBold), size: SIZE },
    title: { font: embed(StandardFonts.TimesRomanBold), size: 16 },
    firm: { font: embed(StandardFonts.HelveticaBold), size: 10.5 },
    small: { font: sans, size: 8.5 },
    muted: { font: sans, size: 8.5, color: GREY },
  };
  const at = createLayout(s.pages);
  const wrapBody = (t: string, width = FULL) => wrap(t, serif, width);
  const stamped = s.defects.includes('other-seal') ? spec.otherNotarySeal : spec.notarySeal;
  if (s.defects.includes('other-seal') && !stamped) {
    throw new RangeError('an other-seal document needs the other notary’s seal');
  }
  const seal = stamped && s.notaryName ? await embedImage(doc, stamped) : undefined;
  const block = signatureBlock(s, f, wrapBody, seal);
  const paragraphs = bodyOf(s, wrapBody);
  let n = 0;
  let rest: Paragraph | undefined; // the paragraph in progress, its lines not drawn yet

  for (let p = 1; p <= s.pages; p++) {
    const page = doc.addPage([W, H]);
    if (s.scan) scanBegin(page, s.seed + p);
    chrome(page, f, s, p, at);
    let y = p === 1 ? opening(page, f, s, at) : TOP;
    const last = p === s.pages;
    const floor = last ? BOTTOM + block.height : BOTTOM;
    // On the last page the carried-over tail is finished, then only whole paragraphs fit.
    for (;;) {
      if (!rest?.lines.length) {
        const next = paragraphs(n);
        if (y - GAP - (last ? next.lines.length : 2) * LEAD < floor) break; // no orphan first lines
        y -= GAP;
        text(page, `${++n}.`, M, y, f.body);
        rest = { ...next, lines: [...next.lines] };
      }
      const fit = last ? rest.lines.length : Math.floor((y - floor) / LEAD);
      const lines = rest.lines.splice(0, fit);
      at.text('body', p, M, y, FULL, SIZE, lines.length);
      for (const part of rest.parts)
        at.text(part, p, M + INDENT, y, FULL - INDENT, SIZE, lines.length);
      for (const [part, needle] of rest.names) {
        const hit = locate(lines, needle, serif, SIZE);
        if (hit) at.text(part, p, M + INDENT + hit.dx, y - hit.index * LEAD, hit.width, SIZE);
      }
      y = drawLines(page, lines, M + INDENT, y, f.body);
      if (rest.lines.length) break;
    }
    if (last) block.draw(page, p, y, at);
    if (s.scan) page.pushOperators(popGraphicsState());
  }
  at.layout.defects = recordDefects(doc, at.layout, s);
  const amended = at.layout.defects.find((d) => d.kind === 'changed-after-signing');
  if (amended)
    amended.regions = [amendmentRegion(sans.widthOfTextAtSize(AMENDMENT.text, AMENDMENT.size))];
  // The default objectsPerTick yields to the event loop every 50 objects, costing milliseconds.
  const bytes = await doc.save({
    objectsPerTick: Number.MAX_SAFE_INTEGER,
    useObjectStreams: false,
  });
  if (amended) return { bytes: await sealThenAmend(bytes, s), layout: at.layout };
  return { bytes: s.sealed ? await sealedAsCompleted(bytes, s) : bytes, layout: at.layout };
}

/** Signed and sealed as the signing service completed it (ADR 033). */
async function sealedAsCompleted(bytes: Uint8Array, s: Spec): Promise<Uint8Array> {
  if (!s.sealedBy) throw new RangeError('a sealed document needs sealedBy');
  return sealPdf(s.sealedBy, bytes, {
    signedAt: s.date,
    reason: `Signed electronically: ${s.matterReference}`,
  });
}

/**
 * Signed and sealed as the signing service completed it (ADR 033), then given a line by an
 * incremental update: the seal still verifies over what it signed, and a verifier says the
 * document was changed after it.
 */
async function sealThenAmend(bytes: Uint8Array, s: Spec): Promise<Uint8Array> {
  if (!s.sealedBy) throw new RangeError('a changed-after-signing document needs sealedBy');
  const sealed = await sealedAsCompleted(bytes, s);
  const { page, x, baseline: y, text: line } = AMENDMENT;
  return changeAfterSeal(sealed, { page: page - 1, x, y, text: line });
}

interface Paragraph {
  lines: string[];
  /** The parts the whole paragraph is. */
  parts: Part[];
  /** The parts named by a phrase in it. */
  names: [Part, string][];
}

/** The numbered paragraphs: an affidavit's statements, or a power of attorney's grant. */
function bodyOf(s: Spec, wrapBody: (t: string, width?: number) => string[]) {
  const width = FULL - INDENT;
  const plain = (t: string, parts: Part[] = []): Paragraph => ({
    lines: wrapBody(t, width),
    parts,
    names: [],
  });
  const pool = s.kind === 'poa' ? POA_PARAGRAPHS : PARAGRAPHS;
  // The first paragraphs walk the pool from a seed-chosen start, with a stride coprime to its
  // length so none repeats; later ones are stitched from sentences.
  const stride = [1, 5, 7, 11][Math.floor(s.seed / pool.length) % 4] ?? 1;
  const sentences = s.kind === 'poa' ? POA_SENTENCES : undefined;
  const filler = (i: number) =>
    i < pool.length
      ? (pool[(s.seed + i * stride) % pool.length] ?? '')
      : mixed(s.seed, i, sentences);
  // The second paragraph is the one a page changed after signing would change.
  const statement = (i: number) => plain(filler(i), i === 1 ? ['alteration'] : []);
  if (s.kind !== 'poa') return statement;
  const keep = (name: string) => name.replaceAll(' ', NBSP);
  const [principal, agent] = [keep(s.signerName), keep(s.agentName || 'Jordan Avery Blake')];
  const grant = poaGrant(principal, agent, keep(s.county || '________'), s.state || '________');
  const fixed: Paragraph[] = [
    {
      lines: wrapBody(grant, width),
      parts: [],
      names: [
        ['principal', principal],
        ['agent', agent],
      ],
    },
    {
      lines: POA_POWERS.flatMap((line, i) =>
        wrapBody(line, width - (i ? 14 : 0)).map((l) => (i ? `    ${l}` : l)),
      ),
      parts: ['powers'],
      names: [],
    },
    plain(POA_DURABLE, ['durable']),
  ];
  return (i: number) => fixed[i] ?? plain(filler(i - fixed.length), i === 3 ? ['alteration'] : []);
}

function chrome(page: PDFPage, f: Faces, s: Spec, p: number, at: LayoutRecorder) {
  page.drawRectangle({ x: 0, y: H - 50, width: W, height: 50, color: grayscale(0.93) });
  page.drawLine({ start: { x: 0, y: H - 50 }, end: { x: W, y: H - 50 }, thickness: 0.8 });
  at.rect('header', p, 0, H - 50, W, 50);
  text(page, s.firmName, M, H - 31, f.firm);
  const misfiled = s.defects.includes('wrong-reference') && p === wrongReferencePage(s.pages);
  const reference = `Matter No. ${misfiled ? otherReference(s.matterReference) : s.matterReference}`;
  const rx = right(page, reference, H - 31, { ...f.small, size: 9.5 });
  at.text('reference', p, rx, H - 31, W - M - rx, 9.5);
  page.drawLine({ start: { x: M, y: 56 }, end: { x: W - M, y: 56 }, thickness: 0.5, color: GREY });
  at.rect('footer', p, M, 30, FULL, 28);
  if (s.crid) text(page, `Account ${s.crid}`, M, 42, f.muted);
  const number = `Page ${p} of ${s.pages}`;
  const nx = right(page, number, 42, f.muted);
  at.text('pageNumber', p, nx, 42, W - M - nx, f.muted.size);
  if (p < s.pages && s.kind === 'affidavit') {
    // Every page but the signature page calls for the affiant's initials.
    const label = 'Initials:';
    const lx = W / 2 - 40;
    text(page, label, lx, 42, f.muted);
    const rx0 = lx + f.muted.font.widthOfTextAtSize(label, f.muted.size) + 4;
    page.drawLine({ start: { x: rx0, y: 40 }, end: { x: rx0 + 40, y: 40 }, thickness: 0.5 });
    at.rect('initials', p, lx, 36, rx0 + 40 - lx, 16);
  }
}

function opening(page: PDFPage, f: Faces, s: Spec, at: LayoutRecorder): number {
  const title = s.title.toUpperCase();
  const tw = f.title.font.widthOfTextAtSize(title, 16);
  text(page, title, (W - tw) / 2, TOP, f.title);
  at.text('title', 1, (W - tw) / 2, TOP, tw, 16);
  let y = TOP - 40;
  if (s.kind === 'affidavit') y = venue(page, f, s, 1, y, at) - 10;
  if (s.kind === 'poa') return y + 16;
  const intro = s.notaryName
    ? `BEFORE ME, the undersigned authority, on this day personally appeared ${s.signerName}, who, being by me first duly sworn, upon oath deposed and stated as follows:`
    : `I, ${s.signerName}, being of lawful age and competent to testify, declare and state as follows:`;
  return drawLines(page, wrap(intro, f.body.font), M, y, f.body);
}

// A scanner bed: off-white paper, a few dust specks, content skewed by a fraction of a degree.
function scanBegin(page: PDFPage, seed: number) {
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: rgb(0.975, 0.968, 0.95) });
  for (let i = 0; i < 6; i++) {
    const r = hash(`${seed}:${i}`);
    const [x, y] = [(r % 577) + 10, ((r >>> 10) % 757) + 10];
    page.drawCircle({ x, y, size: 0.4 + (r % 5) / 5, color: grayscale(0.55) });
  }
  const a = ((((seed % 9) - 4) / 10) * Math.PI) / 180;
  const [c, sn, cx, cy] = [Math.cos(a), Math.sin(a), W / 2, H / 2];
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(c, sn, -sn, c, cx - c * cx + sn * cy, cy - sn * cx - c * cy),
  );
}

/**
 * The defects drawn, with the regions that show each; a blank page is put in last, before the
 * signature page, and what follows it moves a page on.
 */
function recordDefects(doc: PDFDocument, layout: DocumentLayout, s: Spec) {
  const drawn = s.defects.filter((d) => d !== 'blank-page');
  const recorded: { kind: Defect; regions: Region[] }[] = drawn.map((kind) => ({
    kind,
    regions: defectRegions(layout, kind),
  }));
  if (!s.defects.includes('blank-page')) return recorded;
  const blank = s.pages; // 1-based: where the last page was
  doc.insertPage(blank - 1, [W, H]);
  const shift = (r: Region) => (r.page >= blank ? { ...r, page: r.page + 1 } : r);
  for (const [part, regions] of Object.entries(layout.parts)) {
    layout.parts[part as Part] = regions.map(shift);
  }
  for (const entry of recorded) entry.regions = entry.regions.map(shift);
  layout.pages += 1;
  recorded.push({ kind: 'blank-page', regions: defectRegions(layout, 'blank-page', blank) });
  return recorded;
}

/** A PNG or a JPEG, told by its first bytes, as a notary's image on file may be either. */
function embedImage(doc: PDFDocument, bytes: Uint8Array) {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  return png ? embedPngOnce(doc, bytes) : doc.embedJpg(bytes);
}

// Folds accents away (and anything else WinAnsi lacks) rather than let pdf-lib throw.
function ascii(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}
