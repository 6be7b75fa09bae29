// Days in a time zone, for the team's figures (ADR 021). A day is a YYYY-MM-DD string:
// they sort and compare as text. Only Intl: no time zone data of our own to keep current.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const TZ_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** An IANA name Intl knows (`UTC`, `Europe/Paris`); offsets and abbreviations are refused. */
export function isTimeZone(tz: string): boolean {
  if (!TZ_NAME.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The day an instant falls on in `tz`. Intl takes some 20 µs an instant, too slow for a
 * year of decisions, so the zone's offset is asked once per UTC day and kept: a day whose
 * offset differs at its two ends (a clock change) is asked per hour, an hour that differs
 * per instant.
 */
export function dayIn(tz: string): (instant: number | string) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsetAt = (ms: number) => {
    const parts = format.formatToParts(new Date(ms));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const local = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
    );
    return local - (ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS));
  };
  // Numbers as keys, and each local day's name made once: the team view places thousands
  // of decisions per load, and a string key or an ISO string per instant was most of it.
  const days = new Map<number, number | null>();
  const hours = new Map<number, number | null>();
  const steady = (cache: Map<number, number | null>, index: number, length: number) => {
    let offset = cache.get(index);
    if (offset === undefined) {
      const start = index * length;
      const first = offsetAt(start);
      offset = first === offsetAt(start + length - MINUTE_MS) ? first : null;
      cache.set(index, offset);
    }
    return offset;
  };
  const names = new Map<number, string>();
  return (instant) => {
    const ms = typeof instant === 'number' ? instant : Date.parse(instant);
    const offset =
      steady(days, Math.floor(ms / DAY_MS), DAY_MS) ??
      steady(hours, Math.floor(ms / HOUR_MS), HOUR_MS) ??
      offsetAt(ms);
    const local = Math.floor((ms + offset) / DAY_MS);
    let name = names.get(local);
    if (name === undefined) names.set(local, (name = dayOf(local * DAY_MS)));
    return name;
  };
}

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => dayOf(utcMidnight(day) + days * DAY_MS);

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = utcMidnight(from); ms <= utcMidnight(to); ms += DAY_MS) days.push(dayOf(ms));
  return days;
}

/** The Monday on or before `day`: weeks start on Monday (ISO 8601). */
export function mondayOf(day: string): string {
  const weekday = new Date(utcMidnight(day)).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The instants [start, end) surely holding every instant of the days `from` to `to` in any
 * time zone: a day wider each side, since no zone is more than 14 hours off UTC. Records in
 * it are then kept or left by their day in the zone.
 */
export function windowOf(from: string, to: string): { start: number; end: number } {
  return { start: utcMidnight(from) - DAY_MS, end: utcMidnight(to) + 2 * DAY_MS };
}
