import { useQuery } from '@tanstack/react-query';
import type { QcChecklist, QcProcess } from '../../../../contract/qc.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { Page } from '../../../ui/page.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { LoadingOrFailed } from '../../../ui/query-states.tsx';
import { qcQueries } from '../qc.queries.ts';
import { DecisionsExport } from './decisions-export.tsx';
import { ProcessCard } from './process-card.tsx';
import { settingsOf, settingsQuery } from './settings.queries.ts';
import './processes.css';

function ProcessSection({
  title,
  processes,
  checklists,
  settings,
  empty,
}: {
  title: string;
  processes: QcProcess[];
  checklists: readonly QcChecklist[];
  settings: readonly ProcessSettings[] | undefined;
  empty: string;
}) {
  const id = `processes-${title.toLowerCase()}`;
  return (
    <section className="qc-processes__section" aria-labelledby={id}>
      <h2 className="qc-processes__heading" id={id}>
        {title} <span className="count">{processes.length}</span>
      </h2>
      {processes.length === 0 ? (
        <div className="panel">
          <EmptyState title={empty} />
        </div>
      ) : (
        <ul className="qc-processes__list panel">
          {processes.map((process) => (
            <ProcessCard
              key={process.id}
              process={process}
              checklists={checklists}
              settings={settingsOf(settings, process.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** QC processes (`/qc/processes`, `qc.manage`): active and archived, each editable. */
export function Component() {
  const processes = useQuery(qcQueries.processes());
  const checklists = useQuery(qcQueries.checklists());
  const settings = useQuery(settingsQuery());
  let content;
  if (!processes.isSuccess) {
    content = <LoadingOrFailed query={processes} what="processes" />;
  } else {
    const list = checklists.data ?? [];
    const saved = settings.data?.processes;
    content = (
      <>
        <ProcessSection
          title="Active"
          processes={processes.data.filter((p) => !p.archivedOn)}
          checklists={list}
          settings={saved}
          empty="No active processes"
        />
        <ProcessSection
          title="Archived"
          processes={processes.data.filter((p) => p.archivedOn)}
          checklists={list}
          settings={saved}
          empty="No archived processes"
        />
      </>
    );
  }
  return (
    <Page
      title="QC processes"
      subtitle="Rename, re-point and archive the processes documents are reviewed under."
    >
      {content}
      <DecisionsExport />
    </Page>
  );
}
