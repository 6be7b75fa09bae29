import type { Faker } from '@faker-js/faker';
import { CHECKLISTS } from './catalog.ts';
import { BASE_REJECTION, failureWeight, firmFactor, notaryFactor } from './demo-qc-profiles.ts';
import { DEFECT_ITEMS, DEFECTS, NEEDS_NOTARY, NOTARIAL_DEFECTS, type Defect } from './defects.ts';

// Which demo documents carry a defect, and which (ADR 038): drawn before the document is, at
// the rates a QC department sees (a tenth of documents, more from two firms and from one
// notary), each kind as often as the check it fails is failed in the field. The history then
// follows the page (demo-qc-requests.ts): a document with a defect is rejected on its check,
// unless its reviewer missed it; one without is approved.

export interface DefectOdds {
  /** The checklist (catalog key) the document's process reviews it on. */
  checklist: string;
  firmIndex: number;
  notaryIndex: number;
  /** Whether it carries a notarial certificate: a seal and its date can only be wrong then. */
  notarized: boolean;
}

/** The active version's checks of a catalog checklist, by key. */
function checksOf(checklist: string): Set<string> {
  const found = CHECKLISTS.find((c) => c.key === checklist);
  return new Set(found?.versions.at(-1)?.items ?? []);
}

/** The check of `checks` that `defect` fails, if the checklist has one. */
export function failedCheck(defect: Defect, checks: ReadonlySet<string>): string | undefined {
  return DEFECT_ITEMS[defect].find((key) => checks.has(key));
}

/** None, one, or now and then two defects (of different checks) for one document. */
export function drawDefects(faker: Faker, odds: DefectOdds): Defect[] {
  const chance = BASE_REJECTION * firmFactor(odds.firmIndex) * notaryFactor(odds.notaryIndex);
  if (!faker.datatype.boolean({ probability: Math.min(0.8, chance) })) return [];
  const checks = checksOf(odds.checklist);
  const weak = notaryFactor(odds.notaryIndex) > 1;
  const candidates = DEFECTS.flatMap((defect) => {
    const check = failedCheck(defect, checks);
    if (!check || (NEEDS_NOTARY.has(defect) && !odds.notarized)) return [];
    // The kinds that fail one check share its weight; a weak notary's own kinds weigh more.
    const sharing = DEFECTS.filter((d) => failedCheck(d, checks) === check).length;
    const weight = failureWeight(check, weak && NOTARIAL_DEFECTS.has(defect)) / sharing;
    return [{ defect, check, weight }];
  });
  if (candidates.length === 0) return [];
  const count = faker.datatype.boolean({ probability: 0.25 }) ? 2 : 1;
  const drawn: typeof candidates = [];
  while (drawn.length < count) {
    const left = candidates.filter((c) => !drawn.some((d) => d.check === c.check));
    if (left.length === 0) break;
    drawn.push(
      faker.helpers.weightedArrayElement(left.map((c) => ({ weight: c.weight, value: c }))),
    );
  }
  return drawn.map((d) => d.defect);
}

/** What a reviewer writes beside the check a defect fails, on the page it is on. */
export function defectNote(defect: Defect, page: number): string {
  switch (defect) {
    case 'unsigned':
      return `The signature line on page ${page} is blank: the signer did not sign.`;
    case 'no-seal':
      return `No notary seal on the certificate (page ${page}).`;
    case 'faint-seal':
      return `Seal impression too faint to read the commission number (page ${page}).`;
    case 'cut-off-seal':
      return `Seal is cut off at the page edge on page ${page}; restamp and rescan at full size.`;
    case 'other-seal':
      return `The seal on page ${page} is another notary's, not the one who signed the certificate.`;
    case 'blank-county':
      return `County left blank in the venue (page ${page}).`;
    case 'date-mismatch':
      return `Signed on one day, notarized two days later (page ${page}): the dates must match.`;
    case 'blank-page':
      return `Page ${page} is blank: a page of the document is missing.`;
    case 'wrong-reference':
      return `Matter reference on page ${page} belongs to another matter.`;
    case 'changed-after-signing':
      return `Page ${page} was changed after signing: a line was added, and the signature no longer covers the whole document.`;
  }
}
