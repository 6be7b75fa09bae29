import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getMachineCard } from '../../../../client/checks.ts';
import { CHECK_NAMES, type MachineCard, type MachineCardRow } from '../../../../contract/checks.ts';
import { EmptyState } from '../../../ui/states.tsx';
import { Table } from '../../../ui/table.tsx';
import { barScale, RateBar } from './rate-bar.tsx';
import { fileName, type CsvFile } from './team-csv.ts';
import { count, percent, percentValue, shortId } from './team-format.ts';
import type { TeamRange } from './team-range.ts';
import { SectionState, TeamSection } from './team-section.tsx';
import { teamQueries } from './team.queries.ts';

// The machine's report card (ADR 042): each check, per process, against the reviewers'
// verdicts on the items bound to it, and the documents where it said pass and a person failed.

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function csvOf(card: MachineCard): CsvFile {
  return {
    name: fileName('machine-checks', card),
    header: [
      'check',
      'process',
      'judged',
      'agreed',
      'agreement_pct',
      'precision_pct',
      'recall_pct',
      'unsure_pct',
      'misses',
    ],
    rows: card.rows.map((r) => [
      CHECK_NAMES[r.check],
      r.processName,
      r.judged,
      r.agreed,
      percentValue(rate(r.agreed, r.judged)),
      percentValue(r.precision),
      percentValue(r.recall),
      percentValue(rate(r.unsure, r.judged)),
      r.misses.length,
    ]),
  };
}

const COLUMNS = [
  { label: 'Check' },
  { label: 'Process' },
  { label: 'Agreement' },
  { label: 'Precision of fails', className: 'table__num' },
  { label: 'Recall of fails', className: 'table__num' },
  { label: 'Unsure', className: 'table__num' },
  { label: 'Judged', className: 'table__num' },
];

function CardTable({ rows }: { rows: MachineCardRow[] }) {
  const scale = barScale(rows.map((r) => rate(r.agreed, r.judged)));
  return (
    <Table
      className="team-table team-table--bars"
      data-testid="machine-card"
      caption="By check and process"
      captionClassName="team-table__caption"
      scrollLabel="The machine's agreement by check"
      columns={COLUMNS}
    >
      {rows.map((r) => (
        <tr key={`${r.check}/${r.processName}`}>
          <th scope="row" className="team-table__name">
            {CHECK_NAMES[r.check]}
          </th>
          <td>{r.processName || '—'}</td>
          <td>
            <RateBar rate={rate(r.agreed, r.judged)} scale={scale} tone="accent" />
          </td>
          <td className="table__num">{percent(r.precision)}</td>
          <td className="table__num">{percent(r.recall)}</td>
          <td className="table__num">{percent(rate(r.unsure, r.judged))}</td>
          <td className="table__num">{count(r.judged)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Where it said pass and a person failed the item: the ones to read again. */
function Misses({ rows }: { rows: MachineCardRow[] }) {
  const misses = rows.flatMap((r) => r.misses.map((m) => ({ ...m, check: r.check })));
  if (misses.length === 0) {
    return (
      <p className="team-note">
        No misses: wherever a person failed a bound item, the machine had not passed it.
      </p>
    );
  }
  return (
    <div className="team-misses">
      <h3 className="team-table__caption">Misses: it said pass, a person failed the item</h3>
      <ul className="team-misses__list" data-testid="machine-misses">
        {misses.map((m) => (
          <li key={`${m.requestId}/${m.itemName}`}>
            <Link to={`/qc/${m.requestId}`}>
              {m.itemName} on {shortId(m.requestId)}
            </Link>{' '}
            <span className="team-misses__reason">the machine said: {m.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MachineSection({ range }: { range: TeamRange }) {
  const query = useQuery({
    queryKey: [...teamQueries.all(), 'machine-card', range.from, range.to] as const,
    queryFn: ({ signal }) => getMachineCard({ from: range.from, to: range.to }, { signal }),
    placeholderData: keepPreviousData,
  });
  const card = query.data;
  let body;
  if (!card) {
    body = (
      <SectionState
        pending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        what="the machine's report card"
      />
    );
  } else if (card.rows.length === 0) {
    body = (
      <EmptyState title="Nothing to compare in this range">
        Once reviewers decide requests whose items are bound to a machine check (QC processes,
        Settings), the machine's verdicts are compared with theirs here.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <CardTable rows={card.rows} />
        <Misses rows={card.rows} />
      </>
    );
  }
  return (
    <TeamSection
      title="The machine's first read"
      description="How often the machine's verdict on a bound item matched the reviewer's, and where it passed what a person failed."
      csv={card && card.rows.length > 0 ? () => csvOf(card) : undefined}
      busy={query.isPlaceholderData}
    >
      {body}
    </TeamSection>
  );
}
