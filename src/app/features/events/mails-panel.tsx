import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { LoadingOrFailed } from '../../ui/query-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import '../../ui/table.css';
import { eventQueries, MAILS_MAX, MAILS_SHOWN } from './events.queries.ts';
import { mailPoll } from './mail-labels.ts';
import { MailRow } from './mail-row.tsx';

function NotConfigured() {
  return (
    <EmptyState title="E-mail is not configured">
      <p>
        The console e-mails people about their findings (raised for them or handed to them, due
        tomorrow or today, overdue for QC managers, disputes to settle) once{' '}
        <code>ATTEST_SMTP_URL</code> is set on the gateway, and <code>ATTEST_MAIL_FROM</code> if
        they should come from an address of your own. See “Findings by e-mail” in the deployment
        guide.
      </p>
    </EmptyState>
  );
}

/** What the tab is, above the list: how e-mails go, or that none go now. */
function Intro({ configured, count, more }: { configured: boolean; count: number; more: boolean }) {
  return (
    <div className="events-panel__intro">
      {configured ? (
        <p>
          E-mails about findings, each to the person it is for, through the gateway’s{' '}
          <code>ATTEST_SMTP_URL</code>. A send that fails is tried again after 1, 5 and 30 min, 2 h
          and 6 h, then marked failed. Send again sends a sent or failed e-mail once more.
        </p>
      ) : (
        <p className="events-notices-off" role="status">
          <code>ATTEST_SMTP_URL</code> is not set: these e-mails were kept from before, and nothing
          is sent now.
        </p>
      )}
      <p className="events-count">
        {count === 1 ? 'The newest e-mail' : `The newest ${count} e-mails`} shown
        {more ? ', older ones below' : ''}
      </p>
    </div>
  );
}

/**
 * What the console e-mailed about findings (QC managers, ADR 040): each e-mail's kind,
 * person, state and attempts, and a button to send it again. The gateway lists the newest
 * only (no pages): "Older e-mails" asks for more of them, up to the most it lists.
 */
export function MailsPanel() {
  const [limit, setLimit] = useState(MAILS_SHOWN);
  const query = useQuery({
    ...eventQueries.mails(limit),
    refetchInterval: (q) => mailPoll(q.state.data),
  });
  const list = query.data;
  const mails = list?.mails ?? [];
  // A full answer may have more behind it, until the most the gateway lists.
  const more = mails.length >= limit && limit < MAILS_MAX;

  let content;
  if (!list) {
    content = <LoadingOrFailed query={query} what="the e-mails" />;
  } else if (mails.length === 0) {
    content = list.configured ? (
      <EmptyState title="No e-mails sent yet">
        <p>
          An e-mail goes out when a finding is raised for someone or handed to them, the day before
          it is due and on the day, when it is overdue, and when a dispute waits to be settled.
        </p>
      </EmptyState>
    ) : (
      <NotConfigured />
    );
  } else {
    content = (
      <>
        <ol className="row-list events-list" aria-label="E-mails, newest first">
          {mails.map((mail) => (
            <MailRow key={mail.id} mail={mail} />
          ))}
        </ol>
        {more && (
          <div className="events-more">
            <Button
              onClick={() => setLimit(Math.min(limit + MAILS_SHOWN, MAILS_MAX))}
              pending={query.isPlaceholderData && query.isFetching}
              pendingLabel="Loading older e-mails…"
            >
              Older e-mails
            </Button>
          </div>
        )}
        {/* A look again that failed: the list stays as it was, and says it may be behind. */}
        {query.isError && !query.isFetching && (
          <div className="next-page-failed" role="alert">
            <p>The e-mails could not be brought up to date.</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="panel panel--list" aria-label="E-mails">
      {list && mails.length > 0 && (
        <Intro configured={list.configured} count={mails.length} more={more} />
      )}
      {content}
    </section>
  );
}
