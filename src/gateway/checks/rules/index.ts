import type { Check } from '../../../contract/checks.ts';
import type { DocumentRead } from '../document-read.ts';
import type { SignatureReport } from '../pdf-signatures.ts';
import { fail, pass, unsure, type CheckFacts, type Judgement, type Rule } from './judgement.ts';
import { venue } from './venue.ts';
import { agentNamed, principalNamed } from './parties.ts';
import { matterReference, noBlankPage, pagesComplete } from './pages.ts';
import { seal } from './seal.ts';
import { dates, names, signatures } from './signing.ts';

// Every check over one read of a document: the rules judge from its words and ink, the
// alterations check from its digital signatures.

export type { CheckFacts, Judgement } from './judgement.ts';

const RULES: Record<Exclude<Check, 'no-alterations'>, Rule> = {
  'pages-complete': pagesComplete,
  'no-blank-page': noBlankPage,
  signatures,
  seal,
  dates,
  names,
  'principal-named': principalNamed,
  'agent-named': agentNamed,
  venue,
  'matter-reference': matterReference,
};

/** The alterations check, from what the verifier read of the document's signatures. */
export function alterations(
  report: SignatureReport | undefined,
  /** The pages as read, for their sizes (Letter where a page was not read). */
  read?: DocumentRead,
): Judgement {
  if (!report) return unsure("the document's signatures could not be read");
  const [first] = report.signatures;
  if (!first)
    return unsure(
      'the document carries no digital signature: alterations cannot be ruled out by the machine',
    );
  const broken = report.signatures.find((s) => !s.intact);
  if (broken)
    return fail(
      `A digital signature does not verify: ${broken.problem ?? 'the signed bytes were changed'}`,
    );
  const whole = (pages: number[]) =>
    pages.map((page) => {
      const size = read?.pages.find((p) => p.page === page);
      return { page, x: 0, y: 0, width: size?.width ?? 612, height: size?.height ?? 792 };
    });
  if (report.bytesAfter > 0) {
    return fail(
      report.changedAfter
        ? `Changed after signing: ${report.changedAfter}`
        : `Changed after signing: ${report.bytesAfter} bytes were added after the signature`,
      whole(report.changedPages),
    );
  }
  const untrusted = report.signatures.find((s) => !s.trusted);
  if (untrusted) {
    return unsure(
      `Signed${untrusted.signer ? ` by ${untrusted.signer}` : ''}, but not by a certificate the gateway trusts`,
    );
  }
  const by = first.signer ? ` by ${first.signer}` : '';
  return pass(`Digitally signed${by}; the signature is valid and covers the whole file`);
}

/** The checks that read ink: on a page whose image could not be drawn, they cannot see. */
const INK_CHECKS = ['no-blank-page', 'signatures', 'seal'] as const;

/** Every check but the alterations one, each judged once. */
export function judge(
  read: DocumentRead,
  facts: CheckFacts,
): Record<Exclude<Check, 'no-alterations'>, Judgement> {
  const out = {} as Record<Exclude<Check, 'no-alterations'>, Judgement>;
  for (const [check, rule] of Object.entries(RULES) as [keyof typeof RULES, Rule][]) {
    try {
      out[check] = rule(read, facts);
    } catch (error) {
      out[check] = unsure(`the check could not run (${String(error).slice(0, 120)})`);
    }
  }
  const undrawn = read.pages.find((p) => p.undrawn);
  if (undrawn) {
    for (const check of INK_CHECKS) {
      if (out[check].verdict === 'unsure') continue;
      out[check] = unsure(
        `page ${undrawn.page} holds an image too large to draw, so its ink could not be read`,
      );
    }
  }
  return out;
}
