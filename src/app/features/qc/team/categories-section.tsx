import type { CategoryCount } from '../../../../contract/findings.ts';
import type { TeamStats } from '../../../../contract/qc-management.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { Table } from '../../../ui/table.tsx';
import type { StatsView } from './stats-view.ts';
import { fileName, type CsvFile } from './team-csv.ts';
import { count } from './team-format.ts';
import { ChartLegend } from './chart-parts.tsx';
import { SectionState, TeamSection } from './team-section.tsx';
import './findings-figures.css';

// Findings not withdrawn by category (the failed check's checklist group) and severity
// (ADR 029): where the team's findings come from, and how bad they are.

/** The key to the bars' parts, most severe first as in the bars. */
const SEVERITY_KEY = [
  { swatch: 'severity-legend__swatch severity-bar__part--critical', label: 'Critical' },
  { swatch: 'severity-legend__swatch severity-bar__part--major', label: 'Major' },
  { swatch: 'severity-legend__swatch severity-bar__part--minor', label: 'Minor' },
];

const total = (c: CategoryCount) => c.critical + c.major + c.minor;

/** The most critical first, then the most findings. */
export const byCritical = (a: CategoryCount, b: CategoryCount) =>
  b.critical - a.critical || total(b) - total(a) || a.category.localeCompare(b.category);

function csvOf(stats: TeamStats, categories: readonly CategoryCount[]): CsvFile {
  return {
    name: fileName('finding-categories', stats),
    header: ['category', 'critical', 'major', 'minor', 'findings'],
    rows: [...categories]
      .sort(byCritical)
      .map((c) => [c.category, c.critical, c.major, c.minor, total(c)]),
  };
}

/** The three severities' shares of a row, as one bar; the cells beside it say the figures. */
function SeverityBar({ row, most }: { row: CategoryCount; most: number }) {
  const width = (n: number) => `${most > 0 ? (n / most) * 100 : 0}%`;
  return (
    <span className="severity-bar" aria-hidden="true">
      <span
        className="severity-bar__part severity-bar__part--critical"
        style={{ width: width(row.critical) }}
      />
      <span
        className="severity-bar__part severity-bar__part--major"
        style={{ width: width(row.major) }}
      />
      <span
        className="severity-bar__part severity-bar__part--minor"
        style={{ width: width(row.minor) }}
      />
    </span>
  );
}

function CategoryTable({ categories }: { categories: readonly CategoryCount[] }) {
  const rows = [...categories].sort(byCritical);
  const most = Math.max(0, ...rows.map(total));
  return (
    <Table
      className="team-table"
      data-testid="category-table"
      caption="Findings by category and severity"
      scrollLabel="Findings by category and severity"
      columns={[
        { label: 'Category' },
        { label: 'Critical', className: 'table__num' },
        { label: 'Major', className: 'table__num' },
        { label: 'Minor', className: 'table__num' },
        { label: 'Findings', className: 'table__num' },
        { label: <span className="visually-hidden">Share</span> },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.category} data-category={row.category}>
          <th scope="row" className="team-table__name">
            {row.category}
          </th>
          <td className={`table__num${row.critical ? ' severity-count--critical' : ''}`}>
            {count(row.critical)}
          </td>
          <td className="table__num">{count(row.major)}</td>
          <td className="table__num">{count(row.minor)}</td>
          <td className="table__num">{count(total(row))}</td>
          <td className="severity-bar__cell">
            <SeverityBar row={row} most={most} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function CategoriesSection({ view }: { view: StatsView }) {
  const { stats } = view;
  const categories = stats?.findings?.categories;
  let body;
  if (!stats) body = <SectionState {...view.state} what="the findings by category" />;
  else if (!categories || categories.every((c) => total(c) === 0)) {
    body = <EmptyState title="No findings in this range" />;
  } else {
    body = (
      <>
        <ChartLegend className="chart-legend severity-legend" items={SEVERITY_KEY} />
        <CategoryTable categories={categories} />
      </>
    );
  }
  return (
    <TeamSection
      title="Findings by category"
      description="Findings not withdrawn, by the checklist group of the failed check and by severity."
      csv={stats && categories && (() => csvOf(stats, categories))}
      busy={view.busy}
    >
      {body}
    </TeamSection>
  );
}
