import type { QueryClient } from '@tanstack/react-query';
import { pushToast } from '../../../../ui/toast-store.ts';
import { qcQueries } from '../../qc.queries.ts';
import { dropFromLists } from '../../queue-cache.ts';
import { conflictText, noteConflict } from '../conflicts.ts';
import { clearDraft } from '../draft.ts';
import type { Sent } from './outbox.ts';

/** The screen that made the decision, for its first send's answer. */
export interface Foreground {
  /** Puts the tab counts back as they were before the decision. */
  rollback: () => void;
  /** Brings the reviewer back to the request, draft intact. */
  back: () => void;
  /** Users' names, to say who decided first. */
  names: ReadonlyMap<string, string>;
}

/**
 * What an answer from the service means on screen. Saved: the draft goes, the request
 * leaves the pending lists. Someone else's decision: the conflict view, as ADR 005
 * has it. Refused: a toast, the draft kept. No answer yet: nothing, the row stays "saving".
 * The screen that decided brings the reviewer back; an answer to a later send (the next load,
 * the connection back) comes as a toast instead, the request's own screen showing the rest.
 */
export function settleDecision(
  client: QueryClient,
  { entry, outcome }: Sent,
  foreground?: Foreground,
): void {
  const { scope, requestId: id, matterReference } = entry;
  const refetchType = foreground ? 'none' : 'active';
  switch (outcome.kind) {
    case 'retry':
      return;
    case 'gone':
      // Another tab of this person settled it: the lists learn how when they next load.
      void client.invalidateQueries({ queryKey: qcQueries.lists() });
      void client.invalidateQueries({ queryKey: qcQueries.allCounts() });
      return;
    case 'saved':
      clearDraft(scope, id);
      client.setQueryData(qcQueries.detail(id).queryKey, outcome.request);
      dropFromLists(client, id);
      // Lists stale, not fetched now: the queue refreshes when shown (ADR 024). Counts
      // are fetched if on screen (the queue, after the last of it was decided): a fetch of
      // them was cancelled for the optimistic move.
      void client.invalidateQueries({ queryKey: qcQueries.lists(), refetchType });
      void client.invalidateQueries({ queryKey: qcQueries.allCounts() });
      return;
  }
  foreground?.rollback();
  void client.invalidateQueries({ queryKey: qcQueries.allCounts() });
  void client.invalidateQueries({ queryKey: qcQueries.lists() });
  if (outcome.kind === 'conflict') {
    const { request } = outcome;
    // The decided version goes in the cache: the screen shows it beside the reviewer's own
    // draft (conflict-view.tsx), whatever the cache held.
    if (request && request.status !== 'pending') {
      client.setQueryData(qcQueries.detail(id).queryKey, request);
    }
    const text = conflictText(request, foreground?.names ?? new Map(), outcome.message);
    noteConflict(id, text);
    if (foreground) return foreground.back();
    pushToast({
      tone: 'error',
      title: `Your review of ${matterReference} was not saved`,
      description: text,
      action: { label: 'Open it', href: `/qc/${id}` },
    });
    return;
  }
  pushToast({
    tone: 'error',
    title: `Your review of ${matterReference} was not saved`,
    description: outcome.message,
    ...(foreground ? {} : { action: { label: 'Open it', href: `/qc/${id}` } }),
  });
  foreground?.back();
}
