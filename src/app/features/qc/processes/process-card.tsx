import type { QcChecklist, QcProcess } from '../../../../contract/qc.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { shortDate } from '../../../ui/dates.ts';
import { ArchiveProcessDialog } from './archive-process-dialog.tsx';
import { EditProcessDialog } from './edit-process-dialog.tsx';
import { saveFailure, useUpdateProcess } from './process-mutations.ts';
import { ProcessSettingsDialog } from './process-settings-dialog.tsx';
import {
  escalationLabel,
  responseLabel,
  sampleLabel,
  severityLabel,
  targetLabel,
} from './settings.queries.ts';
import '../../../ui/alert.css';
import { Fact } from '../../../ui/fact.tsx';

// The settings a card shows, each with the test id a test reads it by.
const SETTING_FACTS = [
  ['Target age', 'target-age', targetLabel],
  ['Second review', 'sample-percent', sampleLabel],
  ['Findings due', 'response-days', responseLabel],
  ['Escalated', 'escalation-days', escalationLabel],
  ['Severities', 'severities', severityLabel],
] as const;

/** One process: what it is, which checklist it uses, and what an admin can do with it. */
export function ProcessCard({
  process,
  checklists,
  settings,
}: {
  process: QcProcess;
  checklists: readonly QcChecklist[];
  /** Its target age and sampling (ADR 021): null when it has none, undefined while unknown. */
  settings: ProcessSettings | null | undefined;
}) {
  const unarchive = useUpdateProcess();
  const checklist = checklists.find((c) => c.id === process.checklistId);
  const headingId = `process-${process.id}`;
  return (
    <li className="qc-process" aria-labelledby={headingId}>
      <div className="qc-process__body">
        <div className="qc-process__title">
          <h3 className="section-title" id={headingId}>
            {process.displayName}
          </h3>
          {process.archivedOn && <Badge>Archived {shortDate(process.archivedOn)}</Badge>}
        </div>
        <p
          className={`qc-process__description${process.description ? '' : ' qc-process__description--none'}`}
        >
          {process.description || 'No description'}
        </p>
        <dl className="qc-process__facts">
          <Fact label="Checklist">
            {checklist ? `${checklist.displayName} · v${checklist.version}` : '—'}
          </Fact>
          <Fact label="Created">{shortDate(process.createdOn)}</Fact>
          {SETTING_FACTS.map(([label, testId, text]) => (
            <Fact key={testId} label={label} testId={testId}>
              {text(settings)}
            </Fact>
          ))}
        </dl>
      </div>
      <div className="qc-process__actions">
        <EditProcessDialog process={process} checklists={checklists} />
        <ProcessSettingsDialog process={process} checklist={checklist} settings={settings} />
        {process.archivedOn ? (
          <Button
            aria-label={`Unarchive ${process.displayName}`}
            pending={unarchive.isPending}
            pendingLabel="Unarchiving…"
            onClick={() => unarchive.mutate({ id: process.id, patch: { archivedOn: null } })}
          >
            Unarchive
          </Button>
        ) : (
          <ArchiveProcessDialog process={process} />
        )}
      </div>
      {unarchive.isError && (
        <p className="alert qc-process__error" role="alert">
          {saveFailure(unarchive.error)}
        </p>
      )}
    </li>
  );
}
