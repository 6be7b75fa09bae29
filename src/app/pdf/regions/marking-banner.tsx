import { useEffect, useRef } from 'react';

/**
 * What says marking mode is on, over the document: for which item, how to mark (drag, or
 * the whole page from the keyboard) and how to leave. Entered from the keyboard, its
 * whole-page control takes the focus, so Enter marks the page shown.
 */
export function MarkingBanner({
  label,
  full,
  page,
  canMarkPage,
  focus,
  onMarkPage,
  onStop,
}: {
  label: string;
  full: string | undefined;
  /** The page shown, which the whole-page control marks. */
  page: number;
  canMarkPage: boolean;
  focus: boolean;
  onMarkPage: () => void;
  onStop: () => void;
}) {
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
          disabled={!canMarkPage || Boolean(full)}
          onClick={onMarkPage}
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
