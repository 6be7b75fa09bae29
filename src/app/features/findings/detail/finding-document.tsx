import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { findingDocumentPath } from '../../../../client/findings.ts';
import { pagePointer, type Finding } from '../../../../contract/findings.ts';
import { LazyPdfPreview } from '../../../pdf/lazy-pdf-preview.tsx';
import { createRegionChannel, type ShownRegion } from '../../../pdf/regions/region-channel.ts';
import { Button } from '../../../ui/button.tsx';
import { failureMessage } from '../../../ui/failure-message.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { findingQueries } from '../findings.queries.ts';

// The finding's place in its document (ADR 029): the document as the reviewer saw it, the
// regions they marked drawn over its pages (pdf/regions/, read-only here), and the regions'
// pages in words beside it. A QC reader opens it at the service; the party responsible, whom
// the service does not show QC documents to, opens the copy the gateway kept; without a copy,
// a sketch of the marked places stands in for it.

const regionLabel = (finding: Finding, index: number) =>
  `Region ${index + 1} on page ${finding.regions[index]?.page ?? '?'}: ${finding.itemName}`;

/** Where the regions are, in words: "Page 2: 1 region". */
export function RegionPages({ finding }: { finding: Finding }) {
  if (finding.regions.length === 0) {
    return (
      <p className="finding-regions__none">
        The reviewer marked no place on the page; the note says what is wrong.
      </p>
    );
  }
  const pages = new Map<number, number>();
  for (const region of finding.regions) pages.set(region.page, (pages.get(region.page) ?? 0) + 1);
  return (
    <ul className="finding-regions" aria-label="Marked places">
      {[...pages]
        .sort(([a], [b]) => a - b)
        .map(([page, n]) => (
          <li key={page}>
            <strong>Page {page}</strong>: {n} {n === 1 ? 'region' : 'regions'} marked
          </li>
        ))}
    </ul>
  );
}

/** `requestId` when `url` is the QC request's own document, of which the gateway draws a page. */
function Preview({
  finding,
  url,
  requestId,
}: {
  finding: Finding;
  url: string;
  requestId?: string;
}) {
  const [channel] = useState(createRegionChannel);
  useEffect(() => {
    const regions: ShownRegion[] = finding.regions.map((region, index) => ({
      key: `${finding.id}#${index}`,
      region,
      label: regionLabel(finding, index),
      tag: String(index + 1),
      editable: false,
    }));
    channel.set(regions.length > 0 ? { url, regions } : null);
    return () => channel.set(null);
  }, [channel, finding, url]);
  const title = `${finding.matterReference}, ${pagePointer(finding.regions) || 'the document'}`;
  return (
    <LazyPdfPreview key={url} url={url} requestId={requestId} title={title} regions={channel} />
  );
}

/** The document with the regions drawn, for a QC reader (the service shows it to them only). */
export function FindingDocument({ finding }: { finding: Finding }) {
  const request = useQuery(findingQueries.request(finding.requestId));
  if (request.isPending) return <Loading label="Opening the document…" />;
  if (request.isError) {
    return (
      <ErrorState
        title="The document could not be opened"
        message={failureMessage(request.error, {
          network: 'The console cannot be reached. Check the connection and try again.',
          404: 'The QC request behind this finding is no longer there.',
          otherwise: 'Something went wrong while asking for the document.',
        })}
        action={<Button onClick={() => void request.refetch()}>Try again</Button>}
      />
    );
  }
  return <Preview finding={finding} url={request.data.fileUrl} requestId={request.data.id} />;
}

/**
 * The copy of the document the gateway kept for the party responsible, with the regions
 * drawn; the sketch while it is asked for in vain (none kept, or the console unreachable).
 */
export function KeptDocument({ finding }: { finding: Finding }) {
  const kept = useQuery(findingQueries.documentKept(finding.id));
  if (kept.isPending) return <Loading label="Opening the document…" />;
  if (kept.data) return <Preview finding={finding} url={findingDocumentPath(finding.id)} />;
  return <NoDocument finding={finding} />;
}

/** US Letter, in points: the sketch's page when the regions say nothing larger. */
const LETTER = { width: 612, height: 792 };

/**
 * Each marked page as an outline with its regions where the reviewer drew them: the place on
 * the page, for a reader the document itself is not shown to. A sketch, said to be one.
 */
function PageSketches({ finding }: { finding: Finding }) {
  const pages = [...new Set(finding.regions.map((r) => r.page))].sort((a, b) => a - b);
  return (
    <ul className="finding-sketches" aria-label="Marked pages">
      {pages.map((page) => {
        const regions = finding.regions
          .map((region, index) => ({ region, index }))
          .filter(({ region }) => region.page === page);
        const width = Math.max(LETTER.width, ...regions.map(({ region: r }) => r.x + r.width));
        const height = Math.max(LETTER.height, ...regions.map(({ region: r }) => r.y + r.height));
        return (
          <li key={page} className="finding-sketch">
            <svg
              viewBox={`0 0 ${width} ${height}`}
              role="img"
              aria-label={`Page ${page}, with ${regions.length === 1 ? 'the marked place' : `${regions.length} marked places`}`}
            >
              <rect className="finding-sketch__page" x="0" y="0" width={width} height={height} />
              {[0.12, 0.2, 0.28, 0.36, 0.44, 0.52, 0.6, 0.68, 0.76].map((line) => (
                <line
                  key={line}
                  className="finding-sketch__text"
                  x1={width * 0.12}
                  x2={width * 0.88}
                  y1={height * line}
                  y2={height * line}
                />
              ))}
              {regions.map(({ region, index }) => (
                <g key={index} className="finding-sketch__region">
                  <rect x={region.x} y={region.y} width={region.width} height={region.height} />
                  <text x={region.x + 8} y={region.y > 44 ? region.y - 10 : region.y + 40}>
                    {index + 1}
                  </text>
                </g>
              ))}
            </svg>
            <span className="finding-sketch__caption">Page {page}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** For a reader the service does not show QC documents to: where to look, drawn and in words. */
export function NoDocument({ finding }: { finding: Finding }) {
  return (
    <div className="finding-nodoc">
      <p className="section-title">Where it is</p>
      {finding.regions.length > 0 && <PageSketches finding={finding} />}
      <RegionPages finding={finding} />
      <p className="finding-nodoc__hint">
        A sketch of the marked {finding.regions.length === 1 ? 'place' : 'places'} on{' '}
        <strong>{finding.matterReference}</strong>, not the document itself: the console kept no
        copy of it for you, and your sign-in does not open QC documents. Your copies are with{' '}
        <Link to="/signatures">your signature requests</Link>.
      </p>
    </div>
  );
}
