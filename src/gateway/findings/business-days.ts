// A finding's due date (ADR 029): its process's response target in business days after it
// was raised. Business days are Monday to Friday in UTC: the gateway knows no team's time
// zone or holidays, and a target counted in days needs no finer reading.

const DAY_MS = 86_400_000;

const isWeekday = (ms: number) => {
  const day = new Date(ms).getUTCDay(); // 0 is Sunday
  return day !== 0 && day !== 6;
};

/**
 * `days` business days after `from` (epoch ms), at the same time of day: each day passed
 * counts when it lands on a weekday, so Friday 15:00 plus 2 is Tuesday 15:00, and Saturday
 * 10:00 plus 1 is Monday 10:00.
 */
export function addBusinessDays(from: number, days: number): number {
  let at = from;
  for (let left = days; left > 0;) {
    at += DAY_MS;
    if (isWeekday(at)) left -= 1;
  }
  return at;
}
