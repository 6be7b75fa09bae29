import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Region } from '../../../contract/findings.ts';

// A second layout of the project's own: notarized affidavits drawn unlike the reference
// service's (seed/documents.ts), so that the checks are shown to read text and ink and not one
// generator's positions. A4 or Legal pages; the matter reference as "File No.: …" at the
// right or "Ref. …" centred; "Page 2 of 3" at the top right, or "2 of 3 pages" or "Page 2/3"
// in the footer; the affiant's line on the right half with their name and "Signature of
// Affiant" under it; a mixed-case venue; a jurat ("Sworn to and subscribed before me this 4th
// day of March, 2026") in one of the date formats the rules read; the seal to the right of the
// notary's signature; Helvetica or Courier. Each defect is drawn where a real one would be,
// with the regions that show it (PDF points from the page's top-left corner, 1-based pages).
// It knows nothing of the rules: it is a document, not a test of one.

export const SECOND_LAYOUT_DEFECTS = [
  'unsigned',
  'no-seal',
  'faint-seal',
  'cut-off-seal', // off the page's right edge here
  'other-seal',
  'blank-county',
  'date-mismatch',
  'blank-page',
  'wrong-reference',
] as const;
export type SecondLayoutDefect = (typeof SECOND_LAYOUT_DEFECTS)[number];

export const DATE_STYLES = [
  'day-of',
  'month-day',
  'short-month',
  'day-month',
  'iso',
  'us',
] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

export interface SecondLayoutStyle {
  paper: 'a4' | 'legal';
  font: 'helvetica' | 'courier';
  /** "File No.: <ref>" at the header's right (a firm's name at its left), or "Ref. <ref>" centred. */
  reference: 'file-no' | 'ref-centred';
  /** "Page 2 of 3" at the top right, "2 of 3 pages" or "Page 2/3" in the footer's centre. */
  numbering: 'top-right' | 'of-pages' | 'slash';
  /** "County of X" alone, with ", ss:" after it, or a ") ss:" column beside the venue. */
  venue: 'plain' | 'ss' | 'brackets';
  /** The jurat's date; the affiant's is written in the next style along. */
  dates: DateStyle;
  /** The affiant's date as "Dated: …" text, or written over a rule labelled Date. */
  signedDate: 'dated' | 'date-line';
}

export interface SecondLayoutFacts {
  matterReference: string;
  signerName: string;
  notaryName: string;
  state: string;
  county: string;
  /** The day it was signed and sworn, yyyy-mm-dd. */
  date: string;
  /** Pages before any blank one is put in; 3 by default. */
  pages?: number;
  /** The notary's seal (PNG), stamped by the jurat. */
  seal: Uint8Array;
  /** Another notary's seal, stamped on an `other-seal` document. */
  otherSeal?: Uint8Array;
  defects?: readonly SecondLayoutDefect[];
  /** Picks the style (and the filler) where `style` leaves a choice. */
  seed?: number;
  style?: Partial<SecondLayoutStyle>;
  title?: string;
  firmName?: string;
}

export interface SecondLayoutDocument {
  bytes: Uint8Array;
  pages: number;
  style: SecondLayoutStyle;
  /** Each defect drawn, with the regions that show it. */
  defects: { kind: SecondLayoutDefect; regions: Region[] }[];
}

const INK = rgb(0.1, 0.12, 0.38);
const NBSP = '\u00a0';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const FILLER = [
  'I am over the age of eighteen years, of sound mind, and competent to make this statement, and the facts set out below are within my own knowledge.',
  'I have lived at the address given in the records of this file for more than three years, and it is my principal place of residence.',
  'No other person claims that address as a residence for the purposes for which this statement is given, to the best of my knowledge and belief.',
  'I make this statement so that the parties to the transaction named in the file reference above may rely on it, and for no other purpose.',
  'Every copy of the documents I have supplied with this statement is a true and complete copy of its original, which I will produce on request.',
  'I understand that a false statement made here may be punished under the laws of the state named above, and I have read each paragraph before signing.',
  'I have not used any other name in the past ten years, except as shown in a separate writing attached to this statement.',
  'My identity was established by a current government identification bearing my photograph, which I presented in person.',
  'I will tell the firm named above promptly if any of these facts change before the transaction closes, and in writing.',
  'Nothing in this statement waives any right or defense available to me under applicable law, and it is given freely.',
];

/** A small, seeded generator: FNV-1a of the key, then mulberry32. */
export function seeded(key: string | number) {
  let h = 0x811c9dc5;
  for (const ch of String(key)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  let state = h;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** The style `seed` picks, with `given` over it. */
export function styleOf(seed: number, given: Partial<SecondLayoutStyle> = {}): SecondLayoutStyle {
  const r = seeded(`style:${seed}`);
  return {
    paper: pick(r, ['a4', 'legal'] as const),
    font: pick(r, ['helvetica', 'courier'] as const),
    reference: pick(r, ['file-no', 'ref-centred'] as const),
    numbering: pick(r, ['top-right', 'of-pages', 'slash'] as const),
    venue: pick(r, ['plain', 'ss', 'brackets'] as const),
    dates: pick(r, DATE_STYLES),
    signedDate: pick(r, ['dated', 'date-line'] as const),
    ...given,
  };
}

/** A day (yyyy-mm-dd) as `style` writes it. */
export function writeDate(day: string, style: DateStyle): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = MONTHS[m - 1]!;
  const nth = (n: number) =>
    `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
  switch (style) {
    case 'day-of':
      return `${nth(d)} day of ${month}, ${y}`;
    case 'month-day':
      return `${month} ${d}, ${y}`;
    case 'short-month':
      return `${month.slice(0, 3)}. ${d}, ${y}`;
    case 'day-month':
      return `${d} ${month} ${y}`;
    case 'iso':
      return day;
    case 'us':
      return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
  }
}

/** Another matter's reference: the last run of digits moved on. */
export function misfiledReference(reference: string): string {
  const m = /(\d+)(?!.*\d)/.exec(reference);
  if (!m?.[1]) return `${reference}-B`;
  const n = String((Number(m[1]) + 3571) % 10 ** m[1].length).padStart(m[1].length, '0');
  return reference.slice(0, m.index) + n + reference.slice(m.index + m[1].length);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A hand's stroke for `name`, as an SVG path (y down, its baseline at 30): loops for tall
 * letters and humps for the rest, leaning right, then a stroke under it all. About 40 points
 * high at most.
 */
export function handStroke(name: string): string {
  const r = seeded(`hand:${name}`);
  const letters = name.replace(/[^A-Za-z ]/g, '').slice(0, 16) || 'X';
  const base = 30;
  const at = (x: number, y: number) => `${(x + (base - y) * 0.25).toFixed(1)} ${y.toFixed(1)}`;
  let x = 0;
  let d = `M ${at(0, base)}`;
  for (const [i, ch] of [...letters].entries()) {
    if (ch === ' ') {
      x += 6;
      d += ` M ${at(x, base - 1)}`;
      continue;
    }
    const tall = /[A-Zbdfhklt]/.test(ch);
    const high = (tall ? 17 + (i === 0 ? 7 : 0) : 7) + r() * 5;
    const w = (tall ? 7 : 5) + r() * 5;
    const top = base - high;
    if (tall || /[aegos]/.test(ch)) {
      d += ` C ${at(x + w * 0.9, base - high * 0.4)} ${at(x + w, top)} ${at(x + w * 0.5, top)}`;
      d += ` C ${at(x - w * 0.1, top)} ${at(x + w * 0.3, base + 1)} ${at(x + w * 1.1, base)}`;
    } else {
      d += ` C ${at(x + w * 0.25, top)} ${at(x + w * 0.75, top)} ${at(x + w, base + r() * 2)}`;
    }
    x += tall ? w * 1.1 : w;
  }
  return `${d} M ${at(-4, base + 5)} C ${at(x * 0.4, base + 9)} ${at(x * 0.8, base + 2)} ${at(x + 10, base + 4)}`;
}

/** Folds what the standard fonts cannot encode (WinAnsi) to ASCII. */
const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\u00a0]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

interface Faces {
  body: PDFFont;
  bold: PDFFont;
  size: number;
  lead: number;
}

/** The notarized affidavit `facts` describe, drawn in this layout. */
export async function renderSecondLayout(facts: SecondLayoutFacts): Promise<SecondLayoutDocument> {
  const seed = facts.seed ?? 0;
  const style = styleOf(seed, facts.style);
  const defects = new Set(facts.defects ?? []);
  const has = (d: SecondLayoutDefect) => defects.has(d);
  const pages = Math.max(1, Math.floor(facts.pages ?? 3));
  const [W, H] = style.paper === 'a4' ? PageSizes.A4 : PageSizes.Legal;
  const M = 64;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const courier = style.font === 'courier';
  const f: Faces = {
    body: await doc.embedFont(courier ? StandardFonts.Courier : StandardFonts.Helvetica),
    bold: await doc.embedFont(courier ? StandardFonts.CourierBold : StandardFonts.HelveticaBold),
    size: courier ? 10.5 : 11,
    lead: 15,
  };
  const stamped = has('other-seal') ? facts.otherSeal : facts.seal;
  if (!stamped) throw new RangeError('an other-seal document needs the other notary’s seal');
  const seal = await doc.embedPng(stamped);
  const signer = ascii(facts.signerName);
  const notary = ascii(facts.notaryName);
  const title = ascii(facts.title ?? 'Affidavit of Residence');
  const firm = ascii(facts.firmName ?? 'Carver & Lund, Attorneys at Law');

  const found: { kind: SecondLayoutDefect; regions: Region[] }[] = [];
  const record = (kind: SecondLayoutDefect, regions: Region[]) => {
    if (has(kind)) found.push({ kind, regions });
  };
  /** A box given as pdf-lib draws (from the bottom), as a region (from the top), padded. */
  const box = (page: number, x: number, bottom: number, width: number, height: number) => ({
    page,
    x: round(Math.max(0, x - 2)),
    y: round(Math.max(0, H - bottom - height - 2)),
    width: round(width + 4),
    height: round(height + 4),
  });
  /** Text at baseline `y`, as a region. */
  const textBox = (page: number, x: number, y: number, width: number, size: number) =>
    box(page, x, y - size * 0.25, width, size * 1.05);
  const write = (page: PDFPage, t: string, x: number, y: number, size = f.size, font = f.body) =>
    page.drawText(t, { x, y, size, font });
  const widthOf = (t: string, size = f.size, font = f.body) => font.widthOfTextAtSize(t, size);

  const body = W - 2 * M;
  const r = seeded(`filler:${seed}`);
  const start = Math.floor(r() * FILLER.length);
  const paragraph = (i: number) => FILLER[(start + i * 3) % FILLER.length]!;

  // The close, drawn on the last page: its height first, to keep room for it.
  const juratWhen = writeDate(
    has('date-mismatch') ? addDays(facts.date, 2) : facts.date,
    style.dates,
  );
  const signedStyle = DATE_STYLES[(DATE_STYLES.indexOf(style.dates) + 1) % DATE_STYLES.length]!;
  const signedWhen = writeDate(facts.date, signedStyle);
  const keep = (t: string) => t.replaceAll(' ', NBSP);
  const jurat = wrap(
    `Sworn to and subscribed before me ${style.dates === 'day-of' ? 'this' : 'on'} ${keep(juratWhen)}, by ${keep(signer)}, who proved to me on the basis of satisfactory evidence to be the person who appeared before me.`,
    f.body,
    f.size,
    body,
  );
  const closeHeight = 36 + 50 + jurat.length * f.lead + 56 + 70;
  const FOOT = 64;

  let numbered = 0;
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([W, H]);
    // The header: the reference (another matter's on a misfiled page), the page's number.
    const misfiled = has('wrong-reference') && p === Math.min(2, pages);
    const reference = misfiled ? misfiledReference(facts.matterReference) : facts.matterReference;
    const head = H - 38;
    const refText = style.reference === 'file-no' ? `File No.: ${reference}` : `Ref. ${reference}`;
    const refSize = style.reference === 'file-no' ? 9 : 9.5;
    const refX =
      style.reference === 'file-no'
        ? W - M - widthOf(refText, refSize)
        : (W - widthOf(refText, refSize)) / 2;
    if (style.reference === 'file-no') write(page, firm, M, head, 9, f.bold);
    write(page, refText, refX, head, refSize);
    if (misfiled)
      record('wrong-reference', [textBox(p, refX, head, widthOf(refText, refSize), refSize)]);
    const number =
      style.numbering === 'top-right'
        ? `Page ${p} of ${pages}`
        : style.numbering === 'of-pages'
          ? `${p} of ${pages} pages`
          : `Page ${p}/${pages}`;
    if (style.numbering === 'top-right')
      write(page, number, W - M - widthOf(number, 9), head - 14, 9);
    else write(page, number, (W - widthOf(number, 9)) / 2, 34, 9);
    page.drawLine({ start: { x: M, y: H - 62 }, end: { x: W - M, y: H - 62 }, thickness: 0.5 });

    let y = H - 100;
    if (p === 1) {
      const t = title.toUpperCase();
      write(page, t, (W - widthOf(t, 14, f.bold)) / 2, y, 14, f.bold);
      y -= 38;
      y = venue(page, y) - 14;
      const intro = wrap(
        `I, ${keep(signer)}, being first duly sworn according to law, depose and say:`,
        f.body,
        f.size,
        body,
      );
      for (const line of intro) {
        write(page, line, M, y);
        y -= f.lead;
      }
      y -= 6;
    }
    // Numbered paragraphs down to the floor; the last page keeps room for the close, and the
    // document's first page has at least one.
    const floor = p === pages ? FOOT + closeHeight : FOOT + 20;
    for (let i = 0; ; i++) {
      const lines = wrap(paragraph(p * 7 + i), f.body, f.size, body - 22);
      if (y - lines.length * f.lead < floor && !(i === 0 && p === pages && pages === 1)) break;
      write(page, `${++numbered}.`, M, y);
      for (const line of lines) {
        write(page, line, M + 22, y);
        y -= f.lead;
      }
      y -= 6;
      if (p === pages && i >= 1) break;
    }
    if (p === pages) close(page, p, y);
  }

  function venue(page: PDFPage, y: number): number {
    const state = `State of ${ascii(facts.state)}`;
    const county = has('blank-county') ? '____________' : ascii(facts.county);
    const countyLine = `County of ${county}${style.venue === 'ss' ? ', ss:' : ''}`;
    write(page, state, M, y);
    write(page, countyLine, M, y - 16);
    const cx = M + widthOf('County of ');
    record('blank-county', [textBox(1, cx, y - 16, widthOf(county), f.size)]);
    if (style.venue === 'brackets') {
      const bx = M + 210;
      write(page, ')', bx, y);
      write(page, ')  ss:', bx, y - 8);
      write(page, ')', bx, y - 16);
    }
    return y - 16 - f.lead;
  }

  function close(page: PDFPage, p: number, top: number) {
    // The affiant's line on the right half: their hand over it, name and role under it; the
    // date at the left, level with it.
    const ruleY = top - 36 - 40;
    const sx = W / 2 + 10;
    const sw = Math.min(210, W - M - sx);
    if (!has('unsigned')) {
      page.drawSvgPath(handStroke(signer), {
        x: sx + 10,
        y: ruleY + 34,
        borderColor: INK,
        borderWidth: 1.1,
      });
    }
    page.drawLine({ start: { x: sx, y: ruleY }, end: { x: sx + sw, y: ruleY }, thickness: 0.7 });
    record('unsigned', [box(p, sx, ruleY - 2, sw, 42)]);
    write(page, signer, sx, ruleY - 13);
    write(page, 'Signature of Affiant', sx, ruleY - 25, 8.5);
    let signedBox: Region;
    if (style.signedDate === 'dated') {
      const label = 'Dated: ';
      write(page, label + signedWhen, M, ruleY + 2);
      signedBox = textBox(p, M + widthOf(label), ruleY + 2, widthOf(signedWhen), f.size);
    } else {
      const dw = Math.max(120, widthOf(signedWhen) + 16);
      write(page, signedWhen, M + 4, ruleY + 4);
      page.drawLine({ start: { x: M, y: ruleY }, end: { x: M + dw, y: ruleY }, thickness: 0.7 });
      write(page, 'Date', M, ruleY - 12, 8.5);
      signedBox = textBox(p, M + 4, ruleY + 4, widthOf(signedWhen), f.size);
    }

    // The jurat, then the notary's line at the left and the seal to its right.
    let y = ruleY - 50;
    let juratBox: Region | undefined;
    const needle = keep(juratWhen);
    for (const line of jurat) {
      write(page, line, M, y);
      const at = line.indexOf(needle);
      if (at >= 0) {
        juratBox = textBox(p, M + widthOf(line.slice(0, at)), y, widthOf(needle), f.size);
      }
      y -= f.lead;
    }
    record('date-mismatch', [signedBox, ...(juratBox ? [juratBox] : [])]);
    const ny = y - 56 + f.lead;
    page.drawSvgPath(handStroke(notary), {
      x: M + 12,
      y: ny + 34,
      borderColor: INK,
      borderWidth: 1,
    });
    page.drawLine({ start: { x: M, y: ny }, end: { x: M + 200, y: ny }, thickness: 0.7 });
    write(page, notary, M, ny - 13);
    write(page, `Notary Public, State of ${ascii(facts.state)}`, M, ny - 24, 8.5);
    const expires = writeDate(addDays(facts.date, 900 + (seed % 300)), 'month-day');
    write(page, `My commission expires ${expires}`, M, ny - 35, 8.5);

    const side = 96 + (seed % 4) * 4;
    const place = { x: M + 226, y: ny - side / 2 - 8, width: side, height: side };
    const shift = 45;
    const x = has('cut-off-seal') ? W - side + shift : place.x;
    const opacity = has('faint-seal') ? 0.13 : 0.85;
    if (!has('no-seal')) page.drawImage(seal, { ...place, x, opacity });
    const stampedBox = box(p, place.x, place.y, place.width, place.height);
    for (const kind of ['no-seal', 'faint-seal', 'other-seal'] as const) record(kind, [stampedBox]);
    record('cut-off-seal', [box(p, x, place.y, W - x, place.height)]);
  }

  // A blank page put in before the last (after the only one): what follows moves a page on.
  let total = pages;
  if (has('blank-page')) {
    const at = Math.max(2, pages); // 1-based
    doc.insertPage(at - 1, [W, H]);
    total += 1;
    for (const entry of found) {
      entry.regions = entry.regions.map((r) => (r.page >= at ? { ...r, page: r.page + 1 } : r));
    }
    found.push({ kind: 'blank-page', regions: [{ page: at, x: 0, y: 0, width: W, height: H }] });
  }
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, pages: total, style, defects: found };
}

const round = (n: number) => Math.round(n * 10) / 10;
