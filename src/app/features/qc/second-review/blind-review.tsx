import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../../client/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/field.tsx';
import { useToasterClearance } from '../../../ui/toaster-clearance.ts';
import { BlindChecklist, type BlindItem } from './blind-checklist.tsx';
import { reviewFailure, useSendSecondReview } from './sample-mutations.ts';
import { bodyOf, missingOf, useSecondDraft } from './second-review-draft.ts';
import '../../../ui/alert.css';
import '../../../ui/control.css';
import '../document-review.css';

interface Props {
  requestId: string;
  scope: string | null;
  items: readonly BlindItem[];
  /** Someone else was first (409): the screen reads the sample again and shows theirs. */
  onConflict: () => void;
}

/** The second reviewer's verdicts, given without sight of the first review's. */
export function BlindReview({ requestId, scope, items, onConflict }: Props) {
  const { draft, update, clear } = useSecondDraft(requestId, scope);
  const [tried, setTried] = useState(false);
  const send = useSendSecondReview(requestId);
  // News arriving mid-review (a live event) must not land on the send button.
  useToasterClearance(96);
  const missing = missingOf(items, draft);
  // 403: this reviewer approved it; sending again cannot succeed.
  const refused = send.error instanceof ApiError && send.error.status === 403;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!missing.ready || send.isPending) return;
    send.mutate(bodyOf(items, draft), {
      onSuccess: clear,
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 409) return;
        clear();
        onConflict();
      },
    });
  };

  const flagged = new Set(tried ? missing.unexplained.map((item) => item.id) : []);
  const hint =
    missing.unanswered.length > 0
      ? `${missing.unanswered.length} of ${items.length} items still need your verdict.`
      : missing.unexplained.length > 0
        ? `Say what is wrong for ${missing.unexplained.length} failed item(s).`
        : 'Every item has your verdict.';

  return (
    <form className="sr-form" onSubmit={submit} noValidate aria-label="Your second review">
      <p className="sr-blind document-review__box" role="note">
        Judge this approved document on its own. The first review’s verdicts stay hidden until you
        send yours; then both are shown side by side.
      </p>
      {send.isError && (
        <p className="alert alert--block" role="alert">
          {reviewFailure(send.error)}
        </p>
      )}
      <div>
        <h2 className="sr-section-title">Checklist</h2>
        <BlindChecklist
          items={items}
          draft={draft}
          disabled={send.isPending || refused}
          flagged={flagged}
          onChange={(itemId, change) =>
            update((d) => ({ ...d, items: { ...d.items, [itemId]: change } }))
          }
        />
      </div>
      <TextAreaField
        label="Notes for the admin"
        labelClassName="sr-section-title"
        id="sr-notes"
        className="control check__note"
        maxLength={5000}
        placeholder="Anything the checklist does not say (optional)"
        value={draft.notes}
        disabled={refused}
        onChange={(e) => update((d) => ({ ...d, notes: e.target.value }))}
      />
      <div className="sr-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={missing.unanswered.length > 0 || refused}
          pending={send.isPending}
          pendingLabel="Sending…"
        >
          Send second review
        </Button>
        <p className="sr-muted" aria-live="polite">
          {hint}
        </p>
      </div>
    </form>
  );
}
