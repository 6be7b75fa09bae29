import { Link } from 'react-router';
import type { TeamStats } from '../../../../contract/qc-management.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { barScale, RateBar } from './rate-bar.tsx';
import { fileName, type CsvFile } from './team-csv.ts';
import { count, percentValue } from './team-format.ts';
import type { StatsView } from './stats-view.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import { Table } from '../../../ui/table.tsx';
import './calibration.css';

type Calibration = TeamStats['calibration'];

/** Both tables in one file, a `table` column telling them apart. */
function csvOf(stats: TeamStats): CsvFile {
  const { reviewers, items } = stats.calibration;
  return {
    name: fileName('calibration', stats),
    header: [
      'table',
      'name',
      'id',
      'sampled',
      'second_reviewed',
      'items_compared',
      'items_agreed',
      'agreement_rate_pct',
    ],
    rows: [
      ...reviewers.map((r) => [
        'reviewer',
        r.member.name,
        r.member.id,
        r.sampled,
        r.secondReviewed,
        r.itemsCompared,
        r.itemsAgreed,
        percentValue(r.rate),
      ]),
      ...items.map((i) => [
        'check',
        i.displayName,
        '',
        null,
        null,
        i.compared,
        i.agreed,
        percentValue(i.rate),
      ]),
    ],
  };
}

const REVIEWER_COLUMNS = [
  { label: 'Reviewer' },
  { label: 'Agreement' },
  { label: 'Sampled', className: 'table__num' },
  { label: 'Second-reviewed', className: 'table__num' },
  { label: 'Checks agreed', className: 'table__num' },
];

const ITEM_COLUMNS = [
  { label: 'Check' },
  { label: 'Agreement' },
  { label: 'Agreed', className: 'table__num' },
  { label: 'Compared', className: 'table__num' },
];

function ReviewerTable({ reviewers }: { reviewers: Calibration['reviewers'] }) {
  // Agreement runs high: the bars run the whole way, so 80% and 95% look different enough.
  const scale = barScale(reviewers.map((r) => r.rate));
  return (
    <Table
      className="team-table team-table--bars"
      data-testid="calibration-reviewers"
      caption="By first reviewer"
      captionClassName="team-table__caption"
      scrollLabel="Agreement by first reviewer"
      columns={REVIEWER_COLUMNS}
    >
      {reviewers.map((r) => (
        <tr key={r.member.id}>
          <th scope="row">{r.member.name}</th>
          <td>
            <RateBar rate={r.rate} scale={scale} tone="accent" />
          </td>
          <td className="table__num">{count(r.sampled)}</td>
          <td className="table__num">{count(r.secondReviewed)}</td>
          <td className="table__num">
            {count(r.itemsAgreed)} of {count(r.itemsCompared)}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function ItemTable({ items }: { items: Calibration['items'] }) {
  const scale = barScale(items.map((i) => i.rate));
  const sorted = [...items].sort(
    (a, b) => (a.rate ?? 2) - (b.rate ?? 2) || a.displayName.localeCompare(b.displayName),
  );
  return (
    <Table
      className="team-table team-table--bars"
      data-testid="calibration-items"
      caption="By check, least agreed first"
      captionClassName="team-table__caption"
      scrollLabel="Agreement by check"
      columns={ITEM_COLUMNS}
    >
      {sorted.map((i) => (
        <tr key={i.displayName}>
          <th scope="row" className="team-table__name">
            {i.displayName}
          </th>
          <td>
            <RateBar rate={i.rate} scale={scale} tone="accent" />
          </td>
          <td className="table__num">{count(i.agreed)}</td>
          <td className="table__num">{count(i.compared)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The open flags: second reviews that disagreed on a failed check, waiting for an admin. */
function Flags({ open }: { open: number }) {
  return (
    <div className={`heading-row team-flags${open > 0 ? ' team-flags--open' : ''}`}>
      <p>
        <strong data-testid="open-flags">{count(open)}</strong>{' '}
        {open === 1 ? 'flagged sample waits' : 'flagged samples wait'} for an admin’s decision.
      </p>
      <Link to="/qc/second-review?state=flagged" className="button button--secondary">
        Review flags
      </Link>
    </div>
  );
}

/** How often second reviewers agree with the first: per reviewer and per check. */
export function CalibrationSection({ view }: { view: StatsView }) {
  const { stats } = view;
  let body;
  if (!stats) body = <SectionState {...view.state} what="the calibration" />;
  else {
    const { reviewers, items } = stats.calibration;
    body = (
      <>
        <Flags open={stats.openFlags} />
        {reviewers.length === 0 && items.length === 0 ? (
          <EmptyState title="No second reviews in this range">
            Set a sample share on a process (QC processes) and approvals are sampled for a second
            review.
          </EmptyState>
        ) : (
          <div className="team-calibration">
            <ReviewerTable reviewers={reviewers} />
            <ItemTable items={items} />
          </div>
        )}
      </>
    );
  }
  return (
    <TeamSection
      title="Calibration"
      description="How often a second reviewer agrees with the first, check by check."
      csv={stats && (() => csvOf(stats))}
      busy={view.busy}
    >
      {body}
    </TeamSection>
  );
}
