import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../ui/page.tsx';
import { CalibrationSection } from './calibration-section.tsx';
import { CategoriesSection } from './categories-section.tsx';
import { CriticalSection } from './critical-section.tsx';
import { DailySection } from './daily-section.tsx';
import { DefectsSection } from './defects-section.tsx';
import { MachineSection } from './machine-section.tsx';
import { QueueHealthSection } from './queue-health-section.tsx';
import { RangePicker } from './range-picker.tsx';
import { ReportSection } from './report-section.tsx';
import type { StatsView } from './stats-view.ts';
import { longDayLabel } from './team-format.ts';
import { browserZone, dayIn, rangeFromSearch, rangeSearch } from './team-range.ts';
import { TeamSummary } from './team-summary.tsx';
import { ThroughputSection } from './throughput-section.tsx';
import { teamQueries } from './team.queries.ts';
import './team.css';

/**
 * The QC team (`/qc/team`, `qc.manage`, ADR 021): how much the team cleared, how old the
 * queues are, how many decisions had a (critical) finding (ADR 029), which checks fail most and
 * where, and whether second reviews agree. The range
 * is in the URL; each section loads, fails and exports on its own.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tz = useMemo(() => browserZone(), []);
  const today = dayIn(tz);
  const range = useMemo(() => rangeFromSearch(params, tz, today), [params, tz, today]);
  const stats = useQuery(teamQueries.stats(range));
  const view: StatsView = {
    stats: stats.data,
    busy: stats.isPlaceholderData,
    state: { pending: stats.isPending, error: stats.error, retry: () => void stats.refetch() },
  };

  return (
    <Page
      title="QC team"
      subtitle={`${longDayLabel(range.from)} – ${longDayLabel(range.to)}, in ${tz.replaceAll('_', ' ')} time.`}
    >
      <RangePicker
        key={`${range.from}/${range.to}`}
        range={range}
        today={today}
        onChange={(next) => setParams(rangeSearch(params, next))}
      />
      {stats.data?.truncated && (
        <p className="team-note team-note--warning" role="status">
          This range holds more decisions than one answer counts: the figures cover part of it.
          Choose fewer days for exact figures.
        </p>
      )}
      <TeamSummary view={view} />
      <DailySection view={view} />
      <ThroughputSection view={view} />
      <QueueHealthSection />
      <CriticalSection view={view} />
      <DefectsSection view={view} />
      <CategoriesSection view={view} />
      <CalibrationSection view={view} />
      <MachineSection range={range} />
      <ReportSection />
    </Page>
  );
}
