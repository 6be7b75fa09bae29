// How the team view writes its figures, on screen and in its CSV files alike, so an export
// says exactly what the screen does.

/** A rate (0..1) as a percentage with one decimal, e.g. 12.5; null when there is no rate. */
export const percentValue = (rate: number | null): number | null =>
  rate === null ? null : Math.round(rate * 1000) / 10;

/** "12.5%", or a dash when there was nothing to divide by. */
export const percent = (rate: number | null): string => {
  const value = percentValue(rate);
  return value === null ? '—' : `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
};

/** Minutes with one decimal, for the CSV. */
export const minutesValue = (minutes: number | null): number | null =>
  minutes === null ? null : Math.round(minutes * 10) / 10;

/** "45 s", "12 min", "2 h 5 min", "3 d 4 h": a duration in minutes, as people say it. */
export function duration(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  // Rounded once, up front: 119.6 minutes is "2 h", never "1 h 60 min".
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) {
    const rest = whole - hours * 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours - days * 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

/** A count, grouped for the reader's locale. */
export const count = (n: number) => n.toLocaleString();

/** The first block of a request's id: enough to tell requests apart in a list. */
export const shortId = (id: string) => id.split('-')[0] ?? id;

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "3 Nov" for a day written YYYY-MM-DD (already in the view's zone: formatted as UTC). */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "Tue, 3 Nov 2026". */
export const longDayLabel = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));
