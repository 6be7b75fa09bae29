import { Link } from 'react-router';
import type { DefectRow } from '../../../../contract/qc-management.ts';
import { barScale, RateBar } from './rate-bar.tsx';
import { count, percent, shortId } from './team-format.ts';
import { Table } from '../../../ui/table.tsx';

/** The requests behind a row, behind a disclosure: up to 100 links, newest first. */
function RequestLinks({ row }: { row: DefectRow }) {
  if (row.requestIds.length === 0) return <span className="table__none">None</span>;
  const more = row.failed > row.requestIds.length;
  return (
    <details className="team-requests">
      <summary>
        {count(row.requestIds.length)} {row.requestIds.length === 1 ? 'request' : 'requests'}
        <span className="visually-hidden"> where “{row.displayName}” failed</span>
      </summary>
      <ul className="team-requests__list">
        {row.requestIds.map((id) => (
          <li key={id}>
            <Link to={`/qc/${encodeURIComponent(id)}`} className="table__mono">
              <span className="visually-hidden">Request </span>
              {shortId(id)}
            </Link>
          </li>
        ))}
      </ul>
      {more && <p className="team-requests__more">The latest {count(row.requestIds.length)}.</p>}
    </details>
  );
}

/** Checks and how often they failed: a rate with its bar, the counts, the requests. */
export function DefectTable({
  rows: all,
  caption,
}: {
  rows: readonly DefectRow[];
  caption: string;
}) {
  // The checks that never failed are named in a line under the table: a long list of 0%
  // bars would push the ones that matter apart.
  const rows = all.filter((r) => r.failed > 0);
  const clean = all.filter((r) => r.failed === 0);
  const scale = barScale(rows.map((r) => r.rate));
  return (
    <>
      {rows.length > 0 && <FailedTable rows={rows} caption={caption} scale={scale} />}
      {clean.length > 0 && (
        <p className="team-clean">
          <strong>
            {rows.length === 0 ? 'No check failed' : `Never failed (${count(clean.length)})`}:
          </strong>{' '}
          {clean.map((r) => `${r.displayName} (${count(r.reviewed)} reviewed)`).join(', ')}.
        </p>
      )}
    </>
  );
}

function FailedTable({
  rows,
  caption,
  scale,
}: {
  rows: readonly DefectRow[];
  caption: string;
  scale: number;
}) {
  return (
    <Table
      className="team-table team-table--bars"
      data-testid="defects-table"
      caption={caption}
      scrollLabel={caption}
      columns={[
        { label: 'Check' },
        {
          label: (
            <>
              Failure rate <span className="team-table__scale">(bars to {percent(scale)})</span>
            </>
          ),
        },
        { label: 'Failed', className: 'table__num' },
        { label: 'Reviewed', className: 'table__num' },
        { label: 'Requests' },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.displayName} data-check={row.displayName}>
          <th scope="row" className="team-table__name">
            {row.displayName}
          </th>
          <td>
            <RateBar rate={row.rate} scale={scale} tone="danger" />
          </td>
          <td className="table__num">{count(row.failed)}</td>
          <td className="table__num">{count(row.reviewed)}</td>
          <td>
            <RequestLinks row={row} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
