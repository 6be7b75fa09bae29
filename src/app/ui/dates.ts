// How the console writes a moment: one format everywhere, in the reader's locale and zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 1:14 PM"; a dash when there is no moment (not yet, or never). */
export const when = (iso: string | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "21 Nov 2026": the day alone, where the time of day does not matter. */
export const shortDate = (iso: string | undefined) => (iso ? day.format(new Date(iso)) : '—');
