import type { QcRequest } from '../../../../contract/qc.ts';
import { FirstPageImage } from '../../../pdf/first-page-image.tsx';
import { Loading } from '../../../ui/states.tsx';
import { ReviewHeader } from './review-header.tsx';
import '../document-review.css';
import './review.css';

const nothing = () => {};

/**
 * A review's first screen as the gateway renders it for a page opened cold (ADR 025):
 * the review's frame, its header, and the document's first page as an image, where the
 * preview (review.route.tsx) then shows the same image until pdf.js has drawn the page.
 */
export function ReviewFirstScreen(props: {
  request: QcRequest;
  /** The first page's image, where the gateway has a place to draw it. */
  image?: string;
  queueHref: string;
}) {
  const { request, image, queueHref } = props;
  return (
    <div className="review document-review">
      <section className="review__document document-review__document" aria-label="Document">
        <div className="pdf-preview" data-pdf-state="loading">
          <div className="pdf-toolbar pdf-toolbar--placeholder" />
          <div className="pdf-preview__area">
            {image && <FirstPageImage src={image} forUrl={request.fileUrl} />}
          </div>
        </div>
      </section>
      <section className="review__panel document-review__panel" aria-labelledby="review-title">
        <div className="review__scroll document-review__scroll">
          <ReviewHeader
            current={request}
            queueHref={queueHref}
            hasPrevious={false}
            hasNext={false}
            onPrevious={nothing}
            onNext={nothing}
            onHelp={nothing}
          />
          <Loading label="Opening the review…" />
        </div>
      </section>
    </div>
  );
}
