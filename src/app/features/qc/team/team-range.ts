// The team view's range of days, held in the URL (`/qc/team?from=2026-11-01&to=2026-11-28`),
// in the browser's own time zone: a manager's "today" is their day, and the gateway counts in
// the zone it is sent (contract/qc-management.ts TeamStats).

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The gateway's limit on one answer's range (team-csv.ts MAX_RANGE_DAYS). */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_DAYS = 28;

export interface TeamRange {
  from: string;
  to: string;
  tz: string;
}

/** The browser's time zone, or UTC where it cannot say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The day (YYYY-MM-DD) it is at `now` in time zone `tz`. */
export function dayIn(tz: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isDay = (value: string | null): value is string =>
  value !== null && DATE.test(value) && new Date(ms(value)).toISOString().startsWith(value);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number) =>
  new Date(ms(day) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days the range covers, both ends included. */
export const daysIn = (from: string, to: string) => Math.round((ms(to) - ms(from)) / DAY_MS) + 1;

/** The last `days` days up to today. */
export function lastDays(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Why a range cannot be asked for, in words for the picker; undefined when it can. */
export function rangeProblem(from: string, to: string): string | undefined {
  if (!isDay(from) || !isDay(to)) return 'Choose both days.';
  if (to < from) return 'The last day comes before the first.';
  if (daysIn(from, to) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return undefined;
}

/** The range a URL names; anything missing or unusable falls back to the last 28 days. */
export function rangeFromSearch(params: URLSearchParams, tz: string, today: string): TeamRange {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && !rangeProblem(from, to)) return { from, to, tz };
  return { ...lastDays(DEFAULT_DAYS, today), tz };
}

/** The URL's search for a range, other parameters (the defects view) kept. */
export function rangeSearch(
  params: URLSearchParams,
  range: { from: string; to: string },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('from', range.from);
  next.set('to', range.to);
  return next;
}

export const PRESETS = [
  { key: '7', label: 'Last 7 days', days: 7 },
  { key: '28', label: 'Last 28 days', days: 28 },
  { key: '90', label: 'Last 90 days', days: 90 },
  { key: '365', label: 'Last 365 days', days: 365 },
] as const;

/** The preset a range is, if it is one (ending today); 'custom' otherwise. */
export function presetOf(range: { from: string; to: string }, today: string): string {
  if (range.to !== today) return 'custom';
  const preset = PRESETS.find((p) => lastDays(p.days, today).from === range.from);
  return preset?.key ?? 'custom';
}
