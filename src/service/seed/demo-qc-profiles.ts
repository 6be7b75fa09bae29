import type { Faker } from '@faker-js/faker';

// What makes the demo QC history look like a real team's (ADR 003): reviewers who differ in
// pace and strictness, a few checks that fail far more than others, and firms and notaries
// whose documents come back more often. The team view's questions need these differences to
// have anything to answer.

export interface ReviewerProfile {
  /** Share of the work this reviewer picks up (relative). */
  load: number;
  /** Multiplies the chance of a rejection: above 1 stricter than the team. */
  strictness: number;
  /** Multiplies the minutes a decision takes. */
  pace: number;
}

/** By position among the owner's reviewers (Riley first for acme); cycled for more. */
const REVIEWERS: ReviewerProfile[] = [
  { load: 1.0, strictness: 1.0, pace: 1.0 },
  { load: 0.5, strictness: 0.9, pace: 1.3 },
  { load: 1.2, strictness: 1.6, pace: 0.8 },
  { load: 0.9, strictness: 0.55, pace: 1.1 },
  { load: 0.8, strictness: 1.0, pace: 1.0 },
];

export const reviewerProfile = (index: number): ReviewerProfile =>
  REVIEWERS[index % REVIEWERS.length] ?? { load: 1, strictness: 1, pace: 1 };

/** The base chance that a document is rejected, before firm, notary and reviewer. */
export const BASE_REJECTION = 0.1;

/** Firms (by index in the owner's list) whose documents fail more often. */
export const firmFactor = (index: number) => (index === 2 || index === 7 ? 2.6 : 1);

/** Notaries (by index among the owner's notaries) whose notarial work fails more often. */
export const notaryFactor = (index: number) => (index === 1 ? 2.2 : 1);

/**
 * How often each check is the one that fails, by catalog key: seals and signature dates
 * fail far more than the rest, as they do in notarial QC. Unlisted checks weigh 0.5.
 */
const FAILURE_WEIGHT: Record<string, number> = {
  'seal-legible': 20,
  'dates-match': 14,
  'scan-seal': 12,
  'poa-seal': 12,
  'std-seal': 10,
  'std-date': 8,
  'matter-reference': 2,
  'scan-reference': 2,
  legible: 2,
  'poa-signature': 1.5,
  'signature-present': 1,
  'pages-complete': 1,
  // Rare, and the one a person cannot see on the page: the signature's byte range tells.
  'no-alterations': 1,
};

/** Checks a notary is answerable for: a weak notary fails these more. */
const NOTARIAL = new Set([
  'seal-legible',
  'dates-match',
  'commission-current',
  'scan-seal',
  'poa-seal',
  'std-seal',
]);

export function failureWeight(key: string, weakNotary: boolean): number {
  const weight = FAILURE_WEIGHT[key] ?? 0.5;
  return weakNotary && NOTARIAL.has(key) ? weight * 3 : weight;
}

/** Minutes from opening to deciding: mostly 2 to 12, now and then a long one. */
export function decisionMinutes(faker: Faker, pace: number): number {
  const long = faker.datatype.boolean({ probability: 0.06 });
  const base = long
    ? faker.number.int({ min: 25, max: 80 })
    : faker.number.int({ min: 1, max: 6 }) + faker.number.int({ min: 1, max: 6 });
  return Math.max(1, Math.round(base * pace));
}
