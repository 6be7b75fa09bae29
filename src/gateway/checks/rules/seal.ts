import type { Region } from '../../../contract/findings.ts';
import type { DocumentRead, PageRead, Word } from '../document-read.ts';
import { densest, likeness, nonTextInk, strength } from './ink.ts';
import { fail, pass, unsure, type CheckFacts, type Rule } from './judgement.ts';
import { regionOf } from './page-text.ts';
import { compareSealNumbers } from './seal-text.ts';
import { certificateOf, signatureLines } from './signing.ts';

// The notary's seal, stamped by the certificate: whole, strongly enough to read, and the
// notary's own: like the one on file and, where OCR reads a number on both, not another's.

/** A seal at least this many points a side; a stamp is rarely under an inch. */
const SEAL_MIN = 50;
/** Stamped this strongly (0 to 255), its strokes read. */
const LEGIBLE = 90;
/** As like the one on file as this, it is theirs; under OTHER, it is not. */
const OWN = 0.75;
const OTHER = 0.65;
/**
 * The same for a scanned stamp, compared at the scan's sharpness (ink.ts `likeness`), where
 * everything is more alike: on 30 scans an own stamp measured 85% at least, another
 * notary's of the same state 75% at most. Between the two a person looks, unless the stamp's
 * number is another's (seal-text.ts).
 */
const OWN_SCANNED = 0.82;
const OTHER_SCANNED = 0.72;
/** Under this, the ink is no stamp at all (scans without a seal measured 0%). */
const NOT_A_SEAL = 0.25;

/**
 * A word of the page's that is print, not part of a stamp: OCR reads a seal's lettering as
 * short words ("0p", "EN", "|"), some at 60 to 80% confidence, and left out of the ink they
 * cut the stamp's box short (a clean scan's own seal measured under 25% alike, "not a seal").
 * Printed short words ("of", "me") are read at 90% and more.
 */
const printedWord = (word: Word) => {
  if (word.confidence === undefined) return true;
  const letters = word.text.replace(/[^\p{L}\p{N}]/gu, '').length;
  return word.confidence >= 60 && letters > 0 && (letters >= 3 || word.confidence >= 90);
};

type Stamped = ReturnType<typeof findStampedSeal>;
/**
 * Each read's stamp, found once: the worker finds it to read its letters, then the rule
 * judges the same pages (the read with those letters added keeps its `pages`).
 */
const stampsFound = new WeakMap<readonly PageRead[], { facts: CheckFacts; stamped: Stamped }>();

/**
 * Where the seal is looked for on the certificate's page, and the ink found there: the
 * densest patch of ink that is not text nor a signature, between the certificate's first
 * line and the page's foot. The worker reads its letters by OCR too (seal-reread.ts).
 */
export function stampedSeal(read: DocumentRead, facts: CheckFacts): Stamped {
  const known = stampsFound.get(read.pages);
  if (known?.facts === facts) return known.stamped;
  const stamped = findStampedSeal(read, facts);
  stampsFound.set(read.pages, { facts, stamped });
  return stamped;
}

function findStampedSeal(read: DocumentRead, facts: CheckFacts) {
  const certificate = certificateOf(read);
  if (!certificate) return undefined;
  const { page, line } = certificate;
  // Where a seal goes: from the certificate's first line to the page's foot, edge to edge.
  const area = { x: 0, y: line.y, width: page.width, height: page.height * 0.95 - line.y };
  const lines = signatureLines(read, facts).filter((l) => l.page === page);
  const notaryLine = lines.find((l) => l.role === 'notary');
  // Where a missing seal was due: the band across the page by the notary's signature (a seal
  // is stamped beside it, on either side, or under the certificate where no line is found).
  const place: Region = regionOf({
    page: page.page,
    x: 2,
    y: notaryLine ? notaryLine.area.y - 30 : line.y + 40,
    width: page.width - 4,
    height: 140,
  });
  const ink = page.detail ?? page.ink;
  const mask = nonTextInk(page, 12, ink, printedWord);
  // Signature lines and their ink are not a seal.
  const s = ink.scale;
  for (const l of lines) {
    const [x0, x1] = [
      Math.max(0, Math.floor(l.rule.x * s)),
      Math.min(ink.width, Math.ceil((l.rule.x + l.rule.width) * s)),
    ];
    for (
      let y = Math.max(0, Math.floor(l.area.y * s));
      y < Math.min(ink.height, Math.ceil((l.rule.y + 3) * s));
      y++
    ) {
      mask.fill(0, y * ink.width + x0, y * ink.width + x1);
    }
  }
  return { page, place, ink, mask, found: densest(mask, ink, area, SEAL_MIN) };
}

export const seal: Rule = (read, facts) => {
  const stamped = stampedSeal(read, facts);
  if (!stamped) {
    if (read.pages.some((p) => p.source === 'none'))
      return unsure('pages without text were not read (OCR is off)');
    return unsure('no notarial certificate was found to look for a seal by');
  }
  const { page, place, ink, mask, found } = stamped;
  // Only a seal on file is shown beside the page: none, and there is nothing to show.
  const onFile = facts.notary?.sealOnFile
    ? { image: 'notarySeal' as const, userId: facts.notary.userId }
    : undefined;
  const withFile = <T extends object>(judgement: T) =>
    onFile ? { ...judgement, onFile } : judgement;
  if (!found || found.fill < 0.05) {
    return withFile(fail(`No seal by the notary's certificate on page ${page.page}`, [place]));
  }
  const box = found.box;
  const region = regionOf({ page: page.page, ...box });
  if (found.touches.left || found.touches.right || found.touches.top || found.touches.bottom) {
    const edge = (['left', 'right', 'top', 'bottom'] as const).find((e) => found.touches[e]);
    return withFile(fail(`The seal is cut off at the page's ${edge} edge`, [region]));
  }
  if (box.width < SEAL_MIN * 0.8 || box.height < SEAL_MIN * 0.8) {
    return withFile(unsure('Ink by the certificate, too small to be a seal', [region]));
  }
  const strong = strength(ink, mask, box);
  if (strong < LEGIBLE) {
    return withFile(
      fail(`The seal is too faint to read (stamped at ${Math.round((strong / 255) * 100)}% ink)`, [
        region,
      ]),
    );
  }
  if (!facts.notary || !read.sealOnFile) {
    return withFile(
      unsure('A whole seal is stamped; there is no seal on file to compare it with', [region]),
    );
  }
  const scanned = page.source === 'ocr';
  const similarity =
    Math.round(likeness(ink, box, read.sealOnFile, undefined, { scanned }) * 100) / 100;
  const judged = { ...onFile!, similarity };
  const [own, other] = scanned ? [OWN_SCANNED, OTHER_SCANNED] : [OWN, OTHER];
  const name = facts.notary.name;
  const alike = `${pct(similarity)} alike`;
  // Nothing like a seal at all (another notary's measures half alike, its rings are the same):
  // the ink found is a signature's flourish or a smudge, and the seal is missing.
  if (similarity < NOT_A_SEAL) {
    return withFile(
      fail(`No seal by the notary's certificate on page ${page.page}: the ink there is not one`, [
        place,
      ]),
    );
  }
  // The numbers printed on the seals only ever fail one: another number on the stamp is
  // another commission's seal, however alike it looks. The notary's own number read there
  // passes nothing (a certificate prints it beside the seal too); it is said, for the person.
  const numbers = read.sealText && compareSealNumbers(read.sealText);
  if (numbers && !numbers.agree) {
    return {
      ...fail(
        `The seal's number reads ${numbers.stamped}; ${name}'s seal on file reads ${numbers.onFile} (${alike})`,
        [region],
      ),
      onFile: judged,
    };
  }
  const sameNumber = numbers ? `, its number ${numbers.onFile} as on file` : '';
  if (similarity < other) {
    return {
      ...fail(`The seal is not like ${name}'s on file (${alike})`, [region]),
      onFile: judged,
    };
  }
  if (similarity < own) {
    return {
      ...unsure(`The seal is only ${pct(similarity)} like the one on file${sameNumber}`, [region]),
      onFile: judged,
    };
  }
  return {
    ...pass(`Whole, legible and ${pct(similarity)} like ${name}'s seal on file${sameNumber}`, [
      region,
    ]),
    onFile: judged,
  };
};

const pct = (n: number) => `${Math.round(n * 100)}%`;
