import { useNavigate, useSearchParams } from 'react-router';
import type { TeamStats } from '../../../../contract/qc-management.ts';
import { useFirmNames, useUserNames } from '../../../lookups.queries.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { LinkTabs } from '../../../ui/tabs.tsx';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';
import { DefectTable } from './defect-table.tsx';
import {
  DEFECT_VIEWS,
  byFailures,
  defectRows,
  defectsFromSearch,
  defectsToSearch,
  groupsOf,
  type DefectViewKey,
} from './defects-view.ts';
import { fileName, type CsvFile } from './team-csv.ts';
import { count, percentValue } from './team-format.ts';
import type { StatsView } from './stats-view.ts';
import { SectionState, TeamSection } from './team-section.tsx';

type NameOf = (view: DefectViewKey, key: string) => string;

/** Firms and notaries by name where the console can read them, by id otherwise. */
function useNameOf(): NameOf {
  const firms = useFirmNames();
  const users = useUserNames();
  return (view, key) =>
    (view === 'firm' ? firms.get(key) : view === 'notary' ? users.get(key) : undefined) ?? key;
}

/** Every breakdown in one file, overall first: a row per check and group. */
function csvOf(stats: TeamStats, nameOf: NameOf): CsvFile {
  const rows: (string | number | null)[][] = [];
  const add = (view: DefectViewKey, key: string, group: TeamStats['defects']['overall']) => {
    for (const r of [...group].sort(byFailures)) {
      rows.push([
        view,
        key,
        key && nameOf(view, key),
        r.displayName,
        r.failed,
        r.reviewed,
        percentValue(r.rate),
        r.requestIds.join(' '),
      ]);
    }
  };
  add('overall', '', stats.defects.overall);
  for (const view of ['firm', 'notary', 'process'] as const) {
    for (const group of groupsOf(stats, view)) add(view, group.key, group.rows);
  }
  return {
    name: fileName('defects', stats),
    header: [
      'breakdown',
      'group_id',
      'group',
      'check',
      'failed',
      'reviewed',
      'failure_rate_pct',
      'request_ids',
    ],
    rows,
  };
}

function Breakdown({ stats, nameOf }: { stats: TeamStats; nameOf: NameOf }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = defectsFromSearch(params);
  const { rows, group, groups } = defectRows(stats, current);
  const noun = DEFECT_VIEWS.find((v) => v.key === current.view)?.noun ?? '';
  const groupName = group ? nameOf(current.view, group.key) : '';
  return (
    <>
      {current.view !== 'overall' && groups.length > 0 && (
        <div className="toolbar team-toolbar">
          <ToolbarSelect
            label={noun}
            value={group?.key ?? ''}
            onChange={(e) =>
              void navigate(defectsToSearch(params, { ...current, group: e.target.value }), {
                replace: true,
              })
            }
          >
            {groups.map((g) => (
              <option key={g.key} value={g.key}>
                {nameOf(current.view, g.key)} ({count(g.decisions)} decisions)
              </option>
            ))}
          </ToolbarSelect>
        </div>
      )}
      {rows.length === 0 ? (
        <EmptyState title="No checks were reviewed here in this range" />
      ) : (
        <DefectTable
          rows={rows}
          caption={group ? `Failed checks for ${groupName}` : 'Failed checks, all decisions'}
        />
      )}
    </>
  );
}

/** The checks that fail most, overall and by firm, notary and process, with their requests. */
export function DefectsSection({ view }: { view: StatsView }) {
  const { stats } = view;
  const [params] = useSearchParams();
  const nameOf = useNameOf();
  const current = defectsFromSearch(params).view;
  const tabs = DEFECT_VIEWS.map((v) => ({
    key: v.key,
    label: v.label,
    to: defectsToSearch(params, { view: v.key }),
    current: v.key === current,
  }));
  let body;
  if (!stats) body = <SectionState {...view.state} what="the defects" />;
  else if (stats.team.decisions === 0) body = <EmptyState title="No decisions in this range" />;
  else body = <Breakdown stats={stats} nameOf={nameOf} />;
  return (
    <TeamSection
      title="Defects"
      description="The checks that fail most, and the requests where they failed."
      csv={stats && (() => csvOf(stats, nameOf))}
      busy={view.busy}
      toolbar={<LinkTabs label="Defects breakdown" tabs={tabs} />}
    >
      {body}
    </TeamSection>
  );
}
