import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { PdfView } from '../pdf-view.ts';
import type { PageBox } from './region-geometry.ts';

/**
 * What says marking mode is on, over the document: for which item, how to mark (drag, or
 * the whole page from the keyboard) and how to leave. Entered from the keyboard, its
 * whole-page control takes the focus, so Enter marks the page shown.
 */
export function MarkingBanner({
  view,
  label,
  full,
  focus,
  onMarkPage,
  onStop,
}: {
  /** The document marked on: the whole-page control marks the page it shows. */
  view: PdfView;
  label: string;
  full: string | undefined;
  focus: boolean;
  onMarkPage: (page: number, box: PageBox) => void;
  onStop: () => void;
}) {
  // The page shown, followed here only while marking (the layers render for none of it).
  const page = useSyncExternalStore(view.subscribe, () => view.state().page);
  // Whether pdf.js has read that page yet (its box is what the whole page is measured by).
  const read = useSyncExternalStore(
    (listener: () => void) => view.pages.subscribe(() => listener()),
    () => view.pages.box(page) !== undefined,
  );
  const markPage = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) markPage.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <section className="marking-banner" aria-label="Marking on the page">
      <p className="marking-banner__text" aria-live="polite">
        <span className="marking-banner__dot" aria-hidden="true" />
        <span>
          Marking <strong>{label}</strong>
          <span className="marking-banner__how">
            {full ?? 'Drag a rectangle on the page.'} <kbd>Esc</kbd> to stop.
          </span>
        </span>
      </p>
      <div className="marking-banner__actions">
        <button
          ref={markPage}
          type="button"
          className="marking-banner__button"
          disabled={!read || Boolean(full)}
          onClick={() => {
            const box = view.pages.box(page);
            if (box) onMarkPage(page, box);
          }}
        >
          Mark all of page {page}
        </button>
        <button
          type="button"
          className="marking-banner__button marking-banner__button--done"
          onClick={onStop}
        >
          Done
        </button>
      </div>
    </section>
  );
}
