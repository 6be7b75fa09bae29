import type { FindingState, FindingStep, Responsible, Severity } from '../contract/findings.ts';

// How the console words a finding (ADR 029), shared by the features that show one: the
// findings screens and the review's history. A feature imports no other, so the words live
// here, beside the other things every feature may need (lookups.queries.ts).

export const SEVERITY_LABELS: Record<Severity, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
};

/** The badge tone (ui/badge.tsx) of a severity. */
export const SEVERITY_TONES = {
  critical: 'danger',
  major: 'warning',
  minor: 'neutral',
} as const satisfies Record<Severity, string>;

export const STATE_LABELS: Record<FindingState, string> = {
  open: 'Open',
  disputed: 'Disputed',
  cured: 'Cured',
  withdrawn: 'Withdrawn',
};

export const STATE_TONES = {
  open: 'accent',
  disputed: 'warning',
  cured: 'success',
  withdrawn: 'neutral',
} as const satisfies Record<FindingState, string>;

/** A responsible party by name when known, by id otherwise. */
export const responsibleName = (party: Responsible | null, names?: ReadonlyMap<string, string>) =>
  party ? (party.name ?? names?.get(party.id) ?? party.id) : 'Nobody yet';

/** What happened in one step, after its author's name: "disputed it", "withdrew it". */
export function stepAction(step: FindingStep, names?: ReadonlyMap<string, string>): string {
  switch (step.kind) {
    case 'raised':
      return 'raised it';
    case 'answered':
      return step.answer === 'cured' ? 'marked it cured' : 'disputed it';
    case 'settled':
      return step.outcome === 'upheld'
        ? 'upheld it (the dispute was refused)'
        : 'withdrew it (the dispute was accepted)';
    case 'reassigned':
      return step.from
        ? `handed it from ${responsibleName(step.from, names)} to ${responsibleName(step.to, names)}`
        : `handed it to ${responsibleName(step.to, names)}`;
  }
}

/** The note a step carries, if any. */
export const stepNote = (step: FindingStep): string =>
  step.kind === 'answered' || step.kind === 'settled' ? step.note : '';
