import type { Finding } from '../../contract/findings.ts';

// When a finding's e-mails are due (ADR 040), by UTC calendar days and business days
// (Monday to Friday), as findings' due dates are counted (findings/business-days.ts):
// a reminder on the business day before the due day, another on the due day, and an
// escalation to the QC managers once it is overdue by the process's escalation days.

const DAY_MS = 86_400_000;
/** Digests go at the first scan after this hour, UTC: before a working day starts in the US. */
export const DIGEST_HOUR_UTC = 11;

export const utcDay = (ms: number) => Math.floor(ms / DAY_MS);
const isWeekday = (day: number) => {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The first business day after `day`. */
export function nextBusinessDay(day: number): number {
  let next = day + 1;
  while (!isWeekday(next)) next += 1;
  return next;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after it). */
export function businessDaysBetween(from: number, to: number): number {
  let count = 0;
  for (let day = from + 1; day <= to; day += 1) if (isWeekday(day)) count += 1;
  return count;
}

export type DueMail =
  { kind: 'reminder' | 'due-today' } | { kind: 'escalation'; overdueDays: number };

/** What an open finding is owed by `at`; a scan keeps each once (the store's dedupe). */
export function dueMails(finding: Finding, at: number, escalateAfter: number): DueMail[] {
  const due = Date.parse(finding.dueOn);
  const dueDay = utcDay(due);
  const today = utcDay(at);
  const owed: DueMail[] = [];
  if (dueDay === nextBusinessDay(today) && isWeekday(today)) owed.push({ kind: 'reminder' });
  if (dueDay === today) owed.push({ kind: 'due-today' });
  const overdueDays = due < at ? businessDaysBetween(dueDay, today) : 0;
  if (overdueDays >= escalateAfter && overdueDays > 0) {
    owed.push({ kind: 'escalation', overdueDays });
  }
  return owed;
}

/** Whether digests may go now: on or after DIGEST_HOUR_UTC (each person's once a day). */
export const isDigestTime = (at: number) => new Date(at).getUTCHours() >= DIGEST_HOUR_UTC;

/** Whether `at` falls on its month's first business day (UTC). */
export function isFirstBusinessDay(at: number): boolean {
  const date = new Date(at);
  let day = utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  while (!isWeekday(day)) day += 1;
  return day === utcDay(at);
}
