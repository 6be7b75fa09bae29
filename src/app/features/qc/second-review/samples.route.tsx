import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  SAMPLE_STATES,
  type Sample,
  type SampleState,
} from '../../../../contract/qc-management.ts';
import { grants, sessionQueries } from '../../../session.queries.ts';
import { when } from '../../../ui/dates.ts';
import { Page } from '../../../ui/page.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { LoadingOrFailed } from '../../../ui/query-states.tsx';
import { LinkTabs } from '../../../ui/tabs.tsx';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';
import { QueueTabs } from '../queue/index.ts';
import { StateBadge } from './comparison.tsx';
import { samplesQueries } from './samples.queries.ts';
import { useSamplesTab } from './use-samples-tab.ts';
import './samples.css';

const STATE_TAB_LABELS: Record<SampleState, string> = {
  open: 'Open',
  flagged: 'Flagged',
  resolved: 'Resolved',
  agreed: 'Agreed',
};
/** The order a manager works in: what waits for reviewers, what waits for them, the rest. */
const STATE_ORDER: SampleState[] = ['open', 'flagged', 'resolved', 'agreed'];

const EMPTY: Record<SampleState, string> = {
  open: 'When an approval is sampled, it waits here for a reviewer other than the one who approved it.',
  flagged: 'A sample is flagged when its second reviewer fails a check the first passed.',
  resolved: 'Flagged samples whose outcome an admin has recorded.',
  agreed: 'Samples whose second review found nothing the first missed.',
};

function SampleRow({ sample }: { sample: Sample }) {
  return (
    <li className="sr-row">
      <Link className="sr-row__link" to={`/qc/second-review/${sample.requestId}`}>
        <span className="sr-row__title">{sample.matterReference ?? sample.requestId}</span>
        <span className="sr-row__meta">
          {sample.processName ?? 'Unknown process'} · sampled {when(sample.sampledOn)}
          {sample.firstReview && ` · approved by ${sample.firstReview.decidedBy.name}`}
          {sample.secondReview && ` · second review by ${sample.secondReview.by.name}`}
        </span>
      </Link>
      <StateBadge state={sample.state} />
    </li>
  );
}

/** `/qc/second-review`: sampled approvals; managers switch between their states (`?state=`). */
export function Component() {
  const [params] = useSearchParams();
  const { data: session } = useQuery(sessionQueries.current());
  const manager = Boolean(session && grants(session, ['qc.manage']));
  const asked = SAMPLE_STATES.find((s) => s === params.get('state')) ?? 'open';
  const state = manager ? asked : 'open';
  const list = useQuery(samplesQueries.list(state));
  // The queue's tabs, so this reads as one of them; their counts are the default view's.
  const filters = filtersFromSearch(new URLSearchParams());
  const counts = useQuery({ ...qcQueries.counts(filters), enabled: !list.isPending });
  const tab = useSamplesTab(!list.isPending, true);

  let content;
  if (!list.isSuccess) {
    content = <LoadingOrFailed query={list} what="the samples" />;
  } else if (list.data.samples.length === 0) {
    content = (
      <EmptyState title={state === 'open' ? 'Nothing to review again' : `No ${state} samples`}>
        {EMPTY[state]}
      </EmptyState>
    );
  } else {
    content = (
      <ul className="sr-list" aria-label={`${STATE_TAB_LABELS[state]} samples`}>
        {list.data.samples.map((sample) => (
          <SampleRow key={sample.requestId} sample={sample} />
        ))}
      </ul>
    );
  }

  return (
    <Page
      title="Second review"
      subtitle="Approved documents sampled for an independent second review."
    >
      <section className="panel panel--list sr-panel" aria-label="Samples">
        <QueueTabs filters={filters} counts={counts.data} samples={tab} />
        {manager && (
          <div className="sr-states">
            <LinkTabs
              label="Sample state"
              flush
              tabs={STATE_ORDER.map((s) => ({
                key: s,
                to: `?state=${s}`,
                label: STATE_TAB_LABELS[s],
                current: s === state,
              }))}
            />
          </div>
        )}
        <div className="sr-list__body">{content}</div>
      </section>
    </Page>
  );
}
