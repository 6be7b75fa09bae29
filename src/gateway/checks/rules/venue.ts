import type { Region } from '../../../contract/findings.ts';
import { fail, pass, unsure, type Rule } from './judgement.ts';
import { capital } from './pages.ts';
import { linesOf, regionOf } from './page-text.ts';

// The venue of the notary's certificate: state and county filled in.

const STATE = /^\s*state\s+of\b\s*(.*)$/i;
const COUNTY = /^\s*(county|parish|borough)\s+of\b\s*(.*)$/i;
const EMPTY = /^[\s_.)\-–—]*$/;
/** A run of underscores: part of a line left blank. */
const BLANK_LINE = /_{3,}/;
/**
 * A blank read as nothing at all (a scan's rule, which OCR does not read as text): its field
 * is to the right of the label, and the region reaches this far over it (points; 2 inches).
 */
const FIELD = 144;

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
        const region = regionOf(line);
        const unread = !value.includes('_');
        regions.push(
          unread
            ? { ...region, width: Math.min(page.width - region.x, region.width + FIELD) }
            : region,
        );
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
