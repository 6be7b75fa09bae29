import { useState, type ReactNode } from 'react';
import { FIRST_PAGE_CLASS } from './first-page.ts';
import './first-page-image.css';

/**
 * A document's first page as the gateway drew it (ADR 025), where pdf.js will draw it:
 * in the gateway's first screen of a review, and in the preview until pdf.js has. `forUrl` is
 * the document's URL, by which the preview finds it again. Decorative: the preview's own
 * page, with its text, is what assistive technology reads.
 */
export function FirstPageImage({
  src,
  forUrl,
  fallback = null,
}: {
  src: string;
  forUrl: string;
  /** Shown instead when the gateway could not draw it (busy, or the document unreadable). */
  fallback?: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
  return (
    <img
      className={FIRST_PAGE_CLASS}
      src={src}
      alt=""
      data-for={forUrl}
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
