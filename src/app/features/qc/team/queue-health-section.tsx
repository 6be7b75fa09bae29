import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '../../../ui/badge.tsx';
import { when } from '../../../ui/dates.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { qcQueries } from '../qc.queries.ts';
import { byUrgency, healthRow, type HealthRow } from './queue-health.ts';
import { dayIn } from './team-range.ts';
import { count, duration, minutesValue } from './team-format.ts';
import { teamQueries } from './team.queries.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import { Table } from '../../../ui/table.tsx';

function Mark({ row }: { row: HealthRow }) {
  switch (row.mark) {
    case 'over':
      return <Badge tone="danger">Past target</Badge>;
    case 'within':
      return <Badge tone="success">Within target</Badge>;
    case 'clear':
      return <Badge>Nothing pending</Badge>;
    case 'unknown':
      return <span className="table__none">Could not be counted</span>;
    default:
      return <span className="table__none">No target</span>;
  }
}

const HEALTH_COLUMNS = [
  { label: 'Process' },
  { label: 'Pending', className: 'table__num' },
  { label: 'Oldest waiting', className: 'table__num' },
  { label: 'Target age', className: 'table__num' },
  { label: 'Status' },
];

function HealthTable({ rows }: { rows: HealthRow[] }) {
  return (
    <Table
      className="team-table"
      data-testid="queue-health-table"
      caption="Pending requests per active process"
      scrollLabel="Queue health"
      columns={HEALTH_COLUMNS}
    >
      {rows.map((row) => (
        <tr
          key={row.processId}
          data-process={row.name}
          className={row.mark === 'over' ? 'team-table__over' : undefined}
        >
          <th scope="row">
            <Link
              className="table__link"
              to={`/qc?status=pending&order=oldest&process=${encodeURIComponent(row.processId)}`}
            >
              {row.name}
            </Link>
          </th>
          <td className="table__num">{row.pending === null ? '—' : count(row.pending)}</td>
          <td
            className="table__num"
            title={row.oldestOn ? `Since ${when(row.oldestOn)}` : undefined}
          >
            {duration(row.ageMinutes)}
          </td>
          <td className="table__num">
            {row.targetHours === null ? '—' : duration(row.targetHours * 60)}
          </td>
          <td>
            <Mark row={row} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Each active process's pending queue: how many wait and for how long, against its target. */
export function QueueHealthSection() {
  const processes = useQuery(qcQueries.processes());
  const settings = useQuery(teamQueries.settings());
  const active = (processes.data ?? []).filter((p) => !p.archivedOn);
  const health = useQueries({ queries: active.map((p) => teamQueries.queueHealth(p)) });
  // Queue ages grow while the page is open.
  const now = useNow();
  const targets = new Map(settings.data?.processes.map((s) => [s.processId, s]));
  const rows = active
    .map((p, i) =>
      healthRow(p, health[i]?.isSuccess ? health[i].data : null, targets.get(p.id), now),
    )
    .sort(byUrgency);
  const loading = processes.isPending || settings.isPending || health.some((h) => h.isPending);
  const failed = health.length > 0 && health.every((h) => h.isError);

  let body;
  if (processes.isError || failed) {
    const error = processes.error ?? health.find((h) => h.error)?.error ?? null;
    body = (
      <SectionState
        pending={false}
        error={error}
        what="the queues"
        retry={() => {
          void processes.refetch();
          for (const h of health) void h.refetch();
        }}
      />
    );
  } else if (loading)
    body = <SectionState pending error={null} what="the queues" retry={() => {}} />;
  else if (rows.length === 0) body = <EmptyState title="No active processes" />;
  else body = <HealthTable rows={rows} />;

  const csv =
    !loading && rows.length > 0
      ? () => ({
          name: `qc-team-queues-${dayIn('UTC', new Date(now))}.csv`,
          header: [
            'process',
            'process_id',
            'pending',
            'oldest_pending_since',
            'oldest_age_minutes',
            'target_age_hours',
            'status',
          ],
          rows: rows.map((r) => [
            r.name,
            r.processId,
            r.pending,
            r.oldestOn,
            minutesValue(r.ageMinutes),
            r.targetHours,
            r.mark,
          ]),
        })
      : undefined;

  return (
    <TeamSection
      title="Queue health"
      description="Pending requests per process now, and how long the oldest has waited."
      csv={csv}
    >
      {settings.isError && (
        <p className="team-note" role="status">
          The target ages could not be loaded, so no queue is marked.
        </p>
      )}
      {body}
    </TeamSection>
  );
}
