import type { Finding } from '../../../../contract/findings.ts';
import { stepAction, stepNote } from '../../../finding-words.ts';
import { when } from '../../../ui/dates.ts';
import '../../../ui/timeline.css';

/** A finding's life, oldest first: who did what, when, and what they said. */
export function FindingSteps({
  finding,
  names,
}: {
  finding: Finding;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <ol className="timeline" aria-label="History of this finding">
      {finding.steps.map((step, i) => {
        const note = stepNote(step);
        return (
          <li
            key={`${step.kind}-${step.on}-${i}`}
            className={`timeline__entry finding-step finding-step--${step.kind}`}
          >
            <time className="finding-step__time" dateTime={step.on}>
              {when(step.on)}
            </time>
            <p className="finding-step__line">
              <strong>{step.by.name}</strong> {stepAction(step, names)}
            </p>
            {note && <p className="finding-step__note">{note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
