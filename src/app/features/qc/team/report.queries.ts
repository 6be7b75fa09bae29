import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  getReport,
  listCorrectiveActions,
  recordCorrectiveAction,
  updateCorrectiveAction,
  type CorrectiveActionList,
  type ReportScope,
} from '../../../../client/report.ts';
import type {
  CorrectiveAction,
  CorrectiveActionBody,
  QcReport,
} from '../../../../contract/report.ts';
import { failureMessage } from '../../../ui/failure-message.ts';
import { monthsOf } from './report-period.ts';
import { teamQueries } from './team.queries.ts';

// The monthly QC report's data (ADR 041): the report of a period, and the corrective actions
// of a month. Under the team's keys, so what makes the team's figures stale (a finding
// withdrawn) makes the report's stale too.

const reportKeys = {
  all: () => [...teamQueries.all(), 'report'] as const,
  figures: (scope: ReportScope) => [...reportKeys.all(), 'figures', scope] as const,
  actionsOf: () => [...reportKeys.all(), 'actions'] as const,
  actions: (month: string) => [...reportKeys.actionsOf(), month] as const,
};

export const reportQueries = {
  report: (scope: ReportScope) =>
    queryOptions({
      queryKey: reportKeys.figures(scope),
      queryFn: ({ signal }) => getReport(scope, { signal }),
      // The figures on screen stay (dimmed) while another period loads.
      placeholderData: keepPreviousData,
    }),
  actions: (month: string) =>
    queryOptions({
      queryKey: reportKeys.actions(month),
      queryFn: ({ signal }) => listCorrectiveActions(month, { signal }),
    }),
};

/** Whether a list of `months` holds `action`: one of its own, or an earlier one not done. */
const holds = (months: readonly string[], action: CorrectiveAction) =>
  months.includes(action.month) || (action.month < (months[0] ?? '') && action.status !== 'done');

const byMonthAndDue = (a: CorrectiveAction, b: CorrectiveAction) =>
  a.month.localeCompare(b.month) || a.dueOn.localeCompare(b.dueOn);

/**
 * A saved action, put in every list that shows it, as the gateway would answer them: a new
 * one first in its month's list (the newest first), a changed one where it was. The lists
 * are marked stale, not read again: an action marked done stays where the manager saw it
 * change, and another month reads the gateway's when it is next shown.
 */
function actionSaved(client: QueryClient, saved: CorrectiveAction) {
  for (const [key, list] of client.getQueriesData<CorrectiveActionList>({
    queryKey: reportKeys.actionsOf(),
  })) {
    const month = key.at(-1);
    if (!list || typeof month !== 'string') continue;
    const known = list.actions.some((a) => a.id === saved.id);
    const actions = known
      ? list.actions.map((a) => (a.id === saved.id ? saved : a))
      : holds([month], saved)
        ? [saved, ...list.actions]
        : list.actions;
    client.setQueryData<CorrectiveActionList>(key, { actions });
  }
  for (const [key, report] of client.getQueriesData<QcReport>({
    queryKey: [...reportKeys.all(), 'figures'],
  })) {
    if (!report) continue;
    const others = report.correctiveActions.filter((a) => a.id !== saved.id);
    const known = others.length < report.correctiveActions.length;
    const correctiveActions =
      known || holds(monthsOf(report.period), saved)
        ? [...others, saved].sort(byMonthAndDue)
        : others;
    client.setQueryData<QcReport>(key, { ...report, correctiveActions });
  }
  return client.invalidateQueries({ queryKey: reportKeys.all(), refetchType: 'none' });
}

export function useRecordAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectiveActionBody) => recordCorrectiveAction(body),
    onSuccess: (saved) => actionSaved(client, saved),
  });
}

export function useUpdateAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectiveActionBody) => updateCorrectiveAction(id, body),
    onSuccess: (saved) => actionSaved(client, saved),
  });
}

/** The action's own fields, as the gateway takes them back. */
export const bodyOfAction = ({
  id: _id,
  recordedBy: _by,
  recordedOn: _on,
  ...body
}: CorrectiveAction): CorrectiveActionBody => body;

/** Why an action was not saved; what was typed stays in its form. */
export const actionFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. What you typed is kept; try again.',
    403: 'Only a QC manager records corrective actions.',
    404: 'This corrective action is no longer there. Reload the page to see the current list.',
    said: (sentence) => `${sentence} Nothing was saved.`,
    otherwise: 'The corrective action could not be saved. What you typed is kept; try again.',
  });
