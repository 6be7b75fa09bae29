const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const shortDate = (iso: string | undefined) => (iso ? day.format(new Date(iso)) : '—');

/** A failure said plainly, as a sentence: the client's messages start in lower case. */
export const sentence = (message: string) =>
  message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? '' : '.');
