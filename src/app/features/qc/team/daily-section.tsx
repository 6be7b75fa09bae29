import type { TeamStats } from '../../../../contract/qc-management.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { DailyChart, DailyLegend } from './daily-chart.tsx';
import { fileName } from './team-csv.ts';
import { count, longDayLabel } from './team-format.ts';
import type { StatsView } from './stats-view.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import { Table } from '../../../ui/table.tsx';

const TITLE = 'Decisions per day';
const DAILY_COLUMNS = [
  { label: 'Day' },
  { label: 'Approved', className: 'table__num' },
  { label: 'Rejected', className: 'table__num' },
  { label: 'Decisions', className: 'table__num' },
];

function summary(stats: TeamStats): string {
  const busiest = stats.daily.reduce<TeamStats['daily'][number] | undefined>(
    (best, day) =>
      !best || day.approved + day.rejected > best.approved + best.rejected ? day : best,
    undefined,
  );
  const most = busiest ? busiest.approved + busiest.rejected : 0;
  return (
    `Decisions per day from ${longDayLabel(stats.from)} to ${longDayLabel(stats.to)}: ` +
    `${count(stats.team.approved)} approved and ${count(stats.team.rejected)} rejected` +
    (busiest && most > 0
      ? `; the busiest day was ${longDayLabel(busiest.date)}, with ${count(most)}.`
      : '.')
  );
}

/** Approvals and rejections per day over the range: a chart, and the same figures as a table. */
export function DailySection({ view }: { view: StatsView }) {
  const { stats } = view;
  const csv =
    stats &&
    (() => ({
      name: fileName('daily', stats),
      header: ['date', 'approved', 'rejected', 'decisions'],
      rows: stats.daily.map((d) => [d.date, d.approved, d.rejected, d.approved + d.rejected]),
    }));
  let body;
  if (!stats) body = <SectionState {...view.state} what="the daily figures" />;
  else if (stats.team.decisions === 0) body = <EmptyState title="No decisions in this range" />;
  else {
    body = (
      <>
        <DailyLegend />
        <DailyChart days={stats.daily} label={summary(stats)} />
        <details className="team-disclosure">
          <summary>Show the figures as a table</summary>
          <Table
            className="table--compact"
            caption={TITLE}
            scrollLabel="Decisions per day, table"
            columns={DAILY_COLUMNS}
          >
            {stats.daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{longDayLabel(d.date)}</th>
                <td className="table__num">{count(d.approved)}</td>
                <td className="table__num">{count(d.rejected)}</td>
                <td className="table__num">{count(d.approved + d.rejected)}</td>
              </tr>
            ))}
          </Table>
        </details>
      </>
    );
  }
  return (
    <TeamSection
      title={TITLE}
      description="Approvals and rejections made through the console, day by day."
      csv={csv}
      busy={view.busy}
    >
      {body}
    </TeamSection>
  );
}
