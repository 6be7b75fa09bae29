import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../client/api-error.ts';
import { decideQcRequest, getQcRequest } from '../../../../client/qc.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import { sessionQueries } from '../../../session.queries.ts';
import { nextPaint } from '../../../ui/next-paint.ts';
import { pushToast } from '../../../ui/toast-store.ts';
import { userScope } from '../../../user-storage.ts';
import { qcQueries } from '../qc.queries.ts';
import { removeFromQueue } from '../queue-cache.ts';
import { conflictText, noteConflict } from './conflicts.ts';
import { clearDraft, patchOf, type ReviewDraft } from './draft.ts';

export type Decision = 'approved' | 'rejected';
export interface Submission {
  status: Decision;
  current: QcRequest;
  draft: ReviewDraft;
}

interface Where {
  /** The next document of the queue, shown at once while the decision is saved. */
  next: QcRequest | undefined;
  /** A document's address within the current queue view. */
  hrefOf: (id: string) => string;
  /** The queue's address, when there is no next document. */
  queueHref: string;
  /** Users' names, to say who decided first on a conflict. */
  names: ReadonlyMap<string, string>;
}

/**
 * Approve or reject, and move on (decision 005): the next document goes on screen at once
 * (it and its PDF are prefetched) while the decision is saved behind it. The draft stays in
 * storage (draft-store.ts) until the save succeeds; a failure brings the reviewer back to it.
 */
export function useDecide({ next, hrefOf, queueHref, names }: Where) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data: session } = useQuery(sessionQueries.current());
  return useMutation({
    // Each decision holds the request it decided (and the answer) for as long as the cache
    // keeps it: the default five minutes is some 25 KB a review in a fast run. Nothing reads
    // a settled decision again; its callbacks here run whether or not a screen observes it.
    gcTime: 0,
    mutationFn: ({ status, current, draft }: Submission) => {
      const userId = session?.user?.id;
      if (!userId) throw new Error('Sign in as a person to record a review.');
      return decideQcRequest(current.id, patchOf(current, draft, status, userId));
    },
    onMutate: async ({ status, current }) => {
      // The next review renders in this task, its document drawn ahead (routes.tsx).
      if (next) navigate(hrefOf(next.id), { flushSync: true });
      else navigate(queueHref);
      // The rest, the request that saves the decision included, waits for that screen's
      // frame: on two cores it would otherwise share the CPU with it. The draft stays in
      // storage until the save succeeds, so nothing is lost in those milliseconds.
      await nextPaint();
      // A list fetch under way would write the old page back over the optimistic one.
      await client.cancelQueries({ queryKey: qcQueries.lists() });
      await client.cancelQueries({ queryKey: qcQueries.allCounts() });
      return { rollback: removeFromQueue(client, current.id, status) };
    },
    onSuccess: (saved) => {
      clearDraft(session ? userScope(session) : null, saved.id);
      client.setQueryData(qcQueries.detail(saved.id).queryKey, saved);
      // Mark lists and counts stale without refetching now: the queue refreshes when shown.
      void client.invalidateQueries({ queryKey: qcQueries.lists(), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: qcQueries.allCounts(), refetchType: 'none' });
    },
    // Not saved: the request goes back in the queue and the reviewer back to it, draft intact.
    onError: async (error, { current }, context) => {
      context?.rollback();
      void client.invalidateQueries({ queryKey: qcQueries.allCounts() });
      if (error instanceof ApiError && error.status === 409) {
        // The decided version, fresh from the service, goes in the cache: the screen then shows
        // it beside the reviewer's own draft (conflict-view.tsx), whatever the cache held.
        const saved = await getQcRequest(current.id).catch(() => undefined);
        if (saved && saved.status !== 'pending') {
          client.setQueryData(qcQueries.detail(saved.id).queryKey, saved);
        }
        noteConflict(current.id, conflictText(saved, names, error.message));
      } else {
        pushToast({
          tone: 'error',
          title: `Your review of ${current.document.matterReference} was not saved`,
          description: error.message,
        });
      }
      navigate(hrefOf(current.id));
    },
  });
}
