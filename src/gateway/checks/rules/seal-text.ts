import type { SealText } from '../document-read.ts';
import { distance, lookalike } from './pages.ts';

// Whose seal it is not, by what is printed on it (ADR 042). A notary's seal carries the
// notary's commission number beside the name; the seal on file carries the same. Where OCR
// reads another number of the same length on the stamp, it tells what the stamp's likeness
// to the one on file cannot always tell on a scan: another notary's seal of the same state
// has the same rings and lettering, and measured as alike as a notary's own worn stamp. The
// same number read on both is said, and proves nothing (seal.ts).

export interface SealNumbers {
  agree: boolean;
  stamped: string;
  onFile: string;
}

/** The shortest run of digits taken as a number on a seal (a commission number, an ID). */
const MIN_DIGITS = 6;

/** OCR's usual confusions of a digit in a run of digits, a stroke read as a 1 among them. */
const asDigits = (token: string) => lookalike(token.toUpperCase().replace(/[|!]/g, '1'));

/**
 * The long numbers in `text`: runs of digits, a letter OCR put for a digit read back as one.
 * A number printed in groups ("1234 5678") is one; a date is none: a comma or a full stop
 * ends a number ("JULY 27, 2030" is not 272030), and a word with one inside ("22.2027",
 * "03/03/2028") is no part of one.
 */
export function numbersIn(text: string): string[] {
  const numbers: string[] = [];
  for (const line of text.split('\n')) {
    let run = '';
    const end = () => {
      if (run.length >= MIN_DIGITS) numbers.push(run);
      run = '';
    };
    for (const token of line.split(/\s+/)) {
      // What OCR put around it: a bracket, a rule, a border's stroke.
      const word = token.replace(/^[^0-9A-Za-z]+/, '').replace(/[^0-9A-Za-z,.;:]+$/, '');
      const ends = /[,.;:]$/.test(word);
      const core = word.replace(/[,.;:]+$/, '');
      const digits = (core.match(/\d/g) ?? []).length;
      const mostlyDigits = digits >= 2 && digits * 2 >= core.replace(/[^0-9A-Za-z]/g, '').length;
      if (!mostlyDigits || /[,./]/.test(core)) {
        end();
        continue;
      }
      run += asDigits(core).replace(/\D/g, '');
      if (ends) end();
    }
    end();
  }
  return numbers;
}

/**
 * The stamped seal's numbers against those on file. A number of the stamp agrees with one on
 * file within OCR's slips (a quarter of its digits); it is another where it differs from
 * every number on file of its length in half its digits or more. One number that is another
 * settles it, whatever else agrees (two notaries' commissions may end on the same day); else
 * one that agrees does. A number half read, or none read on either seal, tells nothing.
 */
export function compareSealNumbers({
  stamped,
  onFile,
  printed = '',
}: SealText): SealNumbers | undefined {
  const own = numbersIn(onFile);
  const slips = (n: string) => Math.max(1, Math.floor(n.length / 4));
  const alike = (a: string, b: string) =>
    Math.abs(a.length - b.length) <= 1 && distance(a, b) <= slips(b);
  // A number printed on the page outside the stamp (a certificate's "Commission No.") may
  // have been read beside it: it tells nothing of the stamp.
  const onPage = numbersIn(printed);
  let agreed: SealNumbers | undefined;
  for (const s of numbersIn(stamped).filter((s) => !onPage.some((p) => alike(s, p)))) {
    const match = own.find((n) => alike(s, n));
    if (match) {
      agreed ??= { agree: true, stamped: s, onFile: match };
      continue;
    }
    const sameLength = own.filter((n) => n.length === s.length);
    if (sameLength.length > 0 && sameLength.every((n) => distance(s, n) >= n.length / 2)) {
      return { agree: false, stamped: s, onFile: sameLength[0]! };
    }
  }
  return agreed;
}
