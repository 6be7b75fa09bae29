import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { QUEUE_PAGE_SIZE } from '../queue-request.ts';
import { plural, type MachineView } from './machine-view.ts';
import './machine.css';

// What the machine's filter and sort cover (queue.route.tsx): the rows loaded so far, not
// the whole queue, which the service pages and knows nothing of the machine's counts. While
// either is on, the next page loads when asked (here), not as the list is scrolled: rows
// would otherwise jump into place above the reader.

export interface MachineScope {
  view: MachineView;
  /** Rows shown (flagged, with the filter on). */
  shown: number;
  /** Rows loaded so far, of `total` in the queue. */
  loaded: number;
  total: number;
  /** Rows loaded the machine has still to read. */
  unread: number;
  /** The counts could not be read. */
  failed: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

function scopeWords({ view, shown, loaded }: MachineScope): string {
  const ofLoaded = `of the ${loaded.toLocaleString()} loaded`;
  if (view.flaggedOnly) {
    return `${shown.toLocaleString()} flagged ${ofLoaded}${view.mostFlagged ? ', most flagged first' : ''}`;
  }
  return `Most flagged first, ${ofLoaded}`;
}

function LoadMore(scope: MachineScope) {
  if (!scope.hasNextPage) return null;
  return (
    <Button
      variant="ghost"
      className="qc-machine-note__more"
      pending={scope.isFetchingNextPage}
      pendingLabel="Loading more…"
      onClick={() => void scope.fetchNextPage()}
    >
      Load {Math.min(QUEUE_PAGE_SIZE, scope.total - scope.loaded).toLocaleString()} more
    </Button>
  );
}

/** A quiet line above the list: what the view covers, what is still being read, and more. */
export function MachineNote(scope: MachineScope) {
  const rest = scope.total - scope.loaded;
  return (
    <div className="qc-machine-note">
      <span>
        {scopeWords(scope)}
        {rest > 0 && ` (${rest.toLocaleString()} more in the queue)`}
      </span>
      {scope.unread > 0 && !scope.failed && (
        <span>{plural(scope.unread, 'document')} still being read</span>
      )}
      {scope.failed && <span>The machine's counts could not be read.</span>}
      <LoadMore {...scope} />
    </div>
  );
}

/** The filter kept no row of those loaded. */
export function NoneFlagged({ scope, showAll }: { scope: MachineScope; showAll: () => void }) {
  return (
    <EmptyState title={`Nothing flagged among the ${scope.loaded.toLocaleString()} loaded`}>
      <p>
        {scope.unread > 0
          ? `The machine is still reading ${plural(scope.unread, 'document')}; flagged ones appear here.`
          : 'The machine failed no check and was unsure of none in these documents.'}
      </p>
      <Button variant="secondary" onClick={showAll}>
        Show all requests
      </Button>
    </EmptyState>
  );
}
