import { useState } from 'react';
import type { ChecklistItem, ChecklistVerdict, QcRequest } from '../../../../contract/qc.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { decidedBy } from './conflicts.ts';
import { copyText } from './copy-text.ts';
import { DecidedPanel } from './decided-panel.tsx';
import type { ItemDraft, ReviewDraft } from './draft.ts';
import '../document-review.css';
import './conflict-view.css';
import '../../../ui/alert.css';
import '../../../ui/control.css';

// Someone else decided this request while this reviewer had a draft of it (a 409, or a
// refetch that found it decided). Their decision, as the service has it, is shown beside
// everything this reviewer wrote, which stays on screen, selectable and copyable, until they
// discard it: nothing of theirs disappears because the cache learned the request's fate.

const VERDICT: Record<ChecklistVerdict, { label: string; tone: BadgeTone }> = {
  approved: { label: 'Pass', tone: 'success' },
  rejected: { label: 'Fail', tone: 'danger' },
  notApplicable: { label: 'N/A', tone: 'neutral' },
};

interface Props {
  request: QcRequest;
  draft: ReviewDraft;
  names: ReadonlyMap<string, string>;
  onDiscard: () => void;
}

export function ConflictView({ request, draft, names, onDiscard }: Props) {
  const [copied, setCopied] = useState<string>('');
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    const done = await copyText(draftAsText(request, draft));
    setCopied(done ? 'Your notes are on the clipboard.' : 'Copying was refused: select the text.');
  };
  return (
    <div className="conflict">
      <p className="alert alert--block" role="alert">
        {decidedBy(request, names)}. Your review was not saved: it is kept here, beside theirs, so
        nothing you wrote is lost.
      </p>
      <div className="conflict__sides">
        <section className="conflict__side" aria-labelledby="conflict-decided">
          <h2 className="review__section-title" id="conflict-decided">
            Decided version
          </h2>
          <DecidedPanel request={request} names={names} />
        </section>
        <section
          className="conflict__side conflict__side--mine document-review__box"
          aria-labelledby="conflict-mine"
        >
          <h2 className="review__section-title" id="conflict-mine">
            Your review (not saved)
          </h2>
          <label className="conflict__label" htmlFor="rework-notes">
            Rework notes
          </label>
          <textarea
            id="rework-notes"
            className="control review__notes"
            readOnly
            value={draft.notes}
            placeholder="You wrote no rework notes."
          />
          <div className="conflict__buttons">
            <Button variant="primary" onClick={() => void copy()}>
              Copy my notes
            </Button>
            {confirming ? (
              <Button onClick={onDiscard}>Discard for good</Button>
            ) : (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                Discard my review
              </Button>
            )}
          </div>
          <p className="conflict__copied" role="status">
            {copied}
          </p>
        </section>
      </div>
      <section aria-labelledby="conflict-items">
        <h2 className="review__section-title" id="conflict-items">
          Checklist: decided and yours
        </h2>
        <ol className="conflict__items">
          {request.checklistItems.map((item, index) => (
            <ItemPair key={item.id} item={item} index={index} mine={draft.items[item.id]} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function ItemPair({ item, index, mine }: { item: ChecklistItem; index: number; mine?: ItemDraft }) {
  const theirs = { status: verdictOf(item), note: item.reviewerNote };
  const differs = theirs.status !== mine?.status || (mine?.note ?? '') !== (theirs.note ?? '');
  return (
    <li
      className="conflict__item document-review__box document-review__box--stack"
      data-differs={differs}
      data-testid={`conflict-${index + 1}`}
    >
      <p className="conflict__name">
        <span className="check__number">{index + 1}</span> {item.displayName}
      </p>
      <dl className="conflict__pair">
        <div>
          <dt>Decided</dt>
          <Verdict entry={theirs} />
        </div>
        <div>
          <dt>Yours</dt>
          <Verdict entry={mine ?? {}} />
        </div>
      </dl>
    </li>
  );
}

function Verdict({ entry }: { entry: ItemDraft }) {
  const verdict = entry.status ? VERDICT[entry.status] : undefined;
  return (
    <dd>
      {verdict ? <Badge tone={verdict.tone}>{verdict.label}</Badge> : <span>Not set</span>}
      {entry.note && <p className="conflict__note">{entry.note}</p>}
    </dd>
  );
}

const verdictOf = (item: ChecklistItem) =>
  item.status && item.status !== 'pending' ? item.status : undefined;

/** The reviewer's work as plain text, for the clipboard: every verdict and note, in order. */
export function draftAsText(request: QcRequest, draft: ReviewDraft): string {
  const lines = [`${request.document.matterReference}: my review (not saved)`];
  request.checklistItems.forEach((item, index) => {
    const entry = draft.items[item.id];
    if (!entry?.status && !entry?.note) return;
    const verdict = entry.status ? VERDICT[entry.status].label : 'Not set';
    lines.push(
      `${index + 1}. ${item.displayName}: ${verdict}${entry.note ? ` (${entry.note})` : ''}`,
    );
  });
  if (draft.notes.trim()) lines.push('', 'Rework notes:', draft.notes);
  return lines.join('\n');
}
