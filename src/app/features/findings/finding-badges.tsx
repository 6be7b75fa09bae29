import type { FindingState, Severity } from '../../../contract/findings.ts';
import { SEVERITY_LABELS, SEVERITY_TONES, STATE_LABELS, STATE_TONES } from '../../finding-words.ts';
import { Badge } from '../../ui/badge.tsx';
import type { Due } from './due.ts';

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <Badge tone={SEVERITY_TONES[severity]} className="finding-severity" data-severity={severity}>
      {SEVERITY_LABELS[severity]}
    </Badge>
  );
}

export function StateBadge({ state, upheld }: { state: FindingState; upheld?: boolean }) {
  return (
    <Badge tone={STATE_TONES[state]} data-state={state}>
      {state === 'open' && upheld ? 'Open · dispute upheld' : STATE_LABELS[state]}
    </Badge>
  );
}

/** When it is due, in words; the overdue in red with an icon, so colour is not all that says it. */
export function DueText({ due }: { due: Due }) {
  return (
    <span className={`finding-due finding-due--${due.tone}`} data-testid="finding-due">
      {due.tone === 'overdue' && (
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M8 4.5V8.5M8 11v.5"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      )}
      {due.text}
    </span>
  );
}
