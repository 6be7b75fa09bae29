import { queryClient } from '../../../../query-client.ts';
import type { SessionWork, Unfinished } from '../../../../shell/session-work.ts';
import { draftName } from '../draft-store.ts';
import { outbox } from './outbox.ts';
import type { OutboxEntry } from './outbox-store.ts';
import { settleDecision } from './settle.ts';

// The outbox as the shell sees it (ADR 026): sent while its person is signed in; at
// sign-out, what is left is named, and stays in this browser under their name with the
// drafts it was decided from, for their next sign-in here. No one else's console sends it.

const unfinished = (entries: OutboxEntry[]): Unfinished[] =>
  entries.map((entry) => ({
    label: `${entry.matterReference} (${entry.patch.status})`,
    keep: [draftName(entry.requestId)],
  }));

export const decisionOutbox: SessionWork = {
  start: (scope) => outbox.run(scope, (sent) => settleDecision(queryClient, sent)),
  unfinished: async (scope) => unfinished(await outbox.entries(scope)),
  finish: async (scope, boundMs) => unfinished(await outbox.drain(scope, boundMs)),
};
