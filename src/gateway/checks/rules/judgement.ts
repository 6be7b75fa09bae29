import type { Region } from '../../../contract/findings.ts';
import type { CheckFacts, DocumentRead, Judgement } from '../document-read.ts';

// The verdicts' three answers, and the phrasing of pages in a reason.

export type { CheckFacts, Judgement, Person } from '../document-read.ts';

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
