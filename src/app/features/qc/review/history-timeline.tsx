import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Finding, FindingStep } from '../../../../contract/findings.ts';
import type { DecisionRecord, TakeOver } from '../../../../contract/team.ts';
import { SEVERITY_LABELS, stepAction, stepNote } from '../../../finding-words.ts';
import { when } from '../../../ui/dates.ts';
import { useOnTeam } from '../holds.ts';
import { qcQueries } from '../qc.queries.ts';
import '../../../ui/timeline.css';
import './history-timeline.css';

// What the team did with this request through the console (ADR 020): holds taken over,
// decisions and each finding's steps (ADR 029), oldest first, as the gateway recorded them.

/** "1 min 30 s": how long the decision took from opening. */
export function took(openedOn: string, decidedOn: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(decidedOn) - Date.parse(openedOn)) / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

type Entry = { on: string } & (
  | { kind: 'decision'; decision: DecisionRecord }
  | { kind: 'takeOver'; takeOver: TakeOver }
  | { kind: 'finding'; finding: Finding; step: FindingStep }
);

/** One step of a finding: who did what to which finding, and what they said. */
function FindingStepLine({ finding, step }: { finding: Finding; step: FindingStep }) {
  const note = stepNote(step);
  return (
    <>
      <p className="timeline__line">
        <Link to={`/findings/${encodeURIComponent(finding.id)}`}>{finding.itemName}</Link> (
        {SEVERITY_LABELS[finding.severity].toLowerCase()}): <strong>{step.by.name}</strong>{' '}
        {stepAction(step)}
      </p>
      {note && <p className="timeline__notes">{note}</p>}
    </>
  );
}

function Decision({ decision }: { decision: DecisionRecord }) {
  const failed = decision.items.filter((item) => item.status === 'rejected');
  return (
    <>
      <p className="timeline__line">
        <strong>{decision.decidedBy.name}</strong>{' '}
        {decision.status === 'approved' ? 'approved' : 'rejected'} it
        {decision.openedOn && ` after ${took(decision.openedOn, decision.decidedOn)}`}
      </p>
      {failed.length > 0 && (
        <ul className="timeline__items">
          {failed.map((item) => (
            <li key={item.id}>
              {item.displayName}
              {item.reviewerNote && `: ${item.reviewerNote}`}
            </li>
          ))}
        </ul>
      )}
      {decision.notes && <p className="timeline__notes">Rework notes: {decision.notes}</p>}
    </>
  );
}

/** The request's history; nothing until there is some (or when the gateway has none). */
export function HistoryTimeline({ requestId }: { requestId: string }) {
  const { data } = useQuery({ ...qcQueries.teamHistory(requestId), enabled: useOnTeam() });
  if (!data) return null;
  const entries: Entry[] = [
    ...data.decisions.map((decision) => ({
      kind: 'decision' as const,
      on: decision.decidedOn,
      decision,
    })),
    ...data.takeOvers.map((takeOver) => ({ kind: 'takeOver' as const, on: takeOver.on, takeOver })),
    // A finding is raised with the decision it came from: listed after it (a stable sort).
    ...(data.findings ?? []).flatMap((finding) =>
      finding.steps.map((step) => ({ kind: 'finding' as const, on: step.on, finding, step })),
    ),
  ].sort((a, b) => a.on.localeCompare(b.on));
  if (entries.length === 0) return null;
  return (
    <div>
      <h2 className="review__section-title">History</h2>
      <ol className="timeline" aria-label="History of this request">
        {entries.map((entry, i) => (
          <li
            key={`${entry.kind}-${entry.on}-${i}`}
            className={`timeline__entry timeline__entry--${entry.kind}`}
          >
            <time className="timeline__time" dateTime={entry.on}>
              {when(entry.on)}
            </time>
            {entry.kind === 'decision' ? (
              <Decision decision={entry.decision} />
            ) : entry.kind === 'finding' ? (
              <FindingStepLine finding={entry.finding} step={entry.step} />
            ) : (
              <p className="timeline__line">
                <strong>{entry.takeOver.to.name}</strong> took it over from{' '}
                {entry.takeOver.from.name}
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
