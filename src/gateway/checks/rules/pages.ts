import type { Region } from '../../../contract/findings.ts';
import type { PageRead } from '../document-read.ts';
import { count, INK } from './ink.ts';
import { fail, pagesPhrase, pass, unsure, type Rule } from './judgement.ts';
import { fold, linesOf, regionOf, type Line } from './page-text.ts';

// The document as a set of pages: numbered, none missing or repeated, none blank, each with
// the matter's reference in its header.

const wholePage = (page: PageRead): Region => ({
  page: page.page,
  x: 0,
  y: 0,
  width: page.width,
  height: page.height,
});

/** Next to no ink: under this share of the page's pixels (a scan's specks are fewer). */
const BLANK_SHARE = 0.002;

function isBlank(page: PageRead) {
  const { width, height, dark } = page.ink;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = dark[i]! > INK ? 1 : 0;
  const { on, area } = count(mask, page.ink, {
    x: 0,
    y: 0,
    width: page.width,
    height: page.height,
  });
  if (area && on / area >= BLANK_SHARE) return false;
  // OCR reads letters into a scanner's grain where there is no ink: a word it read with no
  // ink under it is none. A text layer's words are the page's, ink or not.
  return page.words.every((w) => w.confidence !== undefined && count(mask, page.ink, w).on < 3);
}

const saysBlank = (page: PageRead) =>
  page.words.some((w) => /intentionally\s+(left\s+)?blank/i.test(w.text));

/**
 * OCR's usual confusions in a number: l, i and I for 1, O for 0, S for 5. The patterns below
 * ignore case, so each letter is taken in either: "Page i of 2" was page NaN, and a fail.
 */
const digits = (text: string) =>
  text
    .replace(/[lLiI|tT]/g, '1')
    .replace(/[oO]/g, '0')
    .replace(/[sS]/g, '5');

const NUMBERING = [
  // A scan's full stop after the number ("Page 2.of 2") is a speck, or a misread space.
  /\b(?:page|pg\.?|p\.)\s*([0-9lIoO]{1,4})[.,]?\s*(?:of|\/)\s*([0-9lIoO]{1,4})\b/i,
  /\b([0-9lIoO]{1,4})\s+of\s+([0-9lIoO]{1,4})\s+pages?\b/i,
  // OCR of a small footer misreads the "of" ("af", "lof", "oi", run into the number: "2of")
  // and the "Page" ("Paga", "Paqe") far more than the numbers, and a 1 as a t ("Page tof 2").
  // The first number as short as it can be: "1of" is 1 and "of", not 10 and "f".
  /\bpa[gq][ae]\s+([0-9lIoOt]{1,4}?)\s*[a-z]{1,3}\s+([0-9lIoO]{1,4})\b/i,
  // All of it run together: "Page 10f 1", "Page loll" (1 of 1).
  /\bpa[gq][ae]\s+([0-9lIt])\s*[oa0][fIlt]\s*([0-9lI]{1,3})\b/i,
];

interface PageNumber {
  n: number;
  of: number;
  line: Line;
}

/** Every way the page's lines read as "Page N of M", the likeliest first. */
function numbersOf(lines: Line[]): PageNumber[] {
  return lines.flatMap((line) =>
    NUMBERING.flatMap((pattern) => {
      const m = pattern.exec(line.text);
      return m ? [{ n: Number(digits(m[1]!)), of: Number(digits(m[2]!)), line }] : [];
    }),
  );
}

/**
 * The page's number as read, or none where it cannot be one: not a number at all, or on a
 * page OCR read, past the count it gives ("Page 2of 2" read as page 20 of 2). That is a
 * misreading, not a page out of order: on a scan the next way to read it is taken ("2", "0f"
 * for "of", "2"), and where none is a page number, a person looks.
 */
function readable(page: PageRead, numbers: PageNumber[]): PageNumber | undefined {
  const whole = numbers.filter((p) => Number.isInteger(p.n) && Number.isInteger(p.of));
  if (page.source !== 'ocr') return whole[0];
  return whole.find((p) => p.n >= 1 && p.n <= p.of);
}

export const pagesComplete: Rule = (read) => {
  const pages = read.pages;
  if (pages.length === 0) return unsure('the document has no pages that could be read');
  const numbered = pages.map((page) => ({
    page,
    number: readable(page, numbersOf(linesOf(page))),
  }));
  if (numbered.every((p) => !p.number)) {
    if (pages.some((p) => p.source === 'none'))
      return unsure('pages without text were not read (OCR is off)');
    return unsure('no page says "Page N of M": the count cannot be checked');
  }
  const problems: string[] = [];
  const regions: Region[] = [];
  const unread = numbered.filter((p) => !p.number && p.page.source !== 'text' && !isBlank(p.page));
  for (const { page, number } of numbered) {
    if (!number) {
      if (unread.some((u) => u.page === page)) continue;
      problems.push(
        isBlank(page) ? `page ${page.page} is blank` : `page ${page.page} has no page number`,
      );
      regions.push(wholePage(page));
    }
  }
  const found = numbered.flatMap((p) => (p.number ? [{ ...p.number, at: p.page.page }] : []));
  const totals = new Set(found.map((f) => f.of));
  if (totals.size > 1) {
    problems.push(`the pages disagree on the count (${[...totals].join(', ')})`);
    regions.push(...found.map((f) => regionOf(f.line)));
  }
  const total = found[0]!.of;
  if (totals.size === 1 && total !== read.pageCount) {
    problems.push(
      total > read.pageCount
        ? `the pages say ${total} but the document has ${read.pageCount}: ${total - read.pageCount} missing`
        : `the pages say ${total} but the document has ${read.pageCount}`,
    );
    if (!regions.length) regions.push(...found.slice(-1).map((f) => regionOf(f.line)));
  }
  const seen = new Map<number, number>();
  found.forEach((f, i) => {
    const before = found[i - 1];
    if (seen.has(f.n)) {
      problems.push(`page ${f.n} appears twice (as pages ${seen.get(f.n)} and ${f.at})`);
      regions.push(regionOf(f.line));
    } else if (before && f.n !== before.n + 1 && found.length === read.pageCount) {
      problems.push(`page ${f.n} follows page ${before.n}`);
      regions.push(regionOf(f.line));
    }
    seen.set(f.n, f.at);
  });
  if (problems.length) return fail(capital(problems.join('; ')), regions);
  if (unread.length) {
    return unsure(
      `${capital(pagesPhrase(unread.map((u) => u.page.page)))}: no page number could be read`,
    );
  }
  return pass(`Pages 1 to ${total} of ${total}, in order`);
};

export const noBlankPage: Rule = (read) => {
  if (read.pages.length === 0) return unsure('the document has no pages that could be read');
  const blank = read.pages.filter((page) => isBlank(page) && !saysBlank(page));
  if (blank.length) {
    const phrase = capital(pagesPhrase(blank.map((p) => p.page)));
    return fail(`${phrase} ${blank.length > 1 ? 'are' : 'is'} blank`, blank.map(wholePage));
  }
  const unread = read.pages.filter((p) => p.source === 'none' && !isBlank(p));
  if (unread.length)
    return unsure(
      `${capital(pagesPhrase(unread.map((p) => p.page)))}: no text could be read (OCR is off)`,
    );
  return pass(`No blank page among ${read.pageCount}`);
};

/** A matter reference as printed: letters and digits only, upper case. */
const squash = (text: string) => fold(text).replace(/\s+/g, '').toUpperCase();

/** The edit distance of two short strings (OCR's misreadings are one or two letters). */
export function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}

/** OCR's usual confusions in a reference, each side read alike: B and 8, S and 5, O and 0… */
export const lookalike = (text: string) =>
  text
    .replace(/[OQD]/g, '0')
    .replace(/[IL]/g, '1')
    .replace(/Z/g, '2')
    .replace(/S/g, '5')
    .replace(/G/g, '6')
    .replace(/B/g, '8');

/** Letters OCR gets wrong in a reference of a dozen (a digit, a letter, one dropped or doubled). */
const OCR_SLIPS = 3;
const REFERENCE_LABEL = /\b(matter|ref(erence)?|file|case)\b\.?\s*(no\.?|number|#)?\s*:?/i;

export const matterReference: Rule = (read, facts) => {
  const wanted = squash(facts.matterReference);
  if (!wanted) return unsure('the request has no matter reference to look for');
  const missing: Region[] = [];
  const wrong: { region: Region; seen: string; page: number }[] = [];
  const doubtful: number[] = [];
  let looked = 0;
  for (const page of read.pages) {
    if (isBlank(page)) continue; // the blank page check's to report
    looked++;
    if (page.source === 'none') {
      doubtful.push(page.page);
      continue;
    }
    const lines = linesOf(page);
    // The header: the top eighth of the page, or the first lines where a page starts lower.
    const header = lines.filter((l) => l.y < page.height / 8);
    const band = header.length ? header : lines.slice(0, 2);
    const hit = band.find((l) => squash(l.text).includes(wanted));
    if (hit) continue;
    const labelled = band.find((l) => REFERENCE_LABEL.test(l.text));
    if (labelled) {
      const seen = labelled.text.replace(REFERENCE_LABEL, '').trim();
      // OCR may misread the label too ("Ne.:"): the word most like the reference is compared,
      // and a few letters off is a misreading to look at, not another matter.
      const nearest = Math.min(
        ...[seen, ...seen.split(/\s+/)].map((w) =>
          distance(lookalike(squash(w)), lookalike(wanted)),
        ),
      );
      const close = nearest <= (page.source === 'ocr' ? OCR_SLIPS : 2);
      if (page.source === 'ocr' && close) doubtful.push(page.page);
      else wrong.push({ region: regionOf(labelled), seen, page: page.page });
    } else if (page.source === 'ocr') doubtful.push(page.page);
    else
      missing.push({
        page: page.page,
        x: 0,
        y: 0,
        width: page.width,
        height: Math.min(page.height, 60),
      });
  }
  if (wrong.length || missing.length) {
    const parts = [
      ...wrong.map((w) => `page ${w.page}'s header says ${w.seen || 'nothing'}`),
      ...(missing.length
        ? [`${pagesPhrase(missing.map((m) => m.page))}: no matter reference in the header`]
        : []),
    ];
    return fail(`${capital(parts.join('; '))}, not ${facts.matterReference}`, [
      ...wrong.map((w) => w.region),
      ...missing,
    ]);
  }
  if (doubtful.length)
    return unsure(`${capital(pagesPhrase(doubtful))}: the reference could not be read surely`);
  // No page read, or every one blank: the reference was looked for nowhere.
  if (looked === 0) return unsure('no page with text was read to find the reference on');
  return pass(`${facts.matterReference} on every page`);
};

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
