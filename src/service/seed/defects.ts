import type { Region } from '../../contract/findings.ts';
import { PAGE_H, PAGE_W, type DocumentLayout } from './layout.ts';

// The defects a QC reviewer finds in real notarized documents (ADR 038), each drawn on the
// page by the generator (documents.ts, certificate.ts) where a real one would be, and recorded
// with the regions that show it: what the demo's history and findings point at, and what a
// machine reading the page must find.

export const DEFECTS = [
  'unsigned', // no ink on the signer's signature line
  'no-seal', // the notary's seal never stamped
  'faint-seal', // stamped too lightly to read
  'cut-off-seal', // stamped off the page's edge
  'other-seal', // another notary's seal
  'blank-county', // the venue's county left blank
  'date-mismatch', // notarized on another day than signed
  'blank-page', // an empty page among the document's
  'wrong-reference', // one page's header carries another matter's reference
  'changed-after-signing', // a line added to page 1 after the document was signed and sealed
] as const;
export type Defect = (typeof DEFECTS)[number];

/** The checks (catalog keys) a reviewer fails for each defect, whichever the process has. */
export const DEFECT_ITEMS: Record<Defect, readonly string[]> = {
  unsigned: ['signature-present', 'ink-signature', 'poa-signature', 'std-signature'],
  'no-seal': ['seal-legible', 'scan-seal', 'poa-seal', 'std-seal'],
  'faint-seal': ['seal-legible', 'scan-seal', 'poa-seal', 'std-seal'],
  'cut-off-seal': ['seal-legible', 'scan-seal', 'poa-seal', 'std-seal'],
  'other-seal': ['seal-legible', 'scan-seal', 'poa-seal', 'std-seal'],
  'blank-county': ['venue'],
  'date-mismatch': ['dates-match', 'std-date'],
  'blank-page': ['pages-complete', 'all-pages', 'std-pages'],
  'wrong-reference': ['matter-reference', 'scan-reference', 'std-reference'],
  'changed-after-signing': ['no-alterations'],
};

/**
 * The line a `changed-after-signing` document gains after its seal, by an incremental update
 * (sealing/change-after-seal.ts, which draws it in 9-point Helvetica): in the gap under page
 * 1's header, above the body's first line, as a forged amendment would be squeezed in.
 */
export const AMENDMENT = {
  page: 1,
  x: 72,
  /** The text's baseline, in points from the page's bottom. */
  baseline: 727,
  size: 9,
  text: 'Amended: the balance owed is $1,250.00, payable in full by the first of next month.',
} as const;

/** Where the amendment is, `width` points wide: its line, with room for ascent and descent. */
export function amendmentRegion(width: number): Region {
  const { page, x, baseline, size } = AMENDMENT;
  return { page, x, y: PAGE_H - baseline - size, width, height: size * 1.5 };
}

/** Defects of the notary's own making: a weak notary makes these more often. */
export const NOTARIAL_DEFECTS: ReadonlySet<Defect> = new Set([
  'no-seal',
  'faint-seal',
  'cut-off-seal',
  'other-seal',
  'blank-county',
  'date-mismatch',
]);

/** Defects that only a notarized document can have. */
export const NEEDS_NOTARY: ReadonlySet<Defect> = new Set([
  'no-seal',
  'faint-seal',
  'cut-off-seal',
  'other-seal',
  'date-mismatch',
]);

/** A matter reference that is not `reference`: another matter's, as a misfiled page has. */
export function otherReference(reference: string): string {
  const digits = /(\d+)(?!.*\d)/.exec(reference);
  if (!digits?.[1]) return `${reference}-X`;
  const n = String((Number(digits[1]) + 7919) % 10 ** digits[1].length).padStart(
    digits[1].length,
    '0',
  );
  return reference.slice(0, digits.index) + n + reference.slice(digits.index + digits[1].length);
}

/** The page a wrong reference is printed on: the second, or the only one. */
export const wrongReferencePage = (pages: number) => Math.min(2, pages);

/** How far past the page's left edge a `cut-off-seal` is stamped: 45 of its 108 points. */
export const CUT_OFF_SHIFT = 45;

/**
 * The regions that show each defect, from where the parts were drawn: the empty line, the
 * seal's place (within the page), the blank county, both dates, the blank page, the wrong
 * header. `blankPage` is the inserted page's number.
 */
export function defectRegions(
  layout: DocumentLayout,
  defect: Defect,
  blankPage?: number,
): Region[] {
  const parts = layout.parts;
  switch (defect) {
    case 'unsigned':
      return parts.signature ?? [];
    case 'no-seal':
    case 'faint-seal':
    case 'other-seal':
      return parts.seal ?? [];
    case 'cut-off-seal':
      // What is left of it on the page: the recorded box starts at the page's edge.
      return (parts.seal ?? []).map((r) => ({ ...r, width: Math.max(8, r.width - CUT_OFF_SHIFT) }));
    case 'blank-county':
      return parts.county ?? parts.venue ?? [];
    case 'date-mismatch':
      return [...(parts.signatureDate ?? []), ...(parts.notaryDate ?? [])];
    case 'blank-page':
      return blankPage ? [{ page: blankPage, x: 0, y: 0, width: PAGE_W, height: PAGE_H }] : [];
    case 'wrong-reference': {
      const page = wrongReferencePage(layout.pages);
      return (parts.reference ?? []).filter((r) => r.page === page);
    }
    case 'changed-after-signing':
      // Drawn after the seal, by the generator, which records it then (documents.ts).
      return [];
  }
}
