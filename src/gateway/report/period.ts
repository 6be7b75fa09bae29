// A report's period (ADR 041): a month `YYYY-MM` or a quarter `YYYY-Qn`, in UTC days.

export interface Period {
  /** As asked for. */
  period: string;
  /** Its months, `YYYY-MM`, oldest first. */
  months: string[];
  /** Its first and last days, both included. */
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (year: number, month: number) => {
  const at = new Date(Date.UTC(year, month - 1, 1));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
};

/** The month `n` months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthOf(year, m + n);
}

/** The last day of `month`, `YYYY-MM-DD`. */
export function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** A checked period (ReportPeriodSchema) as its months and days. */
export function periodOf(period: string): Period {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  const months = quarter
    ? [0, 1, 2].map((n) => monthOf(Number(quarter[1]), (Number(quarter[2]) - 1) * 3 + 1 + n))
    : [period];
  const first = months[0] as string;
  const last = months.at(-1) as string;
  return { period, months, from: `${first}-01`, to: lastDayOf(last) };
}

/** The month before `at` (epoch ms), `YYYY-MM`: the report a manager reads first. */
export const lastMonth = (at: number) => addMonths(new Date(at).toISOString().slice(0, 7), -1);
