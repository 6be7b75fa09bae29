// The period the monthly QC report shows (ADR 041): a month `2026-11` or a quarter `2026-Q4`,
// in the URL beside the team view's range (`/qc/team?report=2026-11`), so a link names the
// month an auditor asked about. Months are UTC's, as the gateway counts them.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const PARAM = 'report';

/** How many months and quarters the picker offers, the newest complete one first. */
const MONTHS_OFFERED = 12;
const QUARTERS_OFFERED = 4;

const pad = (n: number) => String(n).padStart(2, '0');
const monthAt = (year: number, month: number) => {
  const at = new Date(Date.UTC(year, month - 1, 1));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
};

export const isPeriod = (value: string | null): value is string =>
  value !== null && (MONTH.test(value) || QUARTER.test(value));

export const isQuarter = (period: string) => QUARTER.test(period);

/** The month `n` months after `month` (before it when negative). */
export function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthAt(year, m + n);
}

/** The month it is at `now`, in UTC. */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

/** The period's months, oldest first. */
export function monthsOf(period: string): string[] {
  const quarter = QUARTER.exec(period);
  if (!quarter) return [period];
  const first = (Number(quarter[2]) - 1) * 3 + 1;
  return [0, 1, 2].map((n) => monthAt(Number(quarter[1]), first + n));
}

const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "November 2026", or "Q4 2026" for a quarter. */
export function periodLabel(period: string): string {
  const quarter = QUARTER.exec(period);
  if (!quarter) return monthFormat.format(new Date(`${period}-01T00:00:00Z`));
  return `Q${quarter[2]} ${quarter[1]}`;
}

export interface PeriodChoices {
  months: string[];
  quarters: string[];
}

/**
 * The complete months and quarters before `now`, newest first; a period named by the URL
 * outside them (an older month) is offered too, so the picker always shows what is on screen.
 */
export function periodChoices(now: Date, current?: string): PeriodChoices {
  const thisMonth = monthOf(now);
  const months = Array.from({ length: MONTHS_OFFERED }, (_, i) => addMonths(thisMonth, -(i + 1)));
  const year = now.getUTCFullYear();
  const thisQuarter = Math.floor(now.getUTCMonth() / 3);
  const quarters = Array.from({ length: QUARTERS_OFFERED }, (_, i) => {
    const index = year * 4 + thisQuarter - (i + 1);
    return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
  });
  if (current && !months.includes(current) && !quarters.includes(current)) {
    const list = isQuarter(current) ? quarters : months;
    list.push(current);
    list.sort().reverse();
  }
  return { months, quarters };
}

/** The period the URL names; last month without one (or with one that is not a period). */
export function periodFromSearch(params: URLSearchParams, now: Date): string {
  const named = params.get(PARAM);
  return isPeriod(named) ? named : addMonths(monthOf(now), -1);
}

/** The URL's search for a period, the rest of it (the range, the views) kept. */
export function periodSearch(params: URLSearchParams, period: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(PARAM, period);
  return next;
}
