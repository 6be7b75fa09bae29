import type { PDFFont } from 'pdf-lib';
import type { Region } from '../../contract/findings.ts';

// Where the generator drew each part of a document (documents.ts), so that what points at a
// part (a seeded finding's region, a test) points at the ink and not at a guess. Boxes are in
// the contract's region terms: PDF points from the page's top-left corner, 1-based pages.

export const PAGE_W = 612; // US Letter in points
export const PAGE_H = 792;
export const LEAD = 17.5;

export const PARTS = [
  'header', // the band at the top of every page
  'reference', // "Matter No. ..." in the header
  'footer', // the band at the bottom of every page
  'pageNumber', // "Page N of M"
  'initials', // the initials box of a page that calls for them
  'title',
  'venue', // STATE OF ... COUNTY OF ...
  'county', // the county's name (or its blank) in the venue
  'body', // the numbered paragraphs
  'alteration', // the paragraph a page changed after signing changes
  'principal', // a power of attorney's principal, named in the grant
  'agent', // its agent, named in the grant
  'powers', // the powers granted
  'durable', // the durability clause
  'signature', // the signer's signature line, with the ink over it
  'signerName', // the signer's printed name under it
  'signatureDate', // the date beside the signature
  'certificate', // the notarial certificate's text (jurat or acknowledgment)
  'notaryDate', // the date of the notarial act in the certificate
  'notarySignature', // the notary's signature line, with the ink over it
  'commission', // the notary's printed name, commission number and expiry
  'seal', // where the notary's seal is stamped
] as const;
export type Part = (typeof PARTS)[number];

export interface DocumentLayout {
  pages: number;
  parts: Partial<Record<Part, Region[]>>;
  /** The defects drawn on purpose (defects.ts), each with the regions that show it. */
  defects?: { kind: string; regions: Region[] }[];
}

const PAD = 2;

export function createLayout(pages: number) {
  const layout: DocumentLayout = { pages, parts: {} };
  const r = (n: number) => Math.round(n * 10) / 10;
  /** A rectangle in pdf-lib's terms: from the bottom-left corner, y its lower edge. */
  const rect = (part: Part, page: number, x: number, y: number, width: number, height: number) => {
    const box = {
      page,
      x: r(Math.max(0, x - PAD)),
      y: r(Math.max(0, PAGE_H - y - height - PAD)),
      width: r(width + 2 * PAD),
      height: r(height + 2 * PAD),
    };
    (layout.parts[part] ??= []).push(box);
  };
  /** Lines of text from the first baseline `y` down, `width` wide, at `size`. */
  const text = (
    part: Part,
    page: number,
    x: number,
    y: number,
    width: number,
    size: number,
    lines = 1,
  ) =>
    rect(
      part,
      page,
      x,
      y - (lines - 1) * LEAD - size * 0.25,
      width,
      size * 0.95 + (lines - 1) * LEAD,
    );
  return { layout, rect, text };
}
export type LayoutRecorder = ReturnType<typeof createLayout>;

/**
 * Where `needle` sits in lines drawn from `x` and the first baseline `y`: its line's index and
 * the x it starts at and its width. Needles are kept on one line by wrap() (non-breaking
 * spaces); one that is not there answers undefined.
 */
export function locate(lines: readonly string[], needle: string, font: PDFFont, size: number) {
  for (const [index, line] of lines.entries()) {
    const at = line.indexOf(needle);
    if (at < 0) continue;
    const dx = font.widthOfTextAtSize(line.slice(0, at), size);
    return { index, dx, width: font.widthOfTextAtSize(needle, size) };
  }
  return undefined;
}
