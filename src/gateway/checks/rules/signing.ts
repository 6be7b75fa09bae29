import type { Region } from '../../../contract/findings.ts';
import type { DocumentRead, PageRead } from '../document-read.ts';
import { count, nonTextInk, rulesOf, type Rule as InkRule } from './ink.ts';
import { fail, pass, unsure, type CheckFacts, type Rule } from './judgement.ts';
import { capital, distance } from './pages.ts';
import { datesIn, fold, linesOf, partOf, regionOf, sameName, type Line } from './page-text.ts';

// The signing: the lines a page asks a signature on (a rule with a printed name or a role
// under it), whether there is ink over each, the names printed under them, and the dates of
// the signing and of the notarial act.

export interface SignatureLine {
  page: PageRead;
  rule: InkRule;
  role: 'signer' | 'notary' | 'date';
  /** The lines printed under the rule: a name, a role, a title. */
  labels: Line[];
  /** The area over the rule a signature goes in. */
  area: Region;
}

/** How far above its rule a signature's ink reaches, in points. */
const SIGNATURE_HEIGHT = 40;
const NOTARY = /\bnotary\b/i;
const DATE_LABEL = /^\s*(date|dated|date signed)\s*:?\s*$/i;

/** "Date" under a rule; on a page read by OCR, one letter of it may be misread ("Dale"). */
function dateLabel(text: string, ocr: boolean) {
  if (DATE_LABEL.test(text)) return true;
  const word = fold(text);
  return ocr && word.length === 4 && distance(word, 'date') <= 1;
}

export function signatureLines(read: DocumentRead, facts: CheckFacts): SignatureLine[] {
  const found: SignatureLine[] = [];
  for (const page of read.pages) {
    const lines = linesOf(page);
    for (const rule of rulesOf(page)) {
      // Page chrome (a header's or a footer's rule) is no signature line.
      if (rule.y < page.height * 0.08 || rule.y > page.height * 0.92) continue;
      const labels = lines
        .filter(
          (l) =>
            l.y > rule.y && l.y < rule.y + 34 && l.x >= rule.x - 8 && l.x < rule.x + rule.width,
        )
        .sort((a, b) => a.y - b.y);
      if (labels.length === 0) continue;
      const said = labels.map((l) => l.text).join(' ');
      const role = dateLabel(labels[0]!.text, page.source === 'ocr')
        ? 'date'
        : NOTARY.test(said) || (facts.notary && sameName(labels[0]!.text, facts.notary.name))
          ? 'notary'
          : 'signer';
      const area: Region = {
        page: page.page,
        x: Math.max(0, Math.round(rule.x)),
        y: Math.max(0, Math.round(rule.y - SIGNATURE_HEIGHT)),
        width: Math.round(rule.width),
        height: SIGNATURE_HEIGHT,
      };
      found.push({ page, rule, role, labels, area });
    }
  }
  return found;
}

function signed(line: SignatureLine) {
  const mask = nonTextInk(line.page);
  // The rule itself, and a point either side of it, is not the signature.
  const box = { ...line.area, height: line.area.height - 2 };
  const { on, area } = count(mask, line.page.ink, box);
  return on >= Math.max(25, area * 0.006);
}

export const signatures: Rule = (read, facts) => {
  const lines = signatureLines(read, facts).filter((l) => l.role !== 'date');
  if (lines.length === 0) {
    if (read.pages.some((p) => p.source === 'none'))
      return unsure('pages without text were not read (OCR is off)');
    return unsure('no signature line was found');
  }
  const unsigned = lines.filter((line) => !signed(line));
  // On a page OCR read, a rule whose label reads as no one's name nor any role may be no
  // signature line at all (a scan's stray rule, a label misread): a person looks at it.
  const empty = unsigned.filter((line) => recognised(line, facts));
  if (empty.length === 0 && unsigned.length) {
    return unsure(
      `No ink on ${unsigned.length === 1 ? 'a line' : `${unsigned.length} lines`} read by OCR as a signature line: compare by eye`,
      unsigned.map((l) => l.area),
    );
  }
  if (empty.length) {
    const who = empty.map(
      (l) =>
        `${l.role === 'notary' ? "the notary's" : `${l.labels[0]?.text ?? 'the signer'}'s`} line on page ${l.page.page}`,
    );
    return fail(
      `No ink on ${who.join(' and ')}`,
      empty.map((l) => l.area),
    );
  }
  const missing: string[] = [];
  if (facts.signatureRequired && !lines.some((l) => l.role === 'signer'))
    missing.push("the signer's");
  if (facts.notaryRequired && !lines.some((l) => l.role === 'notary')) missing.push("the notary's");
  if (missing.length)
    return unsure(`${capital(missing.join(' and '))} signature line was not found`);
  return pass(
    `Ink on all ${lines.length} signature lines`,
    lines.map((l) => l.area),
  );
};

/** The roles a signature line's label names. */
const ROLE = /\b(affiant|principal|signer|signature|notary|witness|agent|grantor|borrower)\b/i;

/** A signature line whose label is a role or one of the request's people, or not OCR's. */
function recognised(line: SignatureLine, facts: CheckFacts): boolean {
  if (line.page.source !== 'ocr' || line.role === 'notary') return true;
  if (ROLE.test(line.labels.map((l) => l.text).join(' '))) return true;
  const label = (line.labels[0]?.text ?? '').replace(/,.*$/, '');
  return [facts.signer, facts.notary].some(
    (p) => p && (sameName(label, p.name) || ocrMisread(label, p.name)),
  );
}

export const names: Rule = (read, facts) => {
  const lines = signatureLines(read, facts);
  const problems: string[] = [];
  const regions: Region[] = [];
  const checked: string[] = [];
  const misread: string[] = [];
  const compare = (role: 'signer' | 'notary', person?: { name: string }) => {
    if (!person) return;
    const line = lines.find((l) => l.role === role);
    if (!line) return;
    const nameOf = (label: Line) => label.text.replace(/,.*$/, '').trim();
    // On a scan OCR reads a seal stamped over the line as lines of its own, some of them as
    // high as the name: the person's name among the labels is the one printed there. Else
    // the first label is, as on a page with a text layer.
    const printed =
      (line.page.source === 'ocr' &&
        line.labels.find((label) => sameName(nameOf(label), person.name))) ||
      line.labels[0];
    if (!printed) return;
    const name = nameOf(printed);
    // OCR's reading of a stroke or a speck ("EE", "’") is no name: none was read.
    if (line.page.source === 'ocr' && fold(name).replace(/[^a-z]/g, '').length < 4) return;
    if (sameName(name, person.name)) checked.push(role);
    else if (line.page.source === 'ocr') {
      // OCR's wrong letters, a name it half read or a line it took for the other's: not proof
      // of another person, so a person compares them.
      const near = ocrMisread(name, person.name) ? 'near' : 'not';
      misread.push(`the ${role}'s printed name reads ${name}, ${near} ${person.name}`);
      regions.push(regionOf(printed));
    } else {
      problems.push(
        `the ${role === 'notary' ? 'notary' : 'signer'}'s printed name is ${name}, not ${person.name}`,
      );
      regions.push(regionOf(printed));
    }
  };
  compare('signer', facts.signer);
  compare('notary', facts.notary);
  if (problems.length) return fail(capital(problems.join('; ')), regions);
  if (misread.length) return unsure(`${capital(misread.join('; '))} (read by OCR)`, regions);
  const wanted = [facts.signer && 'signer', facts.notary && 'notary'].filter(Boolean);
  if (wanted.length === 0) return unsure('the request names no signer or notary to compare with');
  const unseen = wanted.filter((w) => !checked.includes(w as string));
  if (unseen.length) return unsure(`No printed name was found for the ${unseen.join(' or the ')}`);
  const shown = [facts.signer?.name, facts.notary?.name].filter(Boolean).join(' and ');
  return pass(`${shown} printed as on the request`);
};

/** Within OCR's usual misreadings of a name: a letter or two, a tenth of a long one. */
function ocrMisread(read: string, name: string) {
  const [a, b] = [fold(read), fold(name)];
  return distance(a, b) <= Math.max(2, Math.round(b.length / 10));
}

const CERTIFICATE = /\b(before me|sworn|acknowledged|subscribed)\b/i;
/** OCR's confidence (0 to 100) in a word it is taken to have read as printed. */
export const SURE = 90;

interface DatedLine {
  day: string;
  region: Region;
}

function signatureDate(read: DocumentRead, facts: CheckFacts): DatedLine | undefined {
  const lines = signatureLines(read, facts);
  // A date written over a rule labelled Date, beside the signature.
  for (const line of lines.filter((l) => l.role === 'date')) {
    // Every line there: on a scan, OCR may read the signature's ink beside it as a line too.
    const above = linesOf(line.page).filter(
      (l) =>
        l.y + l.height <= line.rule.y + 2 &&
        l.y + l.height > line.rule.y - 24 &&
        l.x >= line.rule.x - 8 &&
        l.x < line.rule.x + line.rule.width,
    );
    for (const written of above) {
      const date = datesIn(written.text)[0];
      if (date) return { day: date.day, region: regionOf(partOf(written, date.start, date.end)) };
    }
  }
  // Or "Executed on …", "Signed on …", "Dated …" in the text.
  for (const line of read.pages.flatMap(linesOf)) {
    const m = /\b(executed|signed|dated)\b(\s+(on|this))?/i.exec(line.text);
    if (!m || CERTIFICATE.test(line.text)) continue;
    const date = datesIn(line.text.slice(m.index))[0];
    if (date)
      return {
        day: date.day,
        region: regionOf(partOf(line, m.index + date.start, m.index + date.end)),
      };
  }
  return undefined;
}

function notarizationDate(read: DocumentRead): DatedLine | undefined {
  for (const page of read.pages) {
    const lines = linesOf(page);
    // Every line that speaks of an oath or an act: an affidavit's opening ("being duly sworn")
    // may come before the certificate on the same page.
    for (const [at, first] of lines.entries()) {
      const said = CERTIFICATE.exec(first.text);
      if (!said) continue;
      // The act's date is in its first sentence, which may wrap over the next lines: read on
      // to where that sentence ends, and no further (a commission's expiry is no act's date).
      let from = said.index;
      for (const line of lines.slice(at, at + 3)) {
        const end = sentenceEnd(line.text, from);
        const date = datesIn(end < 0 ? line.text : line.text.slice(0, end))[0];
        if (date) return { day: date.day, region: regionOf(partOf(line, date.start, date.end)) };
        if (end >= 0) break;
        from = 0;
      }
    }
  }
  return undefined;
}

/** Where the sentence going on at `from` ends in `text` (its stop), or -1 if it runs on. */
function sentenceEnd(text: string, from: number): number {
  const stop = /[.!?](?=\s+[A-Z(]|\s*$)/g;
  stop.lastIndex = from;
  const m = stop.exec(text);
  return m ? m.index : -1;
}

const long = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

export const dates: Rule = (read, facts) => {
  const signedDay = signatureDate(read, facts);
  const notarized = notarizationDate(read);
  const found = [signedDay, notarized].filter((d): d is DatedLine => d !== undefined);
  if (found.length === 0) return unsure('no signature or notarization date was found');
  // A date OCR read a digit away from the one it should be is for a person to read again,
  // unless OCR was sure of every word of it: on 70 held-out scans no date it was sure of was
  // misread, and both dates a digit from the right one (a real defect) were read surely.
  const misread = (d: DatedLine, other: string | undefined) => {
    const page = read.pages.find((p) => p.page === d.region.page);
    if (other === undefined || page?.source !== 'ocr' || distance(d.day, other) > 1) return false;
    // The request's own day, read from the page: two sources agree, whatever OCR's doubt.
    if (d.day === facts.signedOn) return false;
    const { x, y, width, height } = d.region;
    const words = page.words.filter(
      (w) => w.x < x + width && w.x + w.width > x && w.y < y + height && w.y + w.height > y,
    );
    return words.length === 0 || words.some((w) => (w.confidence ?? 0) < SURE);
  };
  const doubt = (d: DatedLine, other: string) =>
    unsure(`Read by OCR as ${long(d.day)}, a digit from ${long(other)}: read it again`, [d.region]);
  const future = found.filter((d) => d.day > facts.today);
  const surely = future.filter((d) => !misread(d, facts.signedOn));
  if (surely.length)
    return fail(
      `Dated in the future: ${surely.map((d) => long(d.day)).join(', ')}`,
      surely.map((d) => d.region),
    );
  if (future[0]) return doubt(future[0], facts.signedOn!);
  if (signedDay && notarized && notarized.day !== signedDay.day) {
    if (misread(notarized, signedDay.day)) return doubt(notarized, signedDay.day);
    if (misread(signedDay, notarized.day)) return doubt(signedDay, notarized.day);
    const before = notarized.day < signedDay.day;
    return fail(
      before
        ? `Notarized on ${long(notarized.day)}, before it was signed on ${long(signedDay.day)}`
        : `Signed on ${long(signedDay.day)} but notarized on ${long(notarized.day)}`,
      [signedDay.region, notarized.region],
    );
  }
  const day = (signedDay ?? notarized)!;
  if (facts.signedOn && day.day !== facts.signedOn) {
    // A day apart may be a time zone's doing (signedOn is a moment, the page a day).
    if (misread(day, facts.signedOn)) return doubt(day, facts.signedOn);
    if (Math.abs(daysBetween(day.day, facts.signedOn)) > 1) {
      return fail(`Dated ${long(day.day)}, but the request was signed on ${long(facts.signedOn)}`, [
        day.region,
      ]);
    }
    return unsure(
      `Dated ${long(day.day)}; the request was signed on ${long(facts.signedOn)} (a time zone apart?)`,
      [day.region],
    );
  }
  if (facts.notaryRequired && !notarized)
    return unsure('no notarization date was found', [day.region]);
  if (!signedDay && facts.signatureRequired)
    return unsure('no signature date was found', [day.region]);
  return pass(
    `Signed and notarized on ${long(day.day)}`,
    found.map((d) => d.region),
  );
};

/** For the venue and the seal: the page and first line of the notarial certificate. */
export function certificateOf(read: DocumentRead): { page: PageRead; line: Line } | undefined {
  for (const page of [...read.pages].reverse()) {
    const line = linesOf(page).find((l) => CERTIFICATE.test(l.text));
    if (line) return { page, line };
  }
  return undefined;
}

export { fold };
