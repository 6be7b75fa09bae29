import type { Firm } from '../../../contract/accounts.ts';
import '../../ui/table.css';
import type { FirmsView } from './firms-view.ts';

/** One page of firms. A real table: name, code and details read as columns by every reader. */
export function FirmTable({
  firms,
  dir,
  busy,
}: {
  firms: readonly Firm[];
  dir: FirmsView['dir'];
  busy: boolean;
}) {
  return (
    <div className="table-scroller">
      <table className="table" aria-label="Firms" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col" aria-sort={dir === 'asc' ? 'ascending' : 'descending'}>
              Name <span aria-hidden="true">{dir === 'asc' ? '↑' : '↓'}</span>
            </th>
            <th scope="col">Code</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {firms.map((firm) => {
            const details = Object.entries(firm.metadata);
            return (
              <tr key={firm.firmId}>
                <th scope="row" className="firm-name">
                  {firm.name}
                </th>
                <td className="table__mono">{firm.firmCode || '—'}</td>
                <td>
                  {details.length === 0 ? (
                    <span className="table__none">None</span>
                  ) : (
                    <dl className="firm-details">
                      {details.map(([key, value]) => (
                        <div key={key}>
                          <dt>{key}</dt>
                          <dd>{value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
