import type { Region } from '../../../contract/findings.ts';
import type { OnFile, Verdict } from '../../../contract/checks.ts';
import type { DocumentRead } from '../document-read.ts';

// What a rule answers, and what it is given besides the document: the request's facts.

export interface Judgement {
  verdict: Verdict;
  reason: string;
  regions: Region[];
  onFile?: OnFile;
}

export interface Person {
  userId: string;
  name: string;
}

export interface CheckFacts {
  matterReference: string;
  /** The request's signedOn, as a calendar day (yyyy-mm-dd), where it has one. */
  signedOn?: string;
  /** Today, as a calendar day: no date on the document may be after it. */
  today: string;
  signer?: Person;
  notary?: Person & { sealOnFile: boolean };
  /** What the document's templates require: a signer's signature, a notary's act. */
  signatureRequired: boolean;
  notaryRequired: boolean;
}

export type Rule = (read: DocumentRead, facts: CheckFacts) => Judgement;

export const pass = (reason: string, regions: Region[] = []): Judgement => ({
  verdict: 'pass',
  reason,
  regions,
});
export const fail = (reason: string, regions: Region[] = []): Judgement => ({
  verdict: 'fail',
  reason,
  regions,
});
export const unsure = (reason: string, regions: Region[] = []): Judgement => ({
  verdict: 'unsure',
  reason,
  regions,
});

/** "page 3", "pages 2 and 5", "pages 1, 2 and 4". */
export function pagesPhrase(pages: readonly number[]): string {
  const list = [...new Set(pages)].sort((a, b) => a - b);
  if (list.length === 1) return `page ${list[0]}`;
  return `pages ${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}
