import { Button } from '../../../ui/button.tsx';
import { when } from '../../../ui/dates.ts';
import { heldFor } from '../queue/index.ts';
import type { useHold } from './use-hold.ts';
import '../document-review.css';
import './hold-banner.css';

interface HoldBannerProps {
  hold: ReturnType<typeof useHold>;
  /** A QC manager may release anyone's hold. */
  manager: boolean;
}

/**
 * Someone else is on this document, or took it over: who, since when, and what the reviewer
 * may do about it. Nothing when the document is theirs.
 */
export function HoldBanner({ hold, manager }: HoldBannerProps) {
  const { state } = hold;
  if (state.kind === 'taken') {
    return (
      <div
        className="review__hold review__hold--taken document-review__box document-review__box--stack"
        role="alert"
      >
        <p>
          <strong>{state.by.name}</strong> took this review over at {when(state.on)}. Your verdicts
          and notes are kept below; take it back to decide.
        </p>
        <div className="review__hold-actions">
          <Button variant="primary" onClick={hold.takeOver}>
            Take it back
          </Button>
        </div>
      </div>
    );
  }
  if (state.kind !== 'held') return null;
  const { holder, heldSince } = state.hold;
  const since = heldFor(heldSince);
  return (
    <div className="review__hold document-review__box document-review__box--stack" role="status">
      <p>
        <strong>{holder.name}</strong> is reviewing this document
        {since === 'just now' ? ' (opened just now)' : ` (for ${since})`}.{' '}
        {state.waiting
          ? 'It opens for you as soon as they move on.'
          : state.readOnly
            ? 'You are viewing it read-only.'
            : 'Wait for it, read it, or take it over.'}
      </p>
      <div className="review__hold-actions">
        {!state.waiting && !state.readOnly && (
          <>
            <Button variant="secondary" onClick={hold.wait}>
              Wait for it
            </Button>
            <Button variant="secondary" onClick={hold.viewReadOnly}>
              View read-only
            </Button>
          </>
        )}
        <Button variant="primary" onClick={hold.takeOver}>
          Take over
        </Button>
        {manager && (
          <Button variant="ghost" onClick={hold.releaseForTeam}>
            Release hold
          </Button>
        )}
      </div>
    </div>
  );
}
