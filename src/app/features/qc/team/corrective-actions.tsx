import type { CorrectiveAction, QcReport } from '../../../../contract/report.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { CorrectiveList } from './corrective-list.tsx';
import { CorrectiveRecord, type Suggestions } from './corrective-record.tsx';
import { isQuarter, periodLabel } from './report-period.ts';
import { SectionState } from './team-section.tsx';

// The report's corrective actions (ADR 041): those of the period and earlier ones still open,
// then the form that records one. The list loads and fails on its own; the form is always
// there, so what is typed never waits on a list.

export interface ActionsState {
  actions: readonly CorrectiveAction[] | undefined;
  pending: boolean;
  error: Error | null;
  retry: () => void;
}

const unique = (names: Iterable<string>) =>
  [...new Set(names)].filter(Boolean).sort((a, b) => a.localeCompare(b));

/** Names to offer as a subject and an owner: the report's, and those already used. */
function suggestionsOf(
  report: QcReport | undefined,
  actions: readonly CorrectiveAction[] = [],
): Suggestions {
  const used = (target: CorrectiveAction['target']) =>
    actions.filter((a) => a.target === target).map((a) => a.subject);
  return {
    category: unique([...(report?.byCategory.map((c) => c.key) ?? []), ...used('category')]),
    firm: unique([...(report?.byFirm.map((f) => f.label) ?? []), ...used('firm')]),
    notary: unique([...(report?.byNotary.map((n) => n.label) ?? []), ...used('notary')]),
    process: unique([...(report?.byProcess.map((p) => p.label) ?? []), ...used('process')]),
    owners: unique([
      ...(report?.byReviewer.map((r) => r.label) ?? []),
      ...actions.map((a) => a.owner),
    ]),
  };
}

export function CorrectiveActions({
  period,
  months,
  today,
  state,
  report,
}: {
  period: string;
  months: readonly string[];
  today: string;
  state: ActionsState;
  report: QcReport | undefined;
}) {
  const { actions } = state;
  let list;
  if (!actions) {
    list = <SectionState {...state} what="the corrective actions" />;
  } else if (actions.length === 0) {
    list = (
      <EmptyState title={`No corrective actions for ${periodLabel(period)}`}>
        When a figure calls for one, record what is done about it below: it shows in this{' '}
        {isQuarter(period) ? 'quarter' : 'month'}’s report, and in later ones until it is done.
      </EmptyState>
    );
  } else {
    list = <CorrectiveList actions={actions} months={months} today={today} />;
  }
  return (
    <div className="corrective-actions">
      <div className="corrective-actions__titles">
        <h3 className="report-subheading">Corrective actions</h3>
        <p className="corrective-actions__note">
          Recorded for {periodLabel(period)}, and earlier ones not yet done.
        </p>
      </div>
      {list}
      <CorrectiveRecord months={months} suggestions={suggestionsOf(report, actions)} />
    </div>
  );
}
