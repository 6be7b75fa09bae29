// How event types and their payloads read on screen.

const TYPE_LABELS: Record<string, string> = {
  DOCUMENT_READY: 'Document ready',
  ADDRESS_CHANGE: 'Address change',
};

/** "Document ready"; a type this console does not know yet reads as its own name. */
export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}

export const KNOWN_TYPES = Object.keys(TYPE_LABELS);

/** A payload field as text, or '' when it is absent or not a string. */
export function payloadText(payload: Record<string, unknown>, key: string): string {
  const value = payload[key];
  return typeof value === 'string' ? value : '';
}

/** "official and mailing" from an ADDRESS_CHANGE's `addressTypes`. */
export function addressList(payload: Record<string, unknown>): string {
  const value = payload.addressTypes;
  if (!Array.isArray(value)) return '';
  const names = value.filter((v): v is string => typeof v === 'string');
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : dateTime.format(date);
}

const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** The same without the year, for tables on narrow screens. */
export function formatShortTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : shortDateTime.format(date);
}
