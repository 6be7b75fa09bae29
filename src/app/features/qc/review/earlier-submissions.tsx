import type { QcRequest } from '../../../../contract/qc.ts';
import type { ScanReview } from '../../../../contract/signatures.ts';
import { when } from '../../../ui/dates.ts';
import './earlier-submissions.css';

// A rescanned wet-ink document: the reviewer sees that this is a later submission and
// what was wrong before, so the second review checks the fixes. `earlierReviews` is the
// reference service's (docs/interface-gaps.md); without it this renders nothing.

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;

function Review({
  review,
  round,
  names,
}: {
  review: ScanReview;
  round: number;
  names: ReadonlyMap<string, string>;
}) {
  const who = review.reviewedBy ? (names.get(review.reviewedBy) ?? review.reviewedBy) : undefined;
  const verdict = review.status === 'rejected' ? 'Rejected' : 'Approved';
  return (
    <li className="earlier__review">
      <p className="earlier__head">
        <span>Submission {round}</span>
        <span className={`earlier__verdict earlier__verdict--${review.status}`}>{verdict}</span>
      </p>
      <p className="earlier__byline">
        <span>{who ?? 'a reviewer'}</span>
        <span>{when(review.reviewCompletedOn)}</span>
        {review.shortId && <span>{review.shortId}</span>}
      </p>
      {review.failedItems.length > 0 && (
        <ul className="earlier__items" aria-label={`Failed checks of submission ${round}`}>
          {review.failedItems.map((item) => (
            <li key={item.id}>
              <strong>{item.displayName}</strong>
              {item.reviewerNote && <span className="earlier__note">{item.reviewerNote}</span>}
            </li>
          ))}
        </ul>
      )}
      {review.notes && (
        <p className="earlier__notes">
          <span className="earlier__label">Rework notes</span> {review.notes}
        </p>
      )}
    </li>
  );
}

/** The earlier reviews of this document's scans, newest first; nothing when there are none. */
export function EarlierSubmissions({
  request,
  names,
}: {
  request: QcRequest;
  names: ReadonlyMap<string, string>;
}) {
  const earlier = request.earlierReviews ?? [];
  if (earlier.length === 0) return null;
  const submission = earlier.length + 1;
  return (
    <section className="earlier" aria-labelledby="earlier-title">
      <h2 className="earlier__title" id="earlier-title">
        Earlier submissions <span className="count">{earlier.length}</span>
      </h2>
      <p className="earlier__lead">
        This is the {ordinal(submission)} scan of this document. Check that what was wrong before is
        fixed.
      </p>
      <ul className="earlier__list">
        {earlier
          .map((review, i) => ({ review, round: i + 1 }))
          .reverse()
          .map(({ review, round }) => (
            <Review key={review.qcRequestId} review={review} round={round} names={names} />
          ))}
      </ul>
    </section>
  );
}
