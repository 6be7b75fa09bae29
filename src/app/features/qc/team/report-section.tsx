import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { reportFileUrl, type ReportScope } from '../../../../client/report.ts';
import type { QcReport } from '../../../../contract/report.ts';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';
import { CorrectiveActions, type ActionsState } from './corrective-actions.tsx';
import { ReportFigures } from './report-figures.tsx';
import { ReportRecipients } from './report-recipients.tsx';
import {
  isQuarter,
  monthsOf,
  periodChoices,
  periodFromSearch,
  periodLabel,
  periodSearch,
} from './report-period.ts';
import {
  reportScope,
  scopeChoices,
  scopeFromSearch,
  scopeSearch,
  type ScopeValue,
} from './report-scope.ts';
import { reportQueries } from './report.queries.ts';
import { browserZone, dayIn } from './team-range.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import './report.css';

// The monthly QC report (ADR 041) in the team view: a month (or a quarter) picked apart from
// the view's range, its headline figures, the auditor's copy as PDF and CSV, and the
// corrective actions taken. The figures and the actions load and fail apart.

function Downloads({ scope }: { scope: ReportScope }) {
  const label = periodLabel(scope.period);
  return (
    <div className="report-downloads">
      <a
        className="button button--secondary report-download"
        href={reportFileUrl(scope, 'pdf')}
        download
        aria-label={`Download PDF of the ${label} report`}
      >
        Download PDF
      </a>
      <a
        className="button button--secondary report-download"
        href={reportFileUrl(scope, 'csv')}
        download
        aria-label={`Download CSV of the ${label} report`}
      >
        Download CSV
      </a>
    </div>
  );
}

function PeriodPicker({ period, onChange }: { period: string; onChange: (p: string) => void }) {
  // Today's month is not over: the picker offers the months and quarters already complete.
  const choices = useMemo(() => periodChoices(new Date(), period), [period]);
  return (
    <ToolbarSelect label="Period" value={period} onChange={(e) => onChange(e.target.value)}>
      <optgroup label="Months">
        {choices.months.map((month) => (
          <option key={month} value={month}>
            {periodLabel(month)}
          </option>
        ))}
      </optgroup>
      <optgroup label="Quarters">
        {choices.quarters.map((quarter) => (
          <option key={quarter} value={quarter}>
            {periodLabel(quarter)}
          </option>
        ))}
      </optgroup>
    </ToolbarSelect>
  );
}

/** The whole team, or one of the processes, firms and notaries its report names. */
function ScopePicker({
  value,
  team,
  onChange,
}: {
  value: ScopeValue;
  team: QcReport | undefined;
  onChange: (next: ScopeValue) => void;
}) {
  const choices = scopeChoices(team);
  const groups = [
    ['Processes', choices.process],
    ['Firms', choices.firm],
    ['Notaries', choices.notary],
  ] as const;
  const known = !value || groups.some(([, list]) => list.some((c) => c.value === value));
  return (
    <ToolbarSelect label="For" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">The whole team</option>
      {!known && <option value={value}>{value.slice(value.indexOf(':') + 1)}</option>}
      {groups.map(
        ([label, list]) =>
          list.length > 0 && (
            <optgroup key={label} label={label}>
              {list.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </optgroup>
          ),
      )}
    </ToolbarSelect>
  );
}

export function ReportSection() {
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params, new Date());
  const months = monthsOf(period);
  const today = useMemo(() => dayIn(browserZone()), []);
  const scopeValue = scopeFromSearch(params);
  const scope = reportScope(period, scopeValue);
  const report = useQuery(reportQueries.report(scope));
  // The whole team's report names what the picker narrows to (the same query when unscoped).
  const team = useQuery(reportQueries.report({ period }));
  // A month's actions come on their own; a quarter's are its report's (the gateway lists a
  // single month's apart).
  const quarter = isQuarter(period);
  const listed = useQuery({ ...reportQueries.actions(period), enabled: !quarter });
  const actions: ActionsState = quarter
    ? {
        actions: report.isPlaceholderData ? undefined : report.data?.correctiveActions,
        pending: report.isPending || report.isPlaceholderData,
        error: report.error,
        retry: () => void report.refetch(),
      }
    : {
        actions: listed.data?.actions,
        pending: listed.isPending,
        error: listed.error,
        retry: () => void listed.refetch(),
      };

  return (
    <TeamSection
      title="Monthly QC report"
      description="A month’s or a quarter’s decisions and findings as the auditor’s report gives them, and the corrective actions taken. Months are UTC’s."
      toolbar={
        <div className="report-toolbar">
          <div className="report-pickers">
            <PeriodPicker period={period} onChange={(p) => setParams(periodSearch(params, p))} />
            <ScopePicker
              value={scopeValue}
              team={team.isPlaceholderData ? undefined : team.data}
              onChange={(next) => setParams(scopeSearch(params, next))}
            />
          </div>
          <Downloads scope={scope} />
        </div>
      }
    >
      {report.data ? (
        <ReportFigures report={report.data} busy={report.isPlaceholderData} />
      ) : (
        <SectionState
          pending={report.isPending}
          error={report.error}
          what="the report"
          retry={() => void report.refetch()}
        />
      )}
      <CorrectiveActions
        period={period}
        months={months}
        today={today}
        state={actions}
        report={report.isPlaceholderData ? undefined : report.data}
      />
      <ReportRecipients />
    </TeamSection>
  );
}
