import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { reportFileUrl } from '../../../../client/report.ts';
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
import { reportQueries } from './report.queries.ts';
import { browserZone, dayIn } from './team-range.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import './report.css';

// The monthly QC report (ADR 041) in the team view: a month (or a quarter) picked apart from
// the view's range, its headline figures, the auditor's copy as PDF and CSV, and the
// corrective actions taken. The figures and the actions load and fail apart.

function Downloads({ period }: { period: string }) {
  const label = periodLabel(period);
  return (
    <div className="report-downloads">
      <a
        className="button button--secondary report-download"
        href={reportFileUrl({ period }, 'pdf')}
        download
        aria-label={`Download PDF of the ${label} report`}
      >
        Download PDF
      </a>
      <a
        className="button button--secondary report-download"
        href={reportFileUrl({ period }, 'csv')}
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

export function ReportSection() {
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params, new Date());
  const months = monthsOf(period);
  const today = useMemo(() => dayIn(browserZone()), []);
  const report = useQuery(reportQueries.report(period));
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
          <PeriodPicker period={period} onChange={(p) => setParams(periodSearch(params, p))} />
          <Downloads period={period} />
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
