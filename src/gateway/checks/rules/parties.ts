import type { Region } from '../../../contract/findings.ts';
import type { DocumentRead } from '../document-read.ts';
import { fail, pass, unsure, type Rule } from './judgement.ts';
import { fold, linesOf, partOf, regionOf, sameName, type Line } from './page-text.ts';

// A power of attorney's parties: the principal and the agent each named in full in the grant,
// the principal as the request's signer. Found by how grants are phrased ("I, NAME, of …",
// "NAME (the "Principal")", "hereby appoint NAME as my attorney-in-fact", "Agent: NAME"),
// wherever a document puts them.

type Party = 'principal' | 'agent';

/** A document granting a power of attorney says so in one of these ways. */
const GRANT = /power of attorney|attorney[- ]in[- ]fact|\(\s*(?:the\s+)?["“]?agent["”]?\s*\)/i;

const QUOTED = (role: string) => `\\(\\s*(?:the\\s+)?["“]?${role}["”]?\\s*\\)`;
const NAME = `([^,;:()"“”]{1,80}?)`;
const PATTERNS: Record<Party, RegExp[]> = {
  principal: [
    new RegExp(
      `\\bI,\\s*${NAME}\\s*,\\s*(?:of|residing|a resident|whose|being|the undersigned)`,
      'i',
    ),
    new RegExp(`${NAME}\\s*,?\\s*${QUOTED('principal')}`, 'i'),
    /\bprincipal(?:'s)?(?:\s+name)?\s*:[^\S\n]*([^,;:()\n]{1,80})/i,
  ],
  agent: [
    new RegExp(
      `\\bappoints?\\s+${NAME}\\s*(?:,|${QUOTED('(?:agent|attorney-in-fact)')}|\\bas\\s+(?:my|the|his|her|its|our)\\b)`,
      'i',
    ),
    /\bagent(?:'s)?(?:\s+name)?\s*:[^\S\n]*([^,;:()\n]{1,80})/i,
  ],
};

/** The document's lines as one text, a line to a line, and where each line starts in it. */
function textOf(read: DocumentRead) {
  const lines: { line: Line; start: number }[] = [];
  let text = '';
  for (const page of read.pages) {
    for (const line of linesOf(page)) {
      lines.push({ line, start: text.length });
      text += `${line.text}\n`;
    }
  }
  return { text, lines };
}

/** The lines a span of the text lies on, each narrowed to its part of the span. */
function regionsOf(lines: { line: Line; start: number }[], start: number, end: number): Region[] {
  return lines.flatMap(({ line, start: at }) => {
    const [from, to] = [Math.max(start, at), Math.min(end, at + line.text.length)];
    return from < to ? [regionOf(partOf(line, from - at, to - at))] : [];
  });
}

/** A name in full: at least a first and a last name, each more than an initial. */
function inFull(name: string): boolean {
  const words = fold(name).split(' ').filter(Boolean);
  if (words.length < 2 || words.some((w) => /\d/.test(w))) return false;
  return words[0]!.length > 1 && words.at(-1)!.length > 1;
}

const BLANK = /^[\s_.\-–—]*$/;

function partyRule(party: Party): Rule {
  return (read, facts) => {
    const { text, lines } = textOf(read);
    const unread = read.pages.some((p) => p.source === 'none');
    if (!GRANT.test(text)) {
      if (unread) return unsure('pages without text were not read (OCR is off)');
      return unsure(`no power of attorney was found to look for its ${party} in`);
    }
    const found = PATTERNS[party]
      .map((pattern) => pattern.exec(text))
      .find((m): m is RegExpExecArray => Boolean(m?.[1]));
    if (!found) {
      if (unread) return unsure('pages without text were not read (OCR is off)');
      return unsure(`the grant's ${party} was not found`);
    }
    const name = found[1]!.replace(/\s+/g, ' ').trim();
    const start = found.index + found[0].indexOf(found[1]!);
    const regions = regionsOf(lines, start, start + found[1]!.length);
    const onOcr = regions.some((r) => read.pages.find((p) => p.page === r.page)?.source === 'ocr');
    const wrong = (reason: string) =>
      onOcr ? unsure(`${reason} (read by OCR)`, regions) : fail(reason, regions);
    if (BLANK.test(name)) return wrong(`The ${party}'s name is left blank in the grant`);
    if (!inFull(name)) return wrong(`The ${party} is named only as "${name}", not in full`);
    if (party === 'principal' && facts.signer && !sameName(name, facts.signer.name)) {
      return wrong(`The principal is named ${name}, not the signer ${facts.signer.name}`);
    }
    return pass(`The ${party} is named in full: ${name}`, regions);
  };
}

export const principalNamed = partyRule('principal');
export const agentNamed = partyRule('agent');
