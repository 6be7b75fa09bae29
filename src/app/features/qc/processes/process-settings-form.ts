import type { CheckBinding } from '../../../../contract/checks.ts';
import { DEFAULT_SEVERITY, SeveritySchema, type Severity } from '../../../../contract/findings.ts';
import {
  ESCALATION_DAYS_DEFAULT,
  ESCALATION_DAYS_MAX,
  ProcessSettingsBodySchema,
  RESPONSE_DAYS_DEFAULT,
  RESPONSE_DAYS_MAX,
  SEVERITIES_MAX,
  TARGET_AGE_HOURS_MAX,
  type ProcessSettings,
  type ProcessSettingsBody,
} from '../../../../contract/qc-management.ts';
import { bindingBody, bindingOf, type BindingChoices } from './machine-binding.ts';

// The settings dialog's fields as typed, and the body they make: one check per field, in
// words a manager reads beside it, then the contract's schema for everything else.

export interface SettingsForm {
  targetAgeHours: string;
  samplePercent: string;
  /** Findings' response target, business days (ADR 029). */
  responseDays: string;
  /** Business days a finding may be overdue before its QC managers are e-mailed (ADR 040). */
  escalationDays: string;
  /** The severity of each item the dialog lists (its checklist's), by display name. */
  severities: Readonly<Record<string, Severity>>;
  /** The machine's check of each item the dialog lists, or none (ADR 042, machine-binding.ts). */
  checks: BindingChoices;
  /** The saved binding is to be removed, so the checks the items' names suggest hold again. */
  toSuggested: boolean;
}
export type TextField = Exclude<keyof SettingsForm, 'severities' | 'checks' | 'toSuggested'>;
export type SettingsErrors = Partial<Record<TextField | 'severities' | 'checks', string>>;

/** The severities saved for a process, read leniently: a gateway before findings has none. */
export function savedSeverities(
  settings: ProcessSettings | null | undefined,
): Record<string, Severity> {
  const saved: Record<string, Severity> = {};
  for (const [name, value] of Object.entries(settings?.severities ?? {})) {
    const parsed = SeveritySchema.safeParse(value);
    if (parsed.success) saved[name] = parsed.data;
  }
  return saved;
}

/** The form as saved; `items` are the display names of the checklist's items. */
export const formOf = (
  settings: ProcessSettings | null | undefined,
  items: readonly string[] = [],
): SettingsForm => {
  const saved = savedSeverities(settings);
  return {
    targetAgeHours: settings?.targetAgeHours == null ? '' : String(settings.targetAgeHours),
    samplePercent: String(settings?.samplePercent ?? 0),
    responseDays: String(settings?.responseDays ?? RESPONSE_DAYS_DEFAULT),
    escalationDays: String(settings?.escalationDays ?? ESCALATION_DAYS_DEFAULT),
    severities: Object.fromEntries(items.map((name) => [name, saved[name] ?? DEFAULT_SEVERITY])),
    checks: bindingOf(settings, items),
    toSuggested: false,
  };
};

/** The most items a binding names (contract/checks.ts's CheckBindingSchema). */
const CHECKS_BOUND_MAX = 200;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * The severities to send: what was saved (items of the checklist's other versions, which the
 * dialog does not list, keep theirs), the listed items' choices over it, and major left out,
 * since an item not named is major.
 */
export function severitiesBody(
  form: SettingsForm,
  saved: Readonly<Record<string, Severity>>,
): Record<string, Severity> {
  const merged = { ...saved, ...form.severities };
  return Object.fromEntries(
    Object.entries(merged).filter(([, severity]) => severity !== DEFAULT_SEVERITY),
  );
}

/** `saved` and `savedChecks`: the process's severities and binding as saved (none: undefined). */
export function bodyOf(
  form: SettingsForm,
  saved: Readonly<Record<string, Severity>> = {},
  savedChecks?: CheckBinding,
):
  { body: ProcessSettingsBody; errors?: undefined } | { body?: undefined; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const target = form.targetAgeHours.trim() === '' ? null : numberOf(form.targetAgeHours);
  if (target !== null && !Number.isFinite(target)) {
    errors.targetAgeHours = 'Enter a number of hours, or leave it empty for no target.';
  } else if (target !== null && target <= 0) {
    errors.targetAgeHours = 'The target age must be more than 0 hours.';
  } else if (target !== null && target > TARGET_AGE_HOURS_MAX) {
    errors.targetAgeHours = `At most ${TARGET_AGE_HOURS_MAX.toLocaleString()} hours (90 days).`;
  }
  const percent = numberOf(form.samplePercent);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    errors.samplePercent = 'Enter a share from 0 to 100 (0 turns sampling off).';
  }
  const days = numberOf(form.responseDays);
  if (!Number.isInteger(days) || days < 1 || days > RESPONSE_DAYS_MAX) {
    errors.responseDays = `Enter whole business days, from 1 to ${RESPONSE_DAYS_MAX}.`;
  }
  const escalation = numberOf(form.escalationDays);
  if (!Number.isInteger(escalation) || escalation < 1 || escalation > ESCALATION_DAYS_MAX) {
    errors.escalationDays = `Enter whole business days, from 1 to ${ESCALATION_DAYS_MAX}.`;
  }
  const severities = severitiesBody(form, saved);
  if (Object.keys(severities).length > SEVERITIES_MAX) {
    errors.severities = `At most ${SEVERITIES_MAX} checks may be other than major.`;
  }
  // Back to the suggestions: the choices as if none were saved, and none sent (null) if they
  // are the suggestions still.
  const checks = form.toSuggested
    ? (bindingBody(form.checks, undefined) ?? (savedChecks ? null : undefined))
    : bindingBody(form.checks, savedChecks);
  if (checks && Object.keys(checks).length > CHECKS_BOUND_MAX) {
    errors.checks = `At most ${CHECKS_BOUND_MAX} items may be bound to a machine check.`;
  }
  if (Object.values(errors).some(Boolean)) return { errors };
  const parsed = ProcessSettingsBodySchema.safeParse({
    targetAgeHours: target,
    samplePercent: percent,
    responseDays: days,
    escalationDays: escalation,
    severities,
    ...(checks !== undefined && { checks }),
  });
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path[0];
    const field =
      path === 'samplePercent' ||
      path === 'responseDays' ||
      path === 'escalationDays' ||
      path === 'severities' ||
      path === 'checks'
        ? path
        : 'targetAgeHours';
    return { errors: { [field]: 'This value is not accepted.' } };
  }
  return { body: parsed.data };
}
