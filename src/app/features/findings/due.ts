import type { Finding } from '../../../contract/findings.ts';

// When a finding's answer is due, as people say it: by calendar days in the reader's zone
// ("Due tomorrow", "2 days overdue"), and how urgent that is. Only an open finding waits for
// its responsible party; a disputed one waits for a manager, a settled one for nobody.

export type DueTone = 'overdue' | 'soon' | 'later' | 'none';

export interface Due {
  text: string;
  tone: DueTone;
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `from`'s day to `to`'s, in the reader's time zone. */
export function calendarDays(from: Date, to: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(to) - day(from)) / DAY_MS);
}

/** `now`: a date, or its time in ms (ui/use-now.ts). */
export function isOverdue(finding: Pick<Finding, 'state' | 'dueOn'>, now: Date | number): boolean {
  return finding.state === 'open' && Date.parse(finding.dueOn) < new Date(now).getTime();
}

export function dueOf(finding: Pick<Finding, 'state' | 'dueOn'>, now: Date | number): Due {
  if (finding.state === 'disputed') return { text: 'Waiting for a QC manager', tone: 'none' };
  if (finding.state !== 'open') return { text: 'Settled', tone: 'none' };
  const today = new Date(now);
  const due = new Date(finding.dueOn);
  const days = calendarDays(today, due);
  if (due.getTime() < today.getTime()) {
    const late = -days;
    return {
      text:
        late <= 0
          ? 'Overdue since earlier today'
          : `${late} ${late === 1 ? 'day' : 'days'} overdue`,
      tone: 'overdue',
    };
  }
  if (days === 0) return { text: 'Due today', tone: 'soon' };
  if (days === 1) return { text: 'Due tomorrow', tone: 'soon' };
  return { text: `Due in ${days} days`, tone: 'later' };
}
