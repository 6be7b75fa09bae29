// When a DOCUMENT_READY download link stops working, and how to say so.

/** The spec: the download URL's "embedded authentication is valid 60 minutes". */
export const DOWNLOAD_VALIDITY_MS = 60 * 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The expiry a presigned URL carries: `expires` (unix seconds) or S3's X-Amz-Date + X-Amz-Expires. */
function embeddedExpiry(url: URL): number | undefined {
  const expires = url.searchParams.get('expires') ?? url.searchParams.get('Expires');
  if (expires && /^\d{1,12}$/.test(expires)) return Number(expires) * 1000;
  const amzDate = url.searchParams.get('X-Amz-Date');
  const amzExpires = url.searchParams.get('X-Amz-Expires');
  const parts = amzDate?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (parts && amzExpires && /^\d{1,7}$/.test(amzExpires)) {
    const [, y, mo, d, h, mi, s] = parts.map(Number) as number[];
    return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + Number(amzExpires) * 1000;
  }
  return undefined;
}

/**
 * When the link expires, in the browser's time: the earlier of what the URL says and 60
 * minutes after receipt. The URL's own time is on the issuer's clock, which a sandbox can
 * move ahead; the receipt time is on ours, and the URL was signed just before it was sent
 * (each delivery attempt signs afresh). Null when the URL is not a URL.
 */
export function downloadExpiry(downloadUrl: string, receivedOn: string): Date | null {
  let url: URL;
  try {
    url = new URL(downloadUrl);
  } catch {
    return null;
  }
  const byReceipt = Date.parse(receivedOn) + DOWNLOAD_VALIDITY_MS;
  if (Number.isNaN(byReceipt)) return null;
  const embedded = embeddedExpiry(url);
  return new Date(embedded === undefined ? byReceipt : Math.min(embedded, byReceipt));
}

/** "1 h 5 min", "59 min", "40 s": the time left, in the largest units that matter. */
export function timeLeft(ms: number): string {
  if (ms >= HOUR) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  if (ms >= MINUTE) return `${Math.floor(ms / MINUTE)} min`;
  return `${Math.max(1, Math.floor(ms / 1000))} s`;
}

export type ExpiryState = { expired: false; text: string } | { expired: true; text: string };

const sameDayTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const otherDayTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** "expires in 59 min" until the moment, then "expired at 14:03" (with the date on another day). */
export function describeExpiry(expiresAt: Date, now: number): ExpiryState {
  const left = expiresAt.getTime() - now;
  if (left > 0) return { expired: false, text: `expires in ${timeLeft(left)}` };
  const format = isSameDay(expiresAt, new Date(now)) ? sameDayTime : otherDayTime;
  return { expired: true, text: `expired at ${format.format(expiresAt)}` };
}
