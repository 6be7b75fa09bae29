import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  grayscale,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { COUNTIES, hash, mixed, PARAGRAPHS } from './affidavit-text.ts';

export interface DocumentFacts {
  matterReference: string; // printed as real text in every page header
  title: string;
  crid: string; // account reference, printed in every footer
  firmName: string;
  preparedBy: string;
  preparedOn: string;
  signerName: string;
  notaryName?: string; // adds a jurat and a notary block with a seal box
  state?: string; // venue line; blanks when absent
  pages?: number; // default 3, at least 1
  seed?: number; // picks the filler paragraphs
}

const W = 612; // US Letter in points
const H = 792;
const M = 72;
const TOP = 706;
const BOTTOM = 76;
const SIZE = 12;
const LEAD = 17.5;
const GAP = 7;
const INDENT = 26;
const FULL = W - 2 * M;
const BLANK = '________________';
const INK = rgb(0.08, 0.14, 0.42);
const GREY = grayscale(0.4);
// Scans carry no preparedOn of their own; a fixed date keeps them deterministic too.
const SCAN_DATE = new Date('2026-01-02T15:04:05Z');
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });

interface Face {
  font: PDFFont;
  size: number;
  color?: Color;
}
export type ScanFacts = Pick<DocumentFacts, 'matterReference' | 'signerName'>;
type Faces = Record<'body' | 'title' | 'firm' | 'small' | 'muted', Face>;
type Spec = Omit<DocumentFacts, 'crid' | 'preparedBy' | 'preparedOn' | 'pages' | 'seed'> & {
  crid?: string;
  author: string;
  creator: string;
  date: Date;
  pages: number;
  seed: number;
  scan: boolean;
};

export async function renderDocumentPdf(facts: DocumentFacts): Promise<Uint8Array> {
  const date = new Date(facts.preparedOn);
  if (Number.isNaN(date.getTime())) throw new RangeError(`bad preparedOn: ${facts.preparedOn}`);
  const pages = Number.isFinite(facts.pages) ? Math.max(1, Math.floor(facts.pages ?? 3)) : 3;
  const { preparedBy } = facts;
  const creator = `Attest seed documents (prepared by ${preparedBy})`;
  const seed = Number.isFinite(facts.seed) ? Math.abs(Math.floor(facts.seed ?? 0)) : 0;
  return render({ ...facts, author: preparedBy, creator, date, pages, seed, scan: false });
}

export async function renderScanPdf(facts: ScanFacts): Promise<Uint8Array> {
  const h = hash(facts.matterReference + facts.signerName);
  const [title, firmName, date] = ['Affidavit of Identity', 'Wet-ink original', SCAN_DATE];
  const creator = 'Attest seed documents (simulated scanner)';
  const more = { title, firmName, author: facts.signerName, creator, date };
  return render({ ...facts, ...more, pages: 1 + (h % 2), seed: h, scan: true });
}

async function render(spec: Spec): Promise<Uint8Array> {
  // Standard fonts encode WinAnsi only, so every string is folded to ASCII once, up front.
  const fold = ([k, v]: [string, unknown]) => [k, typeof v === 'string' ? ascii(v) : v];
  const s = Object.fromEntries(Object.entries(spec).map(fold)) as Spec;
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
    title: { font: embed(StandardFonts.TimesRomanBold), size: 16 },
    firm: { font: embed(StandardFonts.HelveticaBold), size: 10.5 },
    small: { font: sans, size: 8.5 },
    muted: { font: sans, size: 8.5, color: GREY },
  };

  // The closing section is wrapped up front so the last page can reserve exactly its height.
  const perjury = `I declare under penalty of perjury${s.state ? ` under the laws of the State of ${s.state}` : ''} that the foregoing is true and correct.`;
  const executed = `Executed on ${s.scan ? BLANK : longDate.format(s.date)}.`;
  const end = s.notaryName ? 'FURTHER AFFIANT SAYETH NOT.' : `${perjury} ${executed}`;
  const closing = wrap(end, serif);
  const jurat = s.notaryName
    ? wrap(
        `Subscribed and sworn to (or affirmed) before me on this ${BLANK} day of ${BLANK}, by ${s.signerName}, proved to me on the basis of satisfactory evidence to be the person who appeared before me.`,
        serif,
      )
    : [];
  const reserve = (closing.length + jurat.length) * LEAD + (s.notaryName ? 260 : 110);

  // The first dozen paragraphs walk the constants from a seed-chosen start, with a stride
  // coprime to 12 so none repeats; later ones are stitched from sentences.
  const stride = [1, 5, 7, 11][Math.floor(s.seed / PARAGRAPHS.length) % 4] ?? 1;
  const paragraph = (i: number) =>
    wrap(
      i < PARAGRAPHS.length
        ? (PARAGRAPHS[(s.seed + i * stride) % PARAGRAPHS.length] ?? '')
        : mixed(s.seed, i),
      serif,
      FULL - INDENT,
    );
  let n = 0;
  let rest: string[] = []; // lines of the paragraph in progress not drawn yet

  for (let p = 1; p <= s.pages; p++) {
    const page = doc.addPage([W, H]);
    if (s.scan) scanBegin(page, s.seed + p);
    chrome(page, f, s, p);
    let y = p === 1 ? opening(page, f, s) : TOP;
    const last = p === s.pages;
    const floor = last ? BOTTOM + reserve : BOTTOM;
    // On the last page the carried-over tail is finished, then only whole paragraphs fit.
    for (;;) {
      if (!rest.length) {
        const lines = paragraph(n);
        if (y - GAP - (last ? lines.length : 2) * LEAD < floor) break; // no orphan first lines
        y -= GAP;
        text(page, `${++n}.`, M, y, f.body);
        rest = [...lines];
      }
      const fit = last ? rest.length : Math.floor((y - floor) / LEAD);
      y = block(page, rest.splice(0, fit), M + INDENT, y, f.body);
      if (rest.length) break;
    }
    if (last) signatures(page, f, s, y, closing, jurat);
    if (s.scan) page.pushOperators(popGraphicsState());
  }
  // The default objectsPerTick yields to the event loop every 50 objects, costing milliseconds.
  return doc.save({ objectsPerTick: Number.MAX_SAFE_INTEGER, useObjectStreams: false });
}

function chrome(page: PDFPage, f: Faces, s: Spec, p: number) {
  page.drawRectangle({ x: 0, y: H - 50, width: W, height: 50, color: grayscale(0.93) });
  page.drawLine({ start: { x: 0, y: H - 50 }, end: { x: W, y: H - 50 }, thickness: 0.8 });
  text(page, s.firmName, M, H - 31, f.firm);
  right(page, `Matter No. ${s.matterReference}`, H - 31, { ...f.small, size: 9.5 });
  page.drawLine({ start: { x: M, y: 56 }, end: { x: W - M, y: 56 }, thickness: 0.5, color: GREY });
  if (s.crid) text(page, `Account ${s.crid}`, M, 42, f.muted);
  right(page, `Page ${p} of ${s.pages}`, 42, f.muted);
}

function opening(page: PDFPage, f: Faces, s: Spec): number {
  const title = s.title.toUpperCase();
  text(page, title, (W - f.title.font.widthOfTextAtSize(title, 16)) / 2, TOP, f.title);
  const counties = s.state ? COUNTIES[s.state.toLowerCase()] : undefined;
  const county = counties?.[s.seed % counties.length]?.toUpperCase() ?? BLANK;
  const venue = [`STATE OF ${s.state?.toUpperCase() || BLANK}`, '', `COUNTY OF ${county}`];
  block(page, [')', ')   ss.', ')'], M + 230, TOP - 40, f.body);
  const y = block(page, venue, M, TOP - 40, f.body) - 10;
  const intro = s.notaryName
    ? `BEFORE ME, the undersigned authority, on this day personally appeared ${s.signerName}, who, being by me first duly sworn, upon oath deposed and stated as follows:`
    : `I, ${s.signerName}, being of lawful age and competent to testify, declare and state as follows:`;
  return block(page, wrap(intro, f.body.font), M, y, f.body);
}

function signatures(page: PDFPage, f: Faces, s: Spec, top: number, end: string[], jurat: string[]) {
  let y = block(page, end, M, top - GAP, f.body) - 44;
  if (s.scan) {
    const path = signaturePath(s.signerName);
    page.drawSvgPath(path, { x: M + 8, y: y + 37, borderColor: INK, borderWidth: 1.1 });
  }
  rule(page, M, y, 220);
  text(page, s.signerName, M, y - 14, f.body);
  text(page, 'Affiant', M, y - 27, f.small);
  rule(page, M + 290, y, 130);
  if (!s.scan) text(page, longDate.format(s.date), M + 290, y + 4, f.body);
  text(page, 'Date', M + 290, y - 14, f.small);
  if (!s.notaryName) return;
  y = block(page, jurat, M, y - 56, f.body) - 24;
  // The seal box sits beside the notary's signature, as on paper certificates.
  const seal = { x: M, y: y - 96, width: 108, height: 108, borderWidth: 0.75 };
  page.drawRectangle({ ...seal, borderColor: GREY, borderDashArray: [3, 2] });
  text(page, '(NOTARY SEAL)', M + 22, y - 46, { ...f.muted, size: 7.5 });
  rule(page, M + 150, y - 20, 246);
  const h = hash(s.notaryName + s.matterReference);
  const expires = new Date(s.date);
  expires.setUTCFullYear(expires.getUTCFullYear() + 2 + (h % 3));
  text(page, s.notaryName, M + 150, y - 34, f.body);
  const commission = [
    `Notary Public${s.state ? `, State of ${s.state}` : ''}`,
    `Commission No. ${String(h % 1e8).padStart(8, '0')}`,
    `My commission expires: ${longDate.format(expires)}`,
  ];
  commission.forEach((l, i) => text(page, l, M + 150, y - 47 - i * 12, f.small));
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

// Cursive-looking loops and waves shaped by the signer's letters, then an underline flourish.
// SVG coordinates: y grows downwards and the baseline sits at y = 34.
function signaturePath(name: string): string {
  const letters =
    name
      .replace(/[^A-Za-z ]/g, '')
      .trim()
      .slice(0, 14) || 'X';
  let h = hash(name);
  const rnd = () => ((h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0) % 1000) / 1000;
  const base = 34;
  const p = (x: number, y: number) => `${(x + (base - y) * 0.3).toFixed(1)} ${y.toFixed(1)}`; // slant
  let x = 0;
  let d = `M ${p(0, base)}`;
  for (const [i, ch] of [...letters].entries()) {
    if (ch === ' ') {
      x += 5;
      d += ` M ${p(x, base - 2)}`;
      continue;
    }
    const tall = /[A-Zbdfhklt]/.test(ch);
    const ht = (tall ? 20 + (i === 0 ? 8 : 0) : 8) + rnd() * 6;
    const w = (tall ? 8 : 6) + rnd() * 5;
    const y = base - ht;
    if (tall || /[aeos]/.test(ch)) {
      // A loop: rise to the right, turn over the top, fall back and run on.
      d += ` C ${p(x + w, base - ht * 0.3)} ${p(x + w * 1.1, y)} ${p(x + w * 0.55, y)}`;
      d += ` C ${p(x, y)} ${p(x + w * 0.2, base)} ${p(x + w * 1.2, base + rnd() * 2)}`;
    } else {
      // A hump (n, m, r) or a cup (u, v, w): a wave without a loop.
      const top = /[uvwy]/.test(ch) ? base : y;
      d += ` C ${p(x + w * 0.2, y)} ${p(x + w * 0.8, top)} ${p(x + w, base + rnd() * 2)}`;
    }
    x += tall ? w * 1.2 : w;
  }
  const flourish = `C ${p(x * 0.3, base + 2)} ${p(x * 0.7, base + 9)} ${p(x + 12, base + 3)}`;
  return `${d} M ${p(-6, base + 6)} ${flourish}`;
}

function rule(page: PDFPage, x: number, y: number, width: number) {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.7 });
}

function text(page: PDFPage, t: string, x: number, y: number, face: Face) {
  page.drawText(t, { x, y, ...face });
}

function right(page: PDFPage, t: string, y: number, face: Face) {
  text(page, t, W - M - face.font.widthOfTextAtSize(t, face.size), y, face);
}

// One drawText per block of lines: pdf-lib's per-call overhead (validation, font and resource
// lookups) would otherwise dominate render time.
function block(page: PDFPage, lines: string[], x: number, y: number, face: Face): number {
  if (lines.length) page.drawText(lines.join('\n'), { x, y, ...face, lineHeight: LEAD });
  return y - lines.length * LEAD;
}

// Wraps are memoised across documents (standard-font metrics are the same in every document
// and the filler repeats); words are measured once each, never whole trial lines.
const wrapped = new Map<string, string[]>();

function wrap(text: string, font: PDFFont, width = FULL): string[] {
  const key = `${font.name}|${width}|${text}`;
  const hit = wrapped.get(key);
  if (hit) return hit;
  const lines: string[] = [];
  let [line, used] = ['', 0];
  const space = font.widthOfTextAtSize(' ', SIZE);
  for (const word of text.split(/\s+/)) {
    const w = font.widthOfTextAtSize(word, SIZE);
    if (line && used + space + w > width) {
      lines.push(line);
      [line, used] = [word, w];
    } else [line, used] = line ? [`${line} ${word}`, used + space + w] : [word, w];
  }
  if (line) lines.push(line);
  if (wrapped.size > 2000) wrapped.clear(); // names make keys unbounded over a long run
  wrapped.set(key, lines);
  return lines;
}

// Folds accents away (and anything else WinAnsi lacks) rather than let pdf-lib throw.
function ascii(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}
