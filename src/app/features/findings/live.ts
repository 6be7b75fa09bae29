import type { QueryClient } from '@tanstack/react-query';
import type { FindingChange } from '../../../contract/findings.ts';
import { SEVERITY_LABELS } from '../../finding-words.ts';
import { sessionQueries } from '../../session.queries.ts';
import { shortDate } from '../../ui/dates.ts';
import { pushToast } from '../../ui/toast-store.ts';
import { findingChanged } from './finding-cache.ts';

// A finding's news from the event stream (ADR 029): every screen showing it is brought up to
// date, and the person it now names hears of it, wherever they are in the console.

export const findingPath = (id: string) => `/findings/${encodeURIComponent(id)}`;

/** Whether `change` gives the signed-in person a finding to answer. */
export function newForMe(change: FindingChange, me: string | undefined): boolean {
  if (!me || change.finding.responsible?.id !== me) return false;
  return change.kind === 'raised' || change.kind === 'reassigned';
}

/**
 * The changes a toast has told of, by finding and step: the gateway may tell of a change again
 * (a retried decision's findings, gateway/findings/creation.ts), and a person hears of it once.
 */
const toasted = new Set<string>();

export function applyFindingChange(client: QueryClient, change: FindingChange): void {
  void findingChanged(client, change.finding);
  const me = client.getQueryData(sessionQueries.current().queryKey)?.user?.id;
  const { finding } = change;
  // On its own page the finding is the news already.
  if (!newForMe(change, me) || window.location.pathname === findingPath(finding.id)) return;
  const told = `${finding.id}#${finding.steps.length}`;
  if (toasted.has(told)) return;
  toasted.add(told);
  pushToast({
    tone: finding.severity === 'critical' ? 'error' : 'info',
    title: change.kind === 'raised' ? 'New finding for you' : 'A finding was handed to you',
    description:
      `${SEVERITY_LABELS[finding.severity]}: ${finding.itemName} on ${finding.matterReference}. ` +
      `Answer by ${shortDate(finding.dueOn)}.`,
    action: { label: 'Open', href: findingPath(finding.id), inApp: true },
  });
}
