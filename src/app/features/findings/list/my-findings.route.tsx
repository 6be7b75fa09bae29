import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { countQuery } from '../finding-cache.ts';
import {
  filtersFromSearch,
  filtersToSearch,
  queryOf,
  type FindingView,
} from '../finding-filters.ts';
import { FindingList } from './finding-list.tsx';
import { FindingsPage } from './findings-page.tsx';
import '../findings.css';

const EMPTY: Record<FindingView, { title: string; body: string }> = {
  open: {
    title: 'Nothing to answer',
    body: 'When QC finds a problem in a document you are responsible for, it shows here, and you hear of it at once.',
  },
  overdue: {
    title: 'Nothing overdue',
    body: 'Every open finding of yours is still within its time.',
  },
  disputed: {
    title: 'No disputes waiting',
    body: 'Findings you dispute wait here until a QC manager settles them.',
  },
  settled: {
    title: 'Nothing settled yet',
    body: 'Findings you cured, and disputes withdrawn, show here.',
  },
  all: { title: 'No findings', body: 'No QC finding has named you yet.' },
};

/**
 * `/findings` (anyone with a user): the findings the signed-in person is responsible for
 * (ADR 029), by view in the URL, each opening to its page and answer.
 */
export function Component() {
  const [search] = useSearchParams();
  const { view } = filtersFromSearch(search);
  const count = useQuery(countQuery());
  // The badge's count on the two views it counts; the others have none to show.
  const counts: Partial<Record<FindingView, number>> = {
    open: count.data?.open,
    overdue: count.data?.overdue,
  };
  return (
    <FindingsPage
      title="My findings"
      subtitle="Problems QC found in documents you are responsible for: cure them, or dispute them with your reason."
      view={view}
      searchOf={(key) => filtersToSearch({ view: key })}
      counts={counts}
    >
      <FindingList query={queryOf({ view }, true)} empty={EMPTY[view]} />
    </FindingsPage>
  );
}
