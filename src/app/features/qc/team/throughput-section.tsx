import type { ReviewerThroughput, TeamStats } from '../../../../contract/qc-management.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { fileName, type CsvFile } from './team-csv.ts';
import { count, duration, minutesValue, percent, percentValue } from './team-format.ts';
import type { StatsView } from './stats-view.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import { TableScroller } from '../../../ui/table.tsx';

const COLUMNS = [
  'Today',
  'This week',
  'In range',
  'Approved',
  'Rejected',
  'Approval rate',
  'Rejection rate',
  'Median time',
  '90th percentile',
] as const;

const cells = (r: ReviewerThroughput) => [
  count(r.today),
  count(r.week),
  count(r.decisions),
  count(r.approved),
  count(r.rejected),
  percent(r.approvalRate),
  percent(r.rejectionRate),
  duration(r.medianMinutes),
  duration(r.p90Minutes),
];

function csvOf(stats: TeamStats): CsvFile {
  const row = (name: string, id: string, r: ReviewerThroughput) => [
    name,
    id,
    r.today,
    r.week,
    r.decisions,
    r.approved,
    r.rejected,
    percentValue(r.approvalRate),
    percentValue(r.rejectionRate),
    minutesValue(r.medianMinutes),
    minutesValue(r.p90Minutes),
  ];
  return {
    name: fileName('throughput', stats),
    header: [
      'reviewer',
      'reviewer_id',
      'today',
      'this_week',
      'decisions_in_range',
      'approved',
      'rejected',
      'approval_rate_pct',
      'rejection_rate_pct',
      'median_minutes_to_decide',
      'p90_minutes_to_decide',
    ],
    rows: [
      ...stats.reviewers.map((r) => row(r.member.name, r.member.id, r)),
      row('Team', '', stats.team),
    ],
  };
}

function ThroughputTable({ stats }: { stats: TeamStats }) {
  return (
    <TableScroller label="Throughput">
      <table className="table team-table" data-testid="throughput-table">
        <caption className="visually-hidden">
          Decisions per reviewer; time to decide runs from opening a request to deciding it
        </caption>
        <thead>
          <tr>
            <th scope="col">Reviewer</th>
            {COLUMNS.map((c) => (
              <th scope="col" className="table__num" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stats.reviewers.map((r) => (
            <tr key={r.member.id} data-member={r.member.id}>
              <th scope="row">{r.member.name}</th>
              {cells(r).map((text, i) => (
                <td className="table__num" key={COLUMNS[i]}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-member="team">
            <th scope="row">Team</th>
            {cells(stats.team).map((text, i) => (
              <td className="table__num" key={COLUMNS[i]}>
                {text}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableScroller>
  );
}

/** Decisions per reviewer (today, this week, the range), their rates and time to decide. */
export function ThroughputSection({ view }: { view: StatsView }) {
  const { stats } = view;
  let body;
  if (!stats) body = <SectionState {...view.state} what="the team’s throughput" />;
  else if (stats.team.decisions === 0)
    body = (
      <EmptyState title="No decisions in this range">
        Today the team has made {count(stats.team.today)}{' '}
        {stats.team.today === 1 ? 'decision' : 'decisions'}, and {count(stats.team.week)} this week.
      </EmptyState>
    );
  else body = <ThroughputTable stats={stats} />;
  return (
    <TeamSection
      title="Throughput"
      description="Decisions per reviewer, and how long from opening a request to deciding it."
      csv={stats && (() => csvOf(stats))}
      busy={view.busy}
    >
      {body}
    </TeamSection>
  );
}
