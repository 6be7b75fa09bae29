import type { Region } from '../../../contract/findings.ts';
import { densest, likeness, nonTextInk, strength } from './ink.ts';
import { fail, pass, unsure, type Rule } from './judgement.ts';
import { capital } from './pages.ts';
import { linesOf, regionOf } from './page-text.ts';
import { certificateOf, signatureLines } from './signing.ts';

// The notary's part: the venue filled in, and the seal stamped by the certificate, whole,
// strongly enough to read, and like the one on file.

const STATE = /^\s*state\s+of\b\s*(.*)$/i;
const COUNTY = /^\s*(county|parish|borough)\s+of\b\s*(.*)$/i;
const EMPTY = /^[\s_.)\-–—]*$/;
/** A run of underscores: part of a line left blank. */
const BLANK_LINE = /_{3,}/;

export const venue: Rule = (read) => {
  const problems: string[] = [];
  const regions: Region[] = [];
  const doubts: string[] = [];
  const doubtRegions: Region[] = [];
  let seen = 0;
  for (const page of read.pages) {
    for (const line of linesOf(page)) {
      const state = STATE.exec(line.text);
      const county = COUNTY.exec(line.text);
      const value = state ? state[1] : county ? county[2] : undefined;
      if (value === undefined) continue;
      seen++;
      // The caption's brackets and its "ss." (") ss.", ", ss:") are not the value; nor is
      // what follows a comma, where OCR may read the "ss:" as anything short ("BS!").
      const filled = value
        .replace(/[\s),;:]*(\bss\b[.:]*)?[\s)]*$/i, '')
        .replace(/,\s*\S{1,3}\s*$/, '');
      const what = state ? 'state' : 'county';
      if (EMPTY.test(filled)) {
        problems.push(`the ${what} is blank on page ${page.page}`);
        regions.push(regionOf(line));
      } else if (page.source === 'ocr' && BLANK_LINE.test(filled)) {
        // A line left to fill in, with specks or a stamp read as letters beside it.
        doubts.push(`the ${what} reads "${filled.trim()}" on page ${page.page}`);
        doubtRegions.push(regionOf(line));
      }
    }
  }
  if (problems.length) return fail(capital(problems.join('; ')), regions);
  if (doubts.length) return unsure(`${capital(doubts.join('; '))} (read by OCR)`, doubtRegions);
  if (seen === 0) {
    if (read.pages.some((p) => p.source === 'none'))
      return unsure('pages without text were not read (OCR is off)');
    return unsure('no venue (STATE OF … COUNTY OF …) was found');
  }
  return pass('State and county filled in');
};

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
 * notary's of the same state 75% at most. Between the two a person looks.
 */
const OWN_SCANNED = 0.82;
const OTHER_SCANNED = 0.72;
/** Under this, the ink is no stamp at all (scans without a seal measured 0%). */
const NOT_A_SEAL = 0.25;

export const seal: Rule = (read, facts) => {
  const certificate = certificateOf(read);
  if (!certificate) {
    if (read.pages.some((p) => p.source === 'none'))
      return unsure('pages without text were not read (OCR is off)');
    return unsure('no notarial certificate was found to look for a seal by');
  }
  const { page, line } = certificate;
  // Where a seal goes: from the certificate's first line to the page's foot, edge to edge.
  const area = { x: 0, y: line.y, width: page.width, height: page.height * 0.95 - line.y };
  const notaryLine = signatureLines(read, facts).find(
    (l) => l.page === page && l.role === 'notary',
  );
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
  const mask = nonTextInk(page, 12, ink);
  // Signature lines and their ink are not a seal.
  const s = ink.scale;
  for (const l of signatureLines(read, facts).filter((line) => line.page === page)) {
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
  const found = densest(mask, ink, area, SEAL_MIN);
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
  // Nothing like a seal at all (another notary's measures half alike, its rings are the same):
  // the ink found is a signature's flourish or a smudge, and the seal is missing.
  if (similarity < NOT_A_SEAL) {
    return withFile(
      fail(`No seal by the notary's certificate on page ${page.page}: the ink there is not one`, [
        place,
      ]),
    );
  }
  if (similarity < other) {
    return {
      ...fail(`The seal is not like ${facts.notary.name}'s on file (${pct(similarity)} alike)`, [
        region,
      ]),
      onFile: judged,
    };
  }
  if (similarity < own) {
    return {
      ...unsure(`The seal is only ${pct(similarity)} like the one on file`, [region]),
      onFile: judged,
    };
  }
  return {
    ...pass(`Whole, legible and ${pct(similarity)} like ${facts.notary.name}'s seal on file`, [
      region,
    ]),
    onFile: judged,
  };
};

const pct = (n: number) => `${Math.round(n * 100)}%`;
