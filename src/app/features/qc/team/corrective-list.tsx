import type { CorrectiveAction } from '../../../../contract/report.ts';
import { Badge } from '../../../ui/badge.tsx';
import { failureMessage } from '../../../ui/failure-message.ts';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';
import { STATUS_LABELS, TARGET_LABELS, type Status } from './corrective-form.ts';
import { periodLabel } from './report-period.ts';
import { bodyOfAction, useUpdateAction } from './report.queries.ts';
import { longDayLabel } from './team-format.ts';

// The corrective actions of a period (ADR 041): what each is about, what is done, who owns
// it and by when, and its status, which the manager changes in place.

const isStatus = (value: string): value is Status => value in STATUS_LABELS;

/** Why a status was not saved: the select shows the stored one again. */
const statusFailure = (status: Status, error: unknown) =>
  `It is not ${STATUS_LABELS[status].toLowerCase()} yet: ${failureMessage(error, {
    network: 'the console cannot be reached. Try again.',
    404: 'this action is no longer there. Reload the page to see the current list.',
    said: (sentence) => `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`,
    otherwise: 'the change could not be saved. Try again.',
  })}`;

function ActionItem({
  action,
  months,
  today,
}: {
  action: CorrectiveAction;
  /** The months on screen: an action of an earlier one says which. */
  months: readonly string[];
  today: string;
}) {
  const update = useUpdateAction(action.id);
  // While the change is under way the select shows it; a failure shows the stored status.
  const shown = update.isPending ? update.variables.status : action.status;
  const overdue = action.status !== 'done' && action.dueOn < today;
  const change = (value: string) => {
    if (isStatus(value) && value !== action.status) {
      update.mutate({ ...bodyOfAction(action), status: value });
    }
  };
  return (
    <li className="corrective-item" data-status={shown} data-action-id={action.id}>
      <div className="corrective-item__main">
        <p className="corrective-item__about">
          <Badge tone="accent">{TARGET_LABELS[action.target]}</Badge>
          <span className="corrective-item__subject">{action.subject}</span>
        </p>
        <p className="corrective-item__action">{action.action}</p>
        <p className="corrective-item__meta">
          <span>
            Owner <strong>{action.owner}</strong>
          </span>
          <span>
            Due <strong>{longDayLabel(action.dueOn)}</strong>
          </span>
          {overdue && <Badge tone="danger">Overdue</Badge>}
          {!months.includes(action.month) && <span>Open since {periodLabel(action.month)}</span>}
        </p>
      </div>
      <div className="corrective-item__status">
        <ToolbarSelect
          label="Status"
          aria-label={`Status of ${action.subject}`}
          value={shown}
          disabled={update.isPending}
          onChange={(event) => change(event.target.value)}
        >
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </ToolbarSelect>
      </div>
      {update.isError && (
        <p className="alert corrective-item__error" role="alert">
          {statusFailure(update.variables.status, update.error)}
        </p>
      )}
    </li>
  );
}

/** The actions, as the gateway lists them (the newest month first). */
export function CorrectiveList({
  actions,
  months,
  today,
}: {
  actions: readonly CorrectiveAction[];
  months: readonly string[];
  today: string;
}) {
  return (
    <ul className="corrective-list" aria-label="Corrective actions">
      {actions.map((action) => (
        <ActionItem key={action.id} action={action} months={months} today={today} />
      ))}
    </ul>
  );
}
