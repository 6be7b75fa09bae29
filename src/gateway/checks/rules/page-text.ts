import type { Region } from '../../../contract/findings.ts';
import type { PageRead, Word } from '../document-read.ts';

// A page's words as lines, and the few readings every rule needs: where a phrase is, what
// dates a line holds, whether a printed name is a person's. General: nothing here knows any
// one document's layout.

export interface Line {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Words that share a baseline (within a third of their size), left to right, as lines; words
 * OCR read, by the line OCR found them on. An OCR word's box is its ink, so a word with a
 * descender ends lower than its neighbours, and a scan is skewed: by their boxes alone a
 * scanned line fell into pieces, out of order, and a label was read apart from its line.
 */
export function linesOf(page: PageRead): Line[] {
  const sorted = [...page.words].sort((a, b) => a.y + a.height - (b.y + b.height) || a.x - b.x);
  const lines: { words: Word[]; bottom: number; ocr?: number }[] = [];
  for (const word of sorted) {
    const bottom = word.y + word.height;
    const line =
      word.line === undefined
        ? lines.find(
            (l) =>
              l.ocr === undefined && Math.abs(l.bottom - bottom) <= Math.max(2, word.height / 3),
          )
        : lines.find((l) => l.ocr === word.line);
    if (line) line.words.push(word);
    else lines.push({ words: [word], bottom, ocr: word.line });
  }
  // Words on one baseline but far apart (a name and the Date beside it) are separate lines.
  const split = lines.flatMap(({ words }) => {
    words.sort((a, b) => a.x - b.x);
    const runs: Word[][] = [];
    for (const word of words) {
      const run = runs.at(-1);
      const last = run?.at(-1);
      if (run && last && word.x - (last.x + last.width) < Math.max(18, 2.5 * word.height))
        run.push(word);
      else runs.push([word]);
    }
    return runs.map((run) => ({ words: run }));
  });
  return split.map(({ words }) => {
    const x = Math.min(...words.map((w) => w.x));
    const y = Math.min(...words.map((w) => w.y));
    const right = Math.max(...words.map((w) => w.x + w.width));
    const bottom = Math.max(...words.map((w) => w.y + w.height));
    const text = words
      .map((w) => w.text.trim())
      .join(' ')
      .replace(/\s+/g, ' ');
    return { page: page.page, text, x, y, width: right - x, height: bottom - y };
  });
}

/** A line's box as a region, a point or two around its ink. */
export const regionOf = (b: {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}): Region => ({
  page: b.page,
  x: Math.max(0, round(b.x - 2)),
  y: Math.max(0, round(b.y - 2)),
  width: round(Math.max(1, b.width + 4)),
  height: round(Math.max(1, b.height + 4)),
});

const round = (n: number) => Math.round(n * 10) / 10;

/** Folded for comparing: no accents, lower case, one space between words. */
export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
// A month's abbreviation ends with its stop, which OCR of a scan may read as a comma ("Dec, 20").
const MONTH = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)[.,]?`;
const DATE_PATTERNS: [RegExp, (m: RegExpExecArray) => [number, number, number]][] = [
  // March 4, 2026 (a scan's comma often read by OCR as a full stop: March 4. 2026)
  [
    new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?[,.]?\\s+(\\d{4})\\b`, 'gi'),
    (m) => [+m[3]!, month(m[1]!), +m[2]!],
  ],
  // 4th day of March, 2026
  [
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+day\\s+of\\s+${MONTH},?\\s+(\\d{4})\\b`, 'gi'),
    (m) => [+m[3]!, month(m[2]!), +m[1]!],
  ],
  // 4 March 2026, 4th March 2026 (and "19% December 2025": a speck OCR read beside the day)
  [
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|[^\\s\\w])?\\s+${MONTH}\\s+(\\d{4})\\b`, 'gi'),
    (m) => [+m[3]!, month(m[2]!), +m[1]!],
  ],
  // 2026-03-04
  [/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  // 03/04/2026 (US order)
  [/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (m) => [+m[3]!, +m[1]!, +m[2]!]],
];

function month(name: string) {
  const key = name.toLowerCase().replace(/[.,]/, '').slice(0, 3);
  return MONTHS.findIndex((m) => m.startsWith(key)) + 1;
}

export interface FoundDate {
  /** yyyy-mm-dd */
  day: string;
  /** Where in the line's text it starts and ends. */
  start: number;
  end: number;
}

/** Every date a line's text holds, as calendar days. */
export function datesIn(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const plain = text.replace(/\u00a0/g, ' ');
  for (const [pattern, parts] of DATE_PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(plain); m; m = pattern.exec(plain)) {
      const [y, mo, d] = parts(m);
      const when = new Date(Date.UTC(y, mo - 1, d));
      if (mo < 1 || when.getUTCDate() !== d || when.getUTCMonth() !== mo - 1) continue;
      if (found.some((f) => m!.index < f.end && m!.index + m![0].length > f.start)) continue;
      found.push({
        day: when.toISOString().slice(0, 10),
        start: m.index,
        end: m.index + m[0].length,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The part of a line from `start` to `end` (characters), its width shared out evenly. */
export function partOf(line: Line, start: number, end: number): Line {
  const per = line.width / Math.max(1, line.text.length);
  return { ...line, x: line.x + start * per, width: Math.max(4, (end - start) * per) };
}

/**
 * Whether a printed name is the person's: every name of the shorter of the two in the other,
 * initials (one letter) matching a name's first letter, case and accents aside.
 */
export function sameName(printed: string, person: string): boolean {
  const a = fold(printed).split(' ').filter(Boolean);
  const b = fold(person).split(' ').filter(Boolean);
  if (a.length === 0 || b.length === 0) return false;
  // First and last names must both agree; middle names and initials may be left out.
  const [firstA, lastA] = [a[0]!, a.at(-1)!];
  const [firstB, lastB] = [b[0]!, b.at(-1)!];
  const agrees = (x: string, y: string) =>
    x === y || (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
  if (!agrees(firstA, firstB) || lastA !== lastB) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.slice(1, -1).every((middle) => long.slice(1, -1).some((m) => agrees(middle, m)));
}

/** Lines of every page, in reading order. */
export const allLines = (pages: readonly PageRead[]) => pages.flatMap(linesOf);
