import { useNow } from '../../ui/use-now.ts';
import { describeExpiry } from './download-expiry.ts';
import './download.css';

/** The download link of a DOCUMENT_READY while it works, and when it stopped working. */
export function DownloadLine({ url, expiresAt }: { url: string; expiresAt: Date }) {
  const now = useNow(1_000);
  const state = describeExpiry(expiresAt, now);
  const time = <time dateTime={expiresAt.toISOString()}>{state.text}</time>;
  if (state.expired) {
    return (
      <p className="event__download event__download--expired">
        <span className="event__download-label">Download link {time}</span>
      </p>
    );
  }
  return (
    <p className="event__download">
      <a className="event__download-link" href={url} target="_blank" rel="noreferrer noopener">
        <svg viewBox="0 0 16 16" aria-hidden="true" className="event__download-icon">
          <path
            d="M8 2v8m0 0l-3-3m3 3l3-3M3 13h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Download signed PDF
      </a>
      <span className="event__download-expiry">Link {time}</span>
    </p>
  );
}
