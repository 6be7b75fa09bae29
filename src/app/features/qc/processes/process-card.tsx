import type { QcChecklist, QcProcess } from '../../../../contract/qc.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { shortDate } from '../../../ui/dates.ts';
import { ArchiveProcessDialog } from './archive-process-dialog.tsx';
import { EditProcessDialog } from './edit-process-dialog.tsx';
import { saveFailure, useUpdateProcess } from './process-mutations.ts';

/** One process: what it is, which checklist it uses, and what an admin can do with it. */
export function ProcessCard({
  process,
  checklists,
}: {
  process: QcProcess;
  checklists: readonly QcChecklist[];
}) {
  const unarchive = useUpdateProcess();
  const checklist = checklists.find((c) => c.id === process.checklistId);
  const headingId = `process-${process.id}`;
  return (
    <li className="qc-process" aria-labelledby={headingId}>
      <div className="qc-process__body">
        <div className="qc-process__title">
          <h3 className="qc-process__name" id={headingId}>
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
          <div>
            <dt>Checklist</dt>
            <dd>{checklist ? `${checklist.displayName} · v${checklist.version}` : '—'}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{shortDate(process.createdOn)}</dd>
          </div>
        </dl>
      </div>
      <div className="qc-process__actions">
        <EditProcessDialog process={process} checklists={checklists} />
        {process.archivedOn ? (
          <Button
            aria-label={`Unarchive ${process.displayName}`}
            disabled={unarchive.isPending}
            onClick={() => unarchive.mutate({ id: process.id, patch: { archivedOn: null } })}
          >
            {unarchive.isPending ? 'Unarchiving…' : 'Unarchive'}
          </Button>
        ) : (
          <ArchiveProcessDialog process={process} />
        )}
      </div>
      {unarchive.isError && (
        <p className="qc-form-alert qc-process__error" role="alert">
          {saveFailure(unarchive.error)}
        </p>
      )}
    </li>
  );
}
