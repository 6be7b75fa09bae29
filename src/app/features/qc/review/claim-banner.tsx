import { Button } from '../../../ui/button.tsx';
import { when } from '../../../ui/dates.ts';
import { heldFor } from '../queue/index.ts';
import type { useClaim } from './use-claim.ts';
import './claim-banner.css';

interface ClaimBannerProps {
  claim: ReturnType<typeof useClaim>;
  /** A QC manager may release anyone's claim. */
  manager: boolean;
}

/**
 * Someone else is on this document, or took it over: who, since when, and what the reviewer
 * may do about it. Nothing when the document is theirs.
 */
export function ClaimBanner({ claim, manager }: ClaimBannerProps) {
  const { state } = claim;
  if (state.kind === 'taken') {
    return (
      <div className="review__claim review__claim--taken" role="alert">
        <p>
          <strong>{state.by.name}</strong> took this review over at {when(state.on)}. Your verdicts
          and notes are kept below; take it back to decide.
        </p>
        <div className="review__claim-actions">
          <Button variant="primary" onClick={claim.takeOver}>
            Take it back
          </Button>
        </div>
      </div>
    );
  }
  if (state.kind !== 'held') return null;
  const { holder, claimedOn } = state.claim;
  const since = heldFor(claimedOn);
  return (
    <div className="review__claim" role="status">
      <p>
        <strong>{holder.name}</strong> is reviewing this document
        {since === 'just now' ? ' (opened just now)' : ` (for ${since})`}.{' '}
        {state.waiting
          ? 'It opens for you as soon as they move on.'
          : state.readOnly
            ? 'You are viewing it read-only.'
            : 'Wait for it, read it, or take it over.'}
      </p>
      <div className="review__claim-actions">
        {!state.waiting && !state.readOnly && (
          <>
            <Button variant="secondary" onClick={claim.wait}>
              Wait for it
            </Button>
            <Button variant="secondary" onClick={claim.viewReadOnly}>
              View read-only
            </Button>
          </>
        )}
        <Button variant="primary" onClick={claim.takeOver}>
          Take over
        </Button>
        {manager && (
          <Button variant="ghost" onClick={claim.releaseForTeam}>
            Release claim
          </Button>
        )}
      </div>
    </div>
  );
}
