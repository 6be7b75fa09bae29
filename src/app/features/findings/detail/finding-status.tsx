import type { Finding } from '../../../../contract/findings.ts';
import { responsibleName } from '../../../finding-words.ts';
import { shortDate } from '../../../ui/dates.ts';

/** Where a finding stands when there is nothing for this reader to answer, in a sentence. */
export function statusLine(
  finding: Finding,
  me: string | undefined,
  names: ReadonlyMap<string, string>,
): string {
  const mine = me !== undefined && finding.responsible?.id === me;
  const who = mine ? 'You' : responsibleName(finding.responsible, names);
  const last = [...finding.steps]
    .reverse()
    .find((s) => s.kind === 'answered' || s.kind === 'settled');
  switch (finding.state) {
    case 'open':
      return finding.responsible
        ? `Waiting for ${mine ? 'your' : `${who}’s`} answer, due ${shortDate(finding.dueOn)}.`
        : 'Nobody is responsible yet: a QC manager assigns someone.';
    case 'disputed': {
      const on = last ? ` on ${shortDate(last.on)}` : '';
      // A manager may have recorded it for the party responsible (and so may not settle it).
      if (last && last.by.id !== finding.responsible?.id) {
        const by = last.by.id === me ? 'You' : last.by.name;
        return `${by} recorded ${mine ? 'your' : `${who}’s`} dispute${on}. Another QC manager settles it.`;
      }
      return `${who} disputed it${on}. A QC manager settles the dispute.`;
    }
    case 'cured':
      return `${last && last.kind === 'answered' ? last.by.name : who} marked it cured${last ? ` on ${shortDate(last.on)}` : ''}.`;
    case 'withdrawn':
      return `Withdrawn${last ? ` by ${last.by.name} on ${shortDate(last.on)}` : ''}: it no longer counts as a defect.`;
  }
}
