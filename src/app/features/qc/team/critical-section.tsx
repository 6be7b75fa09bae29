import { Link, useSearchParams } from 'react-router';
import type { DefectRate, FindingFigures } from '../../../../contract/findings.ts';
import type { TeamStats } from '../../../../contract/qc-management.ts';
import { useFirmNames, useUserNames } from '../../../lookups.queries.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { Table } from '../../../ui/table.tsx';
import { LinkTabs } from '../../../ui/tabs.tsx';
import {
  RATE_VIEWS,
  rateRows,
  rateViewFromSearch,
  rateViewToSearch,
  type RateViewKey,
} from './findings-figures.ts';
import { barScale, RateBar } from './rate-bar.tsx';
import type { StatsView } from './stats-view.ts';
import { fileName, type CsvFile } from './team-csv.ts';
import { count, longDayLabel, percent, percentValue } from './team-format.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import { TrendChart, TrendLegend } from './trend-chart.tsx';
import './findings-figures.css';
import '../../../ui/page.css';

// The critical defect rate (ADR 029) beside the defect rate: the share of decided requests
// with a finding not withdrawn, and with a critical one; overall, by process, firm, notary
// and reviewer, and week by week for 13 weeks.

type NameOf = (view: RateViewKey, key: string) => string;

function useNameOf(stats: TeamStats | undefined): NameOf {
  const firms = useFirmNames();
  const users = useUserNames();
  const reviewers = new Map(stats?.reviewers.map((r) => [r.member.id, r.member.name]));
  return (view, key) =>
    (view === 'firm'
      ? firms.get(key)
      : view === 'notary'
        ? users.get(key)
        : view === 'reviewer'
          ? (reviewers.get(key) ?? users.get(key))
          : undefined) ?? key;
}

function csvOf(stats: TeamStats, figures: FindingFigures, nameOf: NameOf): CsvFile {
  const row = (breakdown: string, key: string, name: string, r: Omit<DefectRate, 'key'>) => [
    breakdown,
    key,
    name,
    r.decisions,
    r.withDefect,
    r.withCritical,
    percentValue(r.defectRate),
    percentValue(r.criticalRate),
  ];
  return {
    name: fileName('critical-defects', stats),
    header: [
      'breakdown',
      'group_id',
      'group',
      'decisions',
      'with_defect',
      'with_critical',
      'defect_rate_pct',
      'critical_rate_pct',
    ],
    rows: [
      row('overall', '', '', figures.overall),
      ...RATE_VIEWS.flatMap((v) =>
        rateRows(figures, v.key).map((r) => row(v.key, r.key, nameOf(v.key, r.key), r)),
      ),
      ...figures.trend.map((w) => row('week', w.weekStart, longDayLabel(w.weekStart), w)),
    ],
  };
}

function Headline({ figures }: { figures: FindingFigures }) {
  const { overall } = figures;
  return (
    <dl className="critical-headline">
      <div className="team-tile team-tile--compact">
        <dt className="caps-label">Defect rate</dt>
        <dd className="team-tile__value">{percent(overall.defectRate)}</dd>
        <dd className="critical-headline__detail">
          {count(overall.withDefect)} of {count(overall.decisions)} decisions had a finding
        </dd>
      </div>
      <div className="team-tile team-tile--compact critical-headline__figure--critical">
        <dt className="caps-label">Critical defect rate</dt>
        <dd className="team-tile__value" data-testid="critical-rate">
          {percent(overall.criticalRate)}
        </dd>
        <dd className="critical-headline__detail">
          {count(overall.withCritical)} of {count(overall.decisions)} had a critical one
        </dd>
      </div>
      <div className="team-tile team-tile--compact">
        <dt className="caps-label">Overdue findings</dt>
        <dd className="team-tile__value">{count(figures.overdue)}</dd>
        <dd className="critical-headline__detail">
          <Link to="/findings/all?view=overdue">Open past their due date, now</Link>
        </dd>
      </div>
    </dl>
  );
}

function RatesTable({
  figures,
  view,
  nameOf,
}: {
  figures: FindingFigures;
  view: RateViewKey;
  nameOf: NameOf;
}) {
  const rows = rateRows(figures, view);
  const noun = RATE_VIEWS.find((v) => v.key === view)?.noun ?? '';
  if (rows.length === 0)
    return <EmptyState title={`No decisions to group by ${noun.toLowerCase()}`} />;
  const defectScale = barScale(rows.map((r) => r.defectRate));
  const criticalScale = barScale(rows.map((r) => r.criticalRate));
  const caption = `Defect and critical defect rates by ${noun.toLowerCase()}`;
  return (
    <Table
      className="team-table team-table--bars"
      data-testid="critical-table"
      caption={caption}
      scrollLabel={caption}
      columns={[
        { label: noun },
        { label: 'Decisions', className: 'table__num' },
        {
          label: (
            <>
              Defect rate{' '}
              <span className="team-table__scale">(bars to {percent(defectScale)})</span>
            </>
          ),
        },
        {
          label: (
            <>
              Critical defect rate{' '}
              <span className="team-table__scale">(bars to {percent(criticalScale)})</span>
            </>
          ),
        },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.key} data-group={row.key}>
          <th scope="row" className="team-table__name">
            {nameOf(view, row.key)}
          </th>
          <td className="table__num">{count(row.decisions)}</td>
          <td>
            <RateBar rate={row.defectRate} scale={defectScale} tone="accent" />
          </td>
          <td>
            <RateBar rate={row.criticalRate} scale={criticalScale} tone="danger" />
          </td>
        </tr>
      ))}
    </Table>
  );
}

function Trend({ figures }: { figures: FindingFigures }) {
  return (
    <div className="critical-trend">
      <h3 className="critical-subheading">13-week trend</h3>
      <TrendLegend />
      <TrendChart weeks={figures.trend} />
      <details className="team-disclosure">
        <summary>Show the weeks as a table</summary>
        <Table
          className="table--compact"
          caption="Defect rates by week"
          scrollLabel="Defect rates by week, table"
          columns={[
            { label: 'Week of' },
            { label: 'Decisions', className: 'table__num' },
            { label: 'Defect rate', className: 'table__num' },
            { label: 'Critical defect rate', className: 'table__num' },
          ]}
        >
          {figures.trend.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{longDayLabel(w.weekStart)}</th>
              <td className="table__num">{count(w.decisions)}</td>
              <td className="table__num">{percent(w.defectRate)}</td>
              <td className="table__num">{percent(w.criticalRate)}</td>
            </tr>
          ))}
        </Table>
      </details>
    </div>
  );
}

/** The critical defect rate beside the defect rate, by group and by week. */
export function CriticalSection({ view }: { view: StatsView }) {
  const { stats } = view;
  const figures = stats?.findings;
  const [params] = useSearchParams();
  const current = rateViewFromSearch(params);
  const nameOf = useNameOf(stats);
  const tabs = RATE_VIEWS.map((v) => ({
    key: v.key,
    label: v.label,
    to: rateViewToSearch(params, v.key),
    current: v.key === current,
  }));
  let body;
  if (!stats) body = <SectionState {...view.state} what="the defect rates" />;
  else if (!figures) {
    body = (
      <EmptyState title="No findings here">
        This console’s gateway keeps no findings, so it has no defect rates to show.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Headline figures={figures} />
        <LinkTabs label="Defect rates breakdown" tabs={tabs} />
        <RatesTable figures={figures} view={current} nameOf={nameOf} />
        <Trend figures={figures} />
      </>
    );
  }
  return (
    <TeamSection
      title="Critical defects"
      description="The share of decided requests with a finding, and with a critical one. Withdrawn findings do not count."
      csv={stats && figures && (() => csvOf(stats, figures, nameOf))}
      busy={view.busy}
    >
      {body}
    </TeamSection>
  );
}
