import { Link } from 'react-router';
import type { Pagination } from '../../../../contract/common.ts';
import { searchOf, type ListView } from '../signatures.queries.ts';

/** Previous and next page by the service's cursors, kept in the URL so a reload stays put. */
export function Pager({ view, pagination }: { view: ListView; pagination: Pagination }) {
  const { previousCursor, nextCursor } = pagination;
  if (!previousCursor && !nextCursor) return null;
  // The first page is the view without a cursor: `previousCursor` from page two names it too.
  const to = (cursor: string) => `?${searchOf({ ...view, cursor })}`;
  return (
    <nav className="sig-pager" aria-label="Pages">
      {previousCursor ? (
        <Link className="button button--secondary" to={to(previousCursor)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      {nextCursor && (
        <Link className="button button--secondary" to={to(nextCursor)} rel="next">
          Next →
        </Link>
      )}
    </nav>
  );
}
