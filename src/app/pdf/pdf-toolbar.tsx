import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { Button, type ButtonProps } from '../ui/button.tsx';
import type { PdfControls } from './pdf-controls.ts';
import type { PdfViewState } from './pdf-view.ts';
import '../ui/control.css';

interface PdfToolbarProps {
  view: PdfViewState;
  controls: PdfControls;
  findInput: RefObject<HTMLInputElement | null>;
  onEscape: () => void;
}

function findLabel({ pending, notFound, current, total }: PdfViewState['find'], query: string) {
  if (!query || pending) return '';
  if (notFound || total === 0) return 'No matches';
  return `${current} of ${total}`;
}

/** One of the toolbar's buttons: a small ghost button. */
function ToolButton(props: Omit<ButtonProps, 'variant' | 'className'>) {
  return <Button variant="ghost" className="pdf-toolbar__button" {...props} />;
}

export function PdfToolbar({ view, controls, findInput, onEscape }: PdfToolbarProps) {
  const ready = view.status === 'ready';
  const [pageDraft, setPageDraft] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const pageId = useId();

  const commitPage = () => {
    if (pageDraft !== null && /^\d+$/.test(pageDraft.trim())) controls.goTo(Number(pageDraft));
    setPageDraft(null);
  };

  const onFindKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      controls.find(query, { again: true, previous: event.shiftKey });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery('');
      controls.find('');
      onEscape();
    }
  };

  return (
    <div className="pdf-toolbar" role="toolbar" aria-label="PDF controls">
      <div className="pdf-toolbar__group">
        <ToolButton
          aria-label="Previous page"
          disabled={!ready || view.page <= 1}
          onClick={controls.previous}
        >
          ‹
        </ToolButton>
        <form
          className="pdf-toolbar__pages"
          onSubmit={(event) => {
            event.preventDefault();
            commitPage();
          }}
        >
          <label className="visually-hidden" htmlFor={pageId}>
            Page
          </label>
          <input
            id={pageId}
            className="control pdf-toolbar__input pdf-toolbar__input--page"
            inputMode="numeric"
            autoComplete="off"
            disabled={!ready}
            value={pageDraft ?? String(view.page)}
            onChange={(event) => setPageDraft(event.target.value)}
            onFocus={(event) => event.target.select()}
            onBlur={commitPage}
          />
          <span className="pdf-toolbar__muted">of {view.pages || '–'}</span>
        </form>
        <ToolButton
          aria-label="Next page"
          disabled={!ready || view.page >= view.pages}
          onClick={controls.next}
        >
          ›
        </ToolButton>
      </div>

      <div className="pdf-toolbar__group">
        <ToolButton aria-label="Zoom out" disabled={!ready} onClick={controls.zoomOut}>
          −
        </ToolButton>
        <span className="pdf-toolbar__zoom">{Math.round(view.scale * 100)}%</span>
        <ToolButton aria-label="Zoom in" disabled={!ready} onClick={controls.zoomIn}>
          +
        </ToolButton>
        <ToolButton aria-pressed={view.fitWidth} disabled={!ready} onClick={controls.fitWidth}>
          Fit width
        </ToolButton>
      </div>

      <div className="pdf-toolbar__group pdf-toolbar__group--find">
        <input
          ref={findInput}
          type="search"
          className="control pdf-toolbar__input pdf-toolbar__input--find"
          placeholder="Find…"
          aria-label="Find in document"
          aria-keyshortcuts="Control+F Meta+F"
          disabled={!ready}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            controls.find(event.target.value);
          }}
          onKeyDown={onFindKey}
        />
        <span className="pdf-toolbar__muted pdf-toolbar__matches" aria-live="polite">
          {findLabel(view.find, query)}
        </span>
      </div>
    </div>
  );
}
