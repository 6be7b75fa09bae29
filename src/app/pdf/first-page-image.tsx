import { useState } from 'react';
import { FIRST_PAGE_CLASS } from './first-page.ts';
import './first-page-image.css';

/**
 * A document's first page as the gateway drew it (ADR 025), where pdf.js will draw it:
 * in the gateway's first screen of a review, and in the preview until pdf.js has. `forUrl` is
 * the document's URL, by which the preview finds it again. Decorative: the preview's own
 * page, with its text, is what assistive technology reads.
 */
export function FirstPageImage({ src, forUrl }: { src: string; forUrl: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
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
