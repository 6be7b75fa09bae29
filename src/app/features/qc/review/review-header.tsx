import { Link } from 'react-router';
import type { QcRequest } from '../../../../contract/qc.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { when } from '../../../ui/dates.ts';

interface Props {
  current: QcRequest;
  queueHref: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onHelp: () => void;
}

/** The review's top: back to the queue, previous and next, the document and its status. */
export function ReviewHeader({ current, queueHref, hasPrevious, hasNext, ...on }: Props) {
  return (
    <div className="review__top document-review__top">
      <div className="review__crumbs">
        <Link to={queueHref}>← Queue</Link>
        <span>
          <Button
            variant="ghost"
            disabled={!hasPrevious}
            onClick={on.onPrevious}
            aria-label="Previous document (p)"
          >
            ‹ Prev
          </Button>
          <Button
            variant="ghost"
            disabled={!hasNext}
            onClick={on.onNext}
            aria-label="Next document (n)"
          >
            Next ›
          </Button>
          <Button variant="ghost" onClick={on.onHelp} aria-label="Keyboard shortcuts (?)">
            ?
          </Button>
        </span>
      </div>
      <h1 className="review__title" id="review-title">
        {current.document.matterReference}
      </h1>
      <div className="review__status">
        <Badge tone={current.status === 'pending' ? 'accent' : 'neutral'}>{current.status}</Badge>
        <span>Created {when(current.createdOn)}</span>
      </div>
    </div>
  );
}
