import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../client/api-error.ts';
import type { Finding } from '../../../../contract/findings.ts';
import { responsibleName } from '../../../finding-words.ts';
import { createRegionChannel } from '../../../pdf/regions/region-channel.ts';
import { useFirmNames } from '../../../lookups.queries.ts';
import { grants, hasAny, sessionQueries } from '../../../session.queries.ts';
import { Button } from '../../../ui/button.tsx';
import { shortDate, when } from '../../../ui/dates.ts';
import { FactGrid } from '../../../ui/fact.tsx';
import { sentence } from '../../../ui/failure-message.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { dueOf } from '../due.ts';
import { DueText, SeverityBadge, StateBadge } from '../finding-badges.tsx';
import { findingQueries } from '../findings.queries.ts';
import { useNames } from '../use-names.ts';
import { useNow } from '../../../ui/use-now.ts';
import { AnswerForm } from './answer-form.tsx';
import { FindingDocument, KeptDocument, RegionPages } from './finding-document.tsx';
import { statusLine } from './finding-status.tsx';
import { FindingSteps } from './finding-steps.tsx';
import { ReassignDialog } from './reassign-dialog.tsx';
import { SettleForm } from './settle-form.tsx';
import '../../../ui/page.css';
import '../findings.css';

const MANAGE = ['qc.manage'];
/** Who the service shows a QC request's document to. */
const QC_READERS = ['qc.review', 'qc.manage'];

function Crumbs({ manager }: { manager: boolean }) {
  return (
    <nav className="finding-crumbs" aria-label="Breadcrumb">
      <Link to={manager ? '/findings/all' : '/findings'}>
        ← {manager ? 'Findings' : 'My findings'}
      </Link>
    </nav>
  );
}

function Facts({ finding, names }: { finding: Finding; names: ReadonlyMap<string, string> }) {
  const firms = useFirmNames();
  return (
    <FactGrid className="finding-facts" small>
      <div>
        <dt>Responsible</dt>
        <dd data-testid="finding-responsible">{responsibleName(finding.responsible, names)}</dd>
      </div>
      <div>
        <dt>Due</dt>
        <dd>{when(finding.dueOn)}</dd>
      </div>
      <div>
        <dt>Raised</dt>
        <dd>
          {shortDate(finding.raisedOn)} by {finding.raisedBy.name}
        </dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>{finding.category || '—'}</dd>
      </div>
      <div>
        <dt>Process</dt>
        <dd>{finding.processName}</dd>
      </div>
      <div>
        <dt>Firm</dt>
        <dd>{firms.get(finding.firmId) ?? finding.firmId}</dd>
      </div>
    </FactGrid>
  );
}

function FindingPage({ finding }: { finding: Finding }) {
  const session = useQuery(sessionQueries.current()).data;
  const now = useNow();
  const me = session?.user?.id;
  const manager = Boolean(session && grants(session, MANAGE));
  const names = useNames(manager);
  const readsQc = Boolean(session && hasAny(session, QC_READERS));
  // Anyone else sees the gateway's copy of the document, when it kept one, else a sketch.
  const kept = useQuery({ ...findingQueries.documentKept(finding.id), enabled: !readsQc });
  const shown = readsQc || kept.data === true;
  const mine = me !== undefined && finding.responsible?.id === me;
  // Only a person answers: a client without a user reads (the gateway refuses it alike).
  const answerable = finding.state === 'open' && Boolean(me) && (mine || manager);
  // A wet-ink scan is cured by a rescan, on its signature request: signature requests are for
  // those who sign, nobody else is asked. Undefined while unknown, null when there is none.
  const signs = Boolean(session && hasAny(session, ['signatures.write']));
  const rescanQuery = useQuery({
    ...findingQueries.rescan(finding.requestId),
    enabled: signs && answerable && mine,
  });
  const rescan = signs && mine ? rescanQuery.data : null;
  const open = finding.state === 'open' || finding.state === 'disputed';
  // What the document draws over its pages, and what the "Page N" lines beside it reveal.
  const [regions] = useState(createRegionChannel);

  return (
    <div className="app-page finding-page" data-finding-id={finding.id} data-state={finding.state}>
      <Crumbs manager={manager && !mine} />
      <header className="finding-head">
        <div className="finding-head__badges">
          <SeverityBadge severity={finding.severity} />
          <StateBadge state={finding.state} upheld={finding.upheld} />
          <DueText due={dueOf(finding, now)} />
        </div>
        <h1 className="app-page__title">{finding.itemName}</h1>
        <p className="finding-head__where">
          <span className="finding-head__matter">{finding.matterReference}</span> ·{' '}
          {finding.processName}
          {readsQc && (
            <>
              {' '}
              · <Link to={`/qc/${encodeURIComponent(finding.requestId)}`}>Open the QC request</Link>
            </>
          )}
        </p>
      </header>
      <div className="finding-layout">
        <section
          className={`finding-doc panel${shown || kept.isPending ? '' : ' finding-doc--sketch'}`}
          aria-label="Document"
        >
          {readsQc ? (
            <FindingDocument finding={finding} channel={regions} />
          ) : (
            <KeptDocument finding={finding} channel={regions} />
          )}
        </section>
        <div className="finding-side">
          <section className="finding-card" aria-labelledby="finding-note">
            <h2 className="finding-card__title" id="finding-note">
              What the reviewer found
            </h2>
            <blockquote className="finding-quote">
              {finding.note || 'The reviewer left no note.'}
            </blockquote>
            {shown && <RegionPages finding={finding} channel={regions} />}
            <Facts finding={finding} names={names} />
          </section>
          {answerable ? (
            mine ? (
              <AnswerForm finding={finding} rescan={rescan} />
            ) : (
              <details className="finding-card finding-behalf">
                <summary>
                  Record an answer for {responsibleName(finding.responsible, names)}
                </summary>
                <AnswerForm
                  finding={finding}
                  onBehalfOf={responsibleName(finding.responsible, names)}
                />
              </details>
            )
          ) : (
            <p className="finding-card finding-status" role="status">
              {statusLine(finding, me, names)}
            </p>
          )}
          {manager && finding.state === 'disputed' && <SettleForm finding={finding} me={me} />}
          {manager && open && (
            <section className="finding-card finding-reassign" aria-label="Responsible">
              <p>
                <strong>{responsibleName(finding.responsible, names)}</strong> answers for this
                finding.
              </p>
              <ReassignDialog finding={finding} names={names} />
            </section>
          )}
          <section className="finding-card" aria-labelledby="finding-history">
            <h2 className="finding-card__title" id="finding-history">
              History
            </h2>
            <FindingSteps finding={finding} names={names} />
          </section>
        </div>
      </div>
    </div>
  );
}

/** `/findings/:findingId`: one finding, its place on the page, its answer and its history. */
export function Component() {
  const { findingId = '' } = useParams();
  const finding = useQuery(findingQueries.detail(findingId));
  const session = useQuery(sessionQueries.current()).data;
  const manager = Boolean(session && grants(session, MANAGE));
  if (finding.isPending) {
    return (
      <div className="app-page">
        <Crumbs manager={manager} />
        <Loading label="Loading the finding…" />
      </div>
    );
  }
  if (finding.isError) {
    const gone = finding.error instanceof ApiError && [400, 404].includes(finding.error.status);
    return (
      <div className="app-page">
        <Crumbs manager={manager} />
        <h1 className="app-page__title">Finding</h1>
        <div className="panel">
          <ErrorState
            title={gone ? 'This finding is not there for you' : 'The finding could not be loaded'}
            message={
              gone
                ? 'It may have been handed to someone else, or the link is wrong.'
                : sentence(finding.error.message)
            }
            action={
              gone ? (
                <Link to={manager ? '/findings/all' : '/findings'}>Go to the list</Link>
              ) : (
                <Button onClick={() => void finding.refetch()}>Try again</Button>
              )
            }
          />
        </div>
      </div>
    );
  }
  return <FindingPage finding={finding.data} />;
}
