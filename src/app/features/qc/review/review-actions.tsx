import { Button } from '../../../ui/button.tsx';
import { useToasterClearance } from '../../../ui/toaster-clearance.ts';
import type { Decision } from './decide-mutation.ts';

interface Props {
  ready: { canApprove: boolean; canReject: boolean; open: readonly unknown[] } | undefined;
  /** Why neither button may act now (a save under way, a conflict, no user). */
  blocked: boolean;
  noUser: boolean;
  onDecide: (status: Decision) => void;
}

/** Approve and next, reject and next, and what stands in the way. */
export function ReviewActions({ ready, blocked, noUser, onDecide }: Props) {
  // News arriving mid-review (a live event) must not land on the decision buttons.
  useToasterClearance(112);
  return (
    <div className="review__actions">
      <Button
        className="button--approve"
        disabled={!ready?.canApprove || blocked}
        onClick={() => onDecide('approved')}
      >
        Approve and next
      </Button>
      <Button
        className="button--reject"
        disabled={!ready?.canReject || blocked}
        onClick={() => onDecide('rejected')}
      >
        Reject and next
      </Button>
      <p className="review__hint">
        {noUser
          ? 'Deciding needs a signed-in user; this client has none.'
          : ready?.canApprove
            ? 'Every item passes.'
            : `${ready?.open.length ?? 0} item(s) still open.`}{' '}
        Press <kbd>?</kbd> for shortcuts.
      </p>
    </div>
  );
}
