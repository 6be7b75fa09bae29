import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { DEFAULT_SEVERITY, SeveritySchema, type Severity } from '../../../../contract/findings.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { settingsQuery } from '../processes/index.ts';

// A failed item's own severity (ADR 029): its process's settings name it by the item's
// display name; an item they do not name is major. The reviewer may raise it, never lower it.

/**
 * The severity `settings` give the item named `displayName`: major when they give none. Read
 * tolerantly: `severities` is absent from a gateway before findings, and a name such as
 * `constructor` is not the object's own.
 */
export function itemSeverity(
  settings: Pick<ProcessSettings, 'severities'> | undefined,
  displayName: string,
): Severity {
  const severities: unknown = settings?.severities;
  if (typeof severities !== 'object' || severities === null) return DEFAULT_SEVERITY;
  if (!Object.hasOwn(severities, displayName)) return DEFAULT_SEVERITY;
  const parsed = SeveritySchema.safeParse((severities as Record<string, unknown>)[displayName]);
  return parsed.success ? parsed.data : DEFAULT_SEVERITY;
}

/** Settings are a manager's, changed seldom: read once in a while, not per document. */
const SETTINGS_STALE_MS = 5 * 60_000;

/**
 * Each item's severity in process `processName`, for a failed item's box (finding-marks.tsx):
 * approve and next never asks for the settings. Major until they are known, or when they
 * cannot be read (a gateway before findings).
 */
export function useItemSeverity(processName: string) {
  const { data } = useQuery({ ...settingsQuery(), staleTime: SETTINGS_STALE_MS });
  const settings = data?.processes.find((s) => s.processName === processName);
  return useCallback((displayName: string) => itemSeverity(settings, displayName), [settings]);
}
