import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getSettings, putSettings } from '../../../../client/qc-management.ts';
import {
  ESCALATION_DAYS_DEFAULT,
  RESPONSE_DAYS_DEFAULT,
  type ProcessSettings,
  type ProcessSettingsBody,
} from '../../../../contract/qc-management.ts';
import { failureMessage } from '../../../ui/failure-message.ts';
import { qcQueries } from '../qc.queries.ts';

// Each process's operating settings (ADR 021): a target age for its pending requests and
// the share of its approvals sampled for a second review; and for its findings (ADR 029),
// the days to answer one and each check's severity; and when an overdue one is e-mailed to
// the QC managers (ADR 040). The gateway's, not the service's.

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...qcQueries.all(), 'settings'] as const,
    queryFn: ({ signal }) => getSettings({ signal }),
  });

/**
 * The settings of one process: null when it has none (no target, no sampling), undefined
 * while they are unknown (loading, or not answered).
 */
export const settingsOf = (
  list: readonly ProcessSettings[] | undefined,
  processId: string,
): ProcessSettings | null | undefined =>
  list && (list.find((settings) => settings.processId === processId) ?? null);

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ processId, body }: { processId: string; body: ProcessSettingsBody }) =>
      putSettings(processId, body),
    onSuccess: (saved) => {
      client.setQueryData(settingsQuery().queryKey, (list) =>
        list
          ? {
              processes: [...list.processes.filter((s) => s.processId !== saved.processId), saved],
            }
          : list,
      );
      return client.invalidateQueries({ queryKey: settingsQuery().queryKey });
    },
  });
}

export const settingsFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. Your values are kept; try again.',
    403: 'Only a QC manager can change these settings.',
    404: 'This process no longer exists. Reload the page to see the current list.',
    said: (sentence) => `${sentence} Nothing was saved.`,
    otherwise: 'The settings could not be saved. Your values are kept; try again.',
  });

/** "48 h" or "None", and "10 % of approvals" or "Off"; a dash while unknown. */
export const targetLabel = (settings: ProcessSettings | null | undefined) =>
  settings === undefined
    ? '—'
    : settings?.targetAgeHours == null
      ? 'None'
      : `${settings.targetAgeHours.toLocaleString()} h`;
export const sampleLabel = (settings: ProcessSettings | null | undefined) =>
  settings === undefined
    ? '—'
    : !settings?.samplePercent
      ? 'Off'
      : `${settings.samplePercent.toLocaleString()} % of approvals`;

/** "2 business days" (the default when none is saved); a dash while unknown. */
export const responseLabel = (settings: ProcessSettings | null | undefined) => {
  if (settings === undefined) return '—';
  const days = settings?.responseDays ?? RESPONSE_DAYS_DEFAULT;
  return `${days} business ${days === 1 ? 'day' : 'days'}`;
};

/** "2 business days overdue" (the default when none is saved); a dash while unknown. */
export const escalationLabel = (settings: ProcessSettings | null | undefined) => {
  if (settings === undefined) return '—';
  const days = settings?.escalationDays ?? ESCALATION_DAYS_DEFAULT;
  return `${days} business ${days === 1 ? 'day' : 'days'} overdue`;
};

/** "2 critical · 1 minor", or "All major" when none is set apart; a dash while unknown. */
export const severityLabel = (settings: ProcessSettings | null | undefined) => {
  if (settings === undefined) return '—';
  const values = Object.values(settings?.severities ?? {});
  const critical = values.filter((s) => s === 'critical').length;
  const minor = values.filter((s) => s === 'minor').length;
  const parts = [critical && `${critical} critical`, minor && `${minor} minor`].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All major';
};
