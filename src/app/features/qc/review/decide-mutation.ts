import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { QcRequest } from '../../../../contract/qc.ts';
import { sessionQueries } from '../../../session.queries.ts';
import { nextPaint } from '../../../ui/next-paint.ts';
import { userScope } from '../../../user-storage.ts';
import { qcQueries } from '../qc.queries.ts';
import { removeFromQueue } from '../queue-cache.ts';
import { patchOf, type ReviewDraft } from './draft.ts';
import { decisionMarks } from './marks.ts';
import { outbox } from './outbox/outbox.ts';
import { entryKey, type OutboxEntry } from './outbox/outbox-store.ts';
import { settleDecision } from './outbox/settle.ts';

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

/** The measure of the outbox write that approve and next waits for (ADR 026). */
export const OUTBOX_WRITE_MEASURE = 'attest:outbox-write';

/**
 * Approve or reject, and move on (ADR 005): the decision is written to the outbox
 * (ADR 026), then the next document goes on screen at once (it and its PDF are
 * prefetched) while the decision is sent behind it. The draft stays in storage until the
 * service has the decision; a refusal or someone else's decision brings the reviewer back to
 * it. Resolves false when nothing was decided (no user to record it under).
 */
export function useDecide({ next, hrefOf, queueHref, names }: Where) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data: session } = useQuery(sessionQueries.current());
  return useCallback(
    async ({ status, current, draft }: Submission): Promise<boolean> => {
      const userId = session?.user?.id;
      if (!session || !userId) return false;
      const scope = userScope(session);
      const entry: OutboxEntry = {
        key: entryKey(scope, current.id),
        scope,
        requestId: current.id,
        matterReference: current.document.matterReference,
        patch: patchOf(current, draft, status, userId),
        // Marks matter to a rejection only: approve and next reads none (ADR 029).
        ...(status === 'rejected' && { marks: decisionMarks(current.checklistItems, draft) }),
        queuedOn: Date.now(),
      };
      // Kept in the browser and sent (keepalive) at once, and kept before the screen moves
      // on: from here a closed tab, a crash or a dropped connection loses nothing. The write
      // costs a few milliseconds (ADR 026).
      const writing = performance.now();
      const { kept, sent } = outbox.submit(entry);
      await kept;
      performance.measure(OUTBOX_WRITE_MEASURE, { start: writing });
      // The next review renders in this task, its document drawn ahead (routes.tsx).
      if (next) navigate(hrefOf(next.id), { flushSync: true });
      else navigate(queueHref);
      // The rest waits for that screen's frame: on two cores it would otherwise share the
      // CPU with it (ADR 024). Only the PATCH went out before, in the key's own task.
      await nextPaint();
      // Its row in the queue, and its review, now say it is being saved.
      outbox.announce();
      // A list fetch under way would write the old counts back over the optimistic ones.
      await client.cancelQueries({ queryKey: qcQueries.lists() });
      await client.cancelQueries({ queryKey: qcQueries.allCounts() });
      // The counts move now; its row stays, shown as saving, until the service has it.
      const rollback = removeFromQueue(client, current.id, status, { rows: false });
      const back = () => navigate(hrefOf(current.id));
      settleDecision(client, await sent, { rollback, back, names });
      return true;
    },
    [session, client, navigate, next, hrefOf, queueHref, names],
  );
}
