import type { QcReport } from '../../../../contract/report.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { isQuarter, periodLabel } from './report-period.ts';
import { count, percent } from './team-format.ts';

// The report's headline (ADR 041): what was decided in the period and how much of it had a
// defect, gross and net, overall and critical, with what gross and net mean, since the two
// differ by exactly what an auditor asks about: the findings later withdrawn.

function Figure({
  label,
  value,
  detail,
  testId,
  critical = false,
}: {
  label: string;
  value: string;
  detail: string;
  testId: string;
  critical?: boolean;
}) {
  return (
    <div className={`team-tile team-tile--compact${critical ? ' report-figure--critical' : ''}`}>
      <dt className="caps-label">{label}</dt>
      <dd className="team-tile__value" data-testid={testId}>
        {value}
      </dd>
      <dd className="report-figure__detail">{detail}</dd>
    </div>
  );
}

/** The period's figures; dimmed (`busy`) while another period's load. */
export function ReportFigures({ report, busy }: { report: QcReport; busy: boolean }) {
  const { overall } = report;
  const span = isQuarter(report.period) ? 'quarter' : 'month';
  if (overall.decisions === 0) {
    return (
      <div className="report-figures" aria-busy={busy}>
        <EmptyState title={`Nothing was decided in ${periodLabel(report.period)}`}>
          With no decisions the {span} has no defect rates. Its report can still be downloaded, and
          corrective actions recorded for it.
        </EmptyState>
      </div>
    );
  }
  const of = (n: number) => `${count(n)} of ${count(overall.decisions)}`;
  return (
    <div className="report-figures" aria-busy={busy}>
      <dl className="report-headline">
        <Figure
          label="Decided"
          value={count(overall.decisions)}
          detail={`Requests decided in ${periodLabel(report.period)}`}
          testId="report-decided"
        />
        <Figure
          label="Gross defect rate"
          value={percent(overall.grossRate)}
          detail={`${of(overall.grossDefects)} raised a finding`}
          testId="report-gross-rate"
        />
        <Figure
          label="Net defect rate"
          value={percent(overall.netRate)}
          detail={`${of(overall.netDefects)} with one still standing`}
          testId="report-net-rate"
        />
        <Figure
          label="Critical, gross"
          value={percent(overall.grossCriticalRate)}
          detail={`${of(overall.grossCritical)} raised a critical one`}
          testId="report-gross-critical-rate"
          critical
        />
        <Figure
          label="Critical, net"
          value={percent(overall.netCriticalRate)}
          detail={`${of(overall.netCritical)} with one still standing`}
          testId="report-net-critical-rate"
          critical
        />
      </dl>
      <p className="report-definitions">
        <strong>Gross</strong>: requests decided whose decision raised a finding.{' '}
        <strong>Net</strong>: those with a finding still standing after the answers and settlements;
        withdrawn findings are out. Critical counts critical findings only.
      </p>
      {report.truncated && (
        <p className="team-note team-note--warning" role="status">
          This {span} holds more decisions than the gateway reads at once: the figures cover part of
          it.
        </p>
      )}
    </div>
  );
}
