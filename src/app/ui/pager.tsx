import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';
import './control.css';
import './button.css';
import './pager.css';

interface PagerProps {
  /** "Showing 26–50 of 312", or what is happening instead; read out as it changes. */
  summary?: ReactNode;
  /** The page before this one; undefined on the first page, or while a page loads. */
  previous: To | undefined;
  /** The page after this one; undefined on the last page, or while a page loads. */
  next: To | undefined;
  /** The whole list is on this page: no links at all, only the summary. */
  single?: boolean;
  /** Before a link is followed, e.g. to bring the top of the list into view. */
  onNavigate?: () => void;
}

interface PageLinkProps {
  to: To | undefined;
  rel: 'prev' | 'next';
  onNavigate: (() => void) | undefined;
  children: ReactNode;
}

/**
 * One link of the pager. Pages are addresses (each a history entry, openable in a new tab).
 * At either end the link stays the same focusable element, marked aria-disabled, so a
 * keyboard user who pages to the last page keeps their place and hears why nothing happens.
 */
function PageLink({ to, rel, onNavigate, children }: PageLinkProps) {
  const href = useHref(to ?? '.');
  const follow = useLinkClickHandler(to ?? '.');
  const off = to === undefined;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (off) return event.preventDefault();
    follow(event);
    // Followed here, not opened in a new tab by a modified click.
    if (event.defaultPrevented) onNavigate?.();
  };
  return (
    <a
      className="button button--secondary pager__link"
      href={off ? undefined : href}
      rel={off ? undefined : rel}
      // Without an href an anchor is neither a link nor focusable: both are kept.
      role={off ? 'link' : undefined}
      tabIndex={off ? 0 : undefined}
      aria-disabled={off || undefined}
      onClick={onClick}
    >
      {children}
    </a>
  );
}

/** Previous and next page of a list paged by cursor, under the list, with where we are. */
export function Pager({ summary, previous, next, single = false, onNavigate }: PagerProps) {
  return (
    <nav className="pager" aria-label="Pages" data-keep-clear="">
      <p className="pager__summary" role="status">
        {summary}
      </p>
      {!single && (
        <div className="pager__links">
          <PageLink to={previous} rel="prev" onNavigate={onNavigate}>
            <span aria-hidden="true">←</span> Previous
          </PageLink>
          <PageLink to={next} rel="next" onNavigate={onNavigate}>
            Next <span aria-hidden="true">→</span>
          </PageLink>
        </div>
      )}
    </nav>
  );
}
