import { FindingChangeSchema, type FindingChange } from '../../../contract/findings.ts';
import type { NoticeAttempt, NoticeType } from '../../../contract/notices.ts';

// How a sent notice (ADR 030) reads on screen: its type, the finding change it carried, and
// an attempt's answer.

const TYPE_LABELS: Record<NoticeType, string> = {
  'finding.raised': 'Finding raised',
  'finding.answered': 'Finding answered',
  'finding.settled': 'Dispute settled',
  'finding.reassigned': 'Finding reassigned',
};

export const noticeTypeLabel = (type: NoticeType): string => TYPE_LABELS[type];

/** What an attempt (a notice's or an outbox delivery's) got back. */
export type AttemptAnswer = Pick<NoticeAttempt, 'statusCode' | 'error'>;

/** "HTTP 204", or what went wrong when there was no answer. */
export function attemptAnswer(attempt: AttemptAnswer): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode}`;
  return attempt.error ?? 'no answer';
}

const SEVERITY = { minor: 'Minor', major: 'Major', critical: 'Critical' } as const;

/** The finding change a notice carried; null when its payload is not one (an older shape). */
export function changeOf(payload: Record<string, unknown>): FindingChange | null {
  const parsed = FindingChangeSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/**
 * One line on what the notice told: what changed, and who must act. A party the notice names
 * by id alone is named from `names` (the owner's users, by id) when it is there.
 */
export function changeSummary(
  change: FindingChange,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  const { finding } = change;
  // Unnamed and unknown, a user is known by its id (a UUID: its first 8 digits).
  const who = (person: { id: string; name?: string | undefined } | null) => {
    if (!person) return 'nobody yet';
    const name = person.name ?? names.get(person.id);
    if (name) return name;
    return `user ${person.id.length > 12 ? person.id.slice(0, 8) : person.id}`;
  };
  const step = finding.steps.at(-1);
  switch (change.kind) {
    case 'raised':
      return `${SEVERITY[finding.severity]} finding, sent to ${who(finding.responsible)}.`;
    case 'answered':
      if (step?.kind !== 'answered') return `Answered: ${finding.state}.`;
      return step.answer === 'cured'
        ? `${step.by.name} says it is cured.`
        : `${step.by.name} disputes it: “${step.note}”.`;
    case 'settled':
      if (step?.kind !== 'settled') return `Settled: ${finding.state}.`;
      return step.outcome === 'upheld'
        ? `${step.by.name} upheld it: it is open again.`
        : `${step.by.name} withdrew it.`;
    case 'reassigned':
      return step?.kind === 'reassigned' && step.from
        ? `Now for ${who(finding.responsible)} (was ${who(step.from)}).`
        : `Now for ${who(finding.responsible)}.`;
  }
}
