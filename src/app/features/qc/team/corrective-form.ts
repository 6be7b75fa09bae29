import {
  CorrectiveActionBodySchema,
  type CORRECTIVE_STATES,
  type CORRECTIVE_TARGETS,
  type CorrectiveActionBody,
} from '../../../../contract/report.ts';

// The corrective action form's fields as typed, and the body they make (ADR 041): each field
// checked in words a manager reads beside it, then the contract's schema for the rest.

export type Target = (typeof CORRECTIVE_TARGETS)[number];
export type Status = (typeof CORRECTIVE_STATES)[number];

export const TARGET_LABELS: Record<Target, string> = {
  category: 'Category',
  firm: 'Firm',
  notary: 'Notary',
  process: 'Process',
};

export const STATUS_LABELS: Record<Status, string> = {
  planned: 'Planned',
  'in-progress': 'In progress',
  done: 'Done',
};

/** The contract's limits, said beside the fields. */
export const LIMITS = { subject: 200, action: 2000, owner: 200 } as const;

export interface ActionForm {
  /** '' until one is chosen: no target is a sensible default. */
  target: Target | '';
  subject: string;
  action: string;
  owner: string;
  /** YYYY-MM-DD, as a date input gives it ('' when empty or not a whole date). */
  dueOn: string;
  status: Status;
}
export type ActionErrors = Partial<Record<keyof ActionForm, string>>;

export const EMPTY_FORM: ActionForm = {
  target: '',
  subject: '',
  action: '',
  owner: '',
  dueOn: '',
  status: 'planned',
};

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const text = (value: string, max: number, empty: string, long: string) => {
  const trimmed = value.trim();
  if (!trimmed) return empty;
  return trimmed.length > max ? long : undefined;
};

/** The body for `month`, or what is wrong with each field. */
export function actionBodyOf(
  form: ActionForm,
  month: string,
): { body: CorrectiveActionBody; errors?: undefined } | { body?: undefined; errors: ActionErrors } {
  const errors: ActionErrors = {
    target: form.target ? undefined : 'Choose what the action is about.',
    subject: text(
      form.subject,
      LIMITS.subject,
      'Name the category, firm, notary or process.',
      `At most ${LIMITS.subject} characters.`,
    ),
    action: text(
      form.action,
      LIMITS.action,
      'Say what is being done about it.',
      `At most ${LIMITS.action.toLocaleString()} characters.`,
    ),
    owner: text(
      form.owner,
      LIMITS.owner,
      'Say who owns it.',
      `At most ${LIMITS.owner} characters.`,
    ),
    dueOn: isDay(form.dueOn) ? undefined : 'Choose the day it is due.',
  };
  if (Object.values(errors).some(Boolean)) {
    return { errors: Object.fromEntries(Object.entries(errors).filter(([, e]) => e)) };
  }
  const parsed = CorrectiveActionBodySchema.safeParse({
    month,
    target: form.target,
    subject: form.subject.trim(),
    action: form.action.trim(),
    owner: form.owner.trim(),
    dueOn: form.dueOn,
    status: form.status,
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    const key = typeof field === 'string' && field in form ? (field as keyof ActionForm) : 'action';
    return { errors: { [key]: 'This value is not accepted.' } };
  }
  return { body: parsed.data };
}
