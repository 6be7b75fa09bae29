import type { Check } from '../../../contract/checks.ts';

/**
 * The checks that must fail each defect a test document is drawn with (the one a process binds
 * its item to), for the service's layout and the second one alike: the tests and the bench.
 */
export type DrawnDefect =
  | 'unsigned'
  | 'no-seal'
  | 'faint-seal'
  | 'cut-off-seal'
  | 'other-seal'
  | 'blank-county'
  | 'date-mismatch'
  | 'blank-page'
  | 'wrong-reference'
  | 'changed-after-signing';

export const CAUGHT_BY: Record<DrawnDefect, readonly Check[]> = {
  unsigned: ['signatures'],
  'no-seal': ['seal'],
  'faint-seal': ['seal'],
  'cut-off-seal': ['seal'],
  'other-seal': ['seal'],
  'blank-county': ['venue'],
  'date-mismatch': ['dates'],
  'blank-page': ['pages-complete', 'no-blank-page'],
  'wrong-reference': ['matter-reference'],
  'changed-after-signing': ['no-alterations'],
};

/** The checks that read only a power of attorney's grant: unsure of any other document. */
export const GRANT_CHECKS: ReadonlySet<string> = new Set<Check>(['principal-named', 'agent-named']);

/** What a check must say of a clean document: pass, or unsure where it has nothing to read. */
export const cleanVerdict = (check: string, grant: boolean) =>
  grant || !GRANT_CHECKS.has(check) ? 'pass' : 'unsure';
