// How the console writes a moment: one format everywhere, in the reader's locale and zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 1:14 PM"; a dash when there is no moment (not yet, or never). */
export const when = (iso: string | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
