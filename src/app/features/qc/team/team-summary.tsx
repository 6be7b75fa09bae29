import type { ReactNode } from 'react';
import { count, duration, percent } from './team-format.ts';
import type { StatsView } from './stats-view.ts';

function Tile({ label, value, detail }: { label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <div className="team-tile">
      <dt className="caps-label">{label}</dt>
      <dd className="team-tile__value">{value}</dd>
      <dd className="team-tile__detail">{detail}</dd>
    </div>
  );
}

/** The range at a glance: how much was cleared, how it went, how long it took. */
export function TeamSummary({ view }: { view: StatsView }) {
  const team = view.stats?.team;
  const dash = '—';
  return (
    <dl className="team-summary panel" aria-busy={view.busy || view.state.pending}>
      <Tile
        label="Decisions"
        value={team ? count(team.decisions) : dash}
        detail={team ? `${count(team.today)} today · ${count(team.week)} this week` : ' '}
      />
      <Tile
        label="Approval rate"
        value={team ? percent(team.approvalRate) : dash}
        detail={team ? `${count(team.approved)} approved · ${count(team.rejected)} rejected` : ' '}
      />
      <Tile
        label="Median time to decide"
        value={team ? duration(team.medianMinutes) : dash}
        detail={team ? `90th percentile ${duration(team.p90Minutes)}` : ' '}
      />
      <Tile
        label="Open flags"
        value={view.stats ? count(view.stats.openFlags) : dash}
        detail="Second reviews that disagreed"
      />
    </dl>
  );
}
