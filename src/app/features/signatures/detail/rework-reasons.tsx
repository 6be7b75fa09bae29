import type { ScanReview, SignatureRequest } from '../../../../contract/signatures.ts';
import { when } from '../../../ui/dates.ts';

// Why QC sent a wet-ink scan back: the failed checks with the reviewer's notes and
// the rework notes. `scanReviews` is the reference service's (docs/interface-gaps.md); from a
// deployment that does not send it nothing is shown and the scan panel works as before.

/** The reviews that returned a scan, oldest first; empty when there are none or no data. */
export function returnedReviews(request: SignatureRequest): ScanReview[] {
  return (request.scanReviews ?? []).filter((review) => review.status === 'rejected');
}

function Findings({ review }: { review: ScanReview }) {
  return (
    <>
      {review.failedItems.length > 0 && (
        <ul className="sig-rework__items" aria-label="Failed checks">
          {review.failedItems.map((item) => (
            <li key={item.id}>
              <strong>{item.displayName}</strong>
              {item.reviewerNote && <p>{item.reviewerNote}</p>}
            </li>
          ))}
        </ul>
      )}
      {review.notes && (
        <div className="sig-rework__notes">
          <span className="sig-rework__label">Rework notes</span>
          <p>{review.notes}</p>
        </div>
      )}
    </>
  );
}

const byline = (review: ScanReview, nameOf: (id: string | undefined) => string) =>
  `Returned by ${review.reviewedBy ? nameOf(review.reviewedBy) : 'a reviewer'} on ${when(review.reviewCompletedOn)}${review.shortId ? ` · ${review.shortId}` : ''}`;

/**
 * The latest return in full while the request awaits its new scan; once a new scan is in QC,
 * the same reasons stay readable but folded. Earlier returns are folded below.
 */
export function ReworkReasons({
  request,
  awaitingScan,
  nameOf,
}: {
  request: SignatureRequest;
  awaitingScan: boolean;
  nameOf: (id: string | undefined) => string;
}) {
  const returned = returnedReviews(request);
  const latest = returned.at(-1);
  if (!latest) return null;
  const earlier = returned.slice(0, -1).reverse();
  const current = awaitingScan && (request.scanReviews ?? []).at(-1) === latest;
  const heading = current
    ? 'QC returned the scan'
    : `QC returned ${returned.length === 1 ? 'the earlier scan' : `${returned.length} earlier scans`}`;
  return (
    <section
      className={`sig-rework${current ? ' sig-rework--current' : ''}`}
      aria-labelledby="sig-rework-title"
    >
      <h3 className="sig-rework__title" id="sig-rework-title">
        {heading}
      </h3>
      <p className="sig-rework__byline">{byline(latest, nameOf)}</p>
      {current ? (
        <>
          <Findings review={latest} />
          <p className="sig-muted">Fix what is listed, then upload a new scan below.</p>
        </>
      ) : (
        <details className="sig-rework__earlier">
          <summary>What was wrong</summary>
          <Findings review={latest} />
        </details>
      )}
      {earlier.length > 0 && (
        <details className="sig-rework__earlier">
          <summary>
            Earlier returns <span className="count">{earlier.length}</span>
          </summary>
          {earlier.map((review) => (
            <div key={review.qcRequestId} className="sig-rework__round">
              <p className="sig-rework__byline">{byline(review, nameOf)}</p>
              <Findings review={review} />
            </div>
          ))}
        </details>
      )}
    </section>
  );
}
