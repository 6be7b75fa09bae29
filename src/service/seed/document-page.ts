import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { SealingIdentity } from '../sealing/signing-identity.ts';
import type { Defect } from './defects.ts';
import { LEAD, type LayoutRecorder } from './layout.ts';

// What a demo document's page is drawn from and with (documents.ts, certificate.ts): the
// facts as the renderer holds them, the faces, and the few drawing steps both use.

/** What a document is: its title, body and certificate follow from it. */
export type DocumentKind = 'affidavit' | 'poa';

export interface Spec {
  kind: DocumentKind;
  matterReference: string;
  title: string;
  crid?: string;
  firmName: string;
  signerName: string;
  agentName?: string;
  notaryName?: string;
  notarySeal?: Uint8Array;
  /** Another notary's seal, for an `other-seal` document. */
  otherNotarySeal?: Uint8Array;
  state?: string;
  author: string;
  creator: string;
  date: Date;
  pages: number;
  seed: number;
  scan: boolean;
  /** The venue's county; empty when the state has none on file. */
  county: string;
  /** What is wrong with it on purpose (defects.ts); none for a clean document. */
  defects: readonly Defect[];
  /** The service's seal, which a `changed-after-signing` document is sealed with first. */
  sealedBy?: SealingIdentity;
  /** Sealed with it as the signing service completed it (ADR 033). */
  sealed?: boolean;
}

export interface Face {
  font: PDFFont;
  size: number;
  color?: Color;
}
export type Faces = Record<'body' | 'bold' | 'title' | 'firm' | 'small' | 'muted', Face>;

const M = 72;
const SIZE = 12;
const W = 612;
const FULL = W - 2 * M;

/** STATE OF ... ) ss. COUNTY OF ... ): the caption of an affidavit, or of a certificate. */
export function venue(page: PDFPage, f: Faces, s: Spec, p: number, y: number, at: LayoutRecorder) {
  const blank = '________________';
  const county = s.county.toUpperCase() || blank;
  const lines = [`STATE OF ${s.state?.toUpperCase() || blank}`, '', `COUNTY OF ${county}`];
  drawLines(page, [')', ')   ss.', ')'], M + 230, y, f.body);
  at.text('venue', p, M, y, 260, SIZE, 3);
  const cx = M + f.body.font.widthOfTextAtSize('COUNTY OF ', SIZE);
  at.text('county', p, cx, y - 2 * LEAD, f.body.font.widthOfTextAtSize(county, SIZE), SIZE);
  return drawLines(page, lines, M, y, f.body);
}

export function text(page: PDFPage, t: string, x: number, y: number, face: Face) {
  page.drawText(t, { x, y, ...face });
}

/** Right-aligned at the margin; answers where it starts. */
export function right(page: PDFPage, t: string, y: number, face: Face): number {
  const x = W - M - face.font.widthOfTextAtSize(t, face.size);
  text(page, t, x, y, face);
  return x;
}

// One drawText per block of lines: pdf-lib's per-call overhead (validation, font and resource
// lookups) would otherwise dominate render time.
export function drawLines(
  page: PDFPage,
  lines: string[],
  x: number,
  y: number,
  face: Face,
): number {
  if (lines.length) page.drawText(lines.join('\n'), { x, y, ...face, lineHeight: LEAD });
  return y - lines.length * LEAD;
}

// Wraps are memoised across documents (standard-font metrics are the same in every document
// and the filler repeats); words are measured once each, never whole trial lines. A
// non-breaking space keeps a name or a date on one line.
const wrapped = new Map<string, string[]>();

export function wrap(text: string, font: Face['font'], width = FULL): string[] {
  const key = `${font.name}|${width}|${text}`;
  const hit = wrapped.get(key);
  if (hit) return hit;
  const lines: string[] = [];
  let [line, used] = ['', 0];
  const space = font.widthOfTextAtSize(' ', SIZE);
  for (const word of text.split(/[ \t\n]+/)) {
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
