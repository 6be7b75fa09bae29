import {
  ProcessSettingsBodySchema,
  TARGET_AGE_HOURS_MAX,
  type ProcessSettings,
  type ProcessSettingsBody,
} from '../../../../contract/qc-management.ts';

// The settings dialog's fields as typed, and the body they make: one check per field, in
// words a manager reads beside it, then the contract's schema for everything else.

export interface SettingsForm {
  targetAgeHours: string;
  samplePercent: string;
}
export type SettingsErrors = Partial<Record<keyof SettingsForm, string>>;

export const formOf = (settings: ProcessSettings | null | undefined): SettingsForm => ({
  targetAgeHours: settings?.targetAgeHours == null ? '' : String(settings.targetAgeHours),
  samplePercent: String(settings?.samplePercent ?? 0),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function bodyOf(
  form: SettingsForm,
): { body: ProcessSettingsBody; errors?: undefined } | { errors: SettingsErrors } {
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
  if (errors.targetAgeHours || errors.samplePercent) return { errors };
  const parsed = ProcessSettingsBodySchema.safeParse({
    targetAgeHours: target,
    samplePercent: percent,
  });
  if (!parsed.success) {
    const field =
      parsed.error.issues[0]?.path[0] === 'samplePercent' ? 'samplePercent' : 'targetAgeHours';
    return { errors: { [field]: 'This value is not accepted.' } };
  }
  return { body: parsed.data };
}
