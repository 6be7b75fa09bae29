import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { findingDocumentPath } from '../../../../client/findings.ts';
import { pagePointer, type Finding } from '../../../../contract/findings.ts';
import { LazyPdfPreview } from '../../../pdf/lazy-pdf-preview.tsx';
import type { RegionChannel, ShownRegion } from '../../../pdf/regions/region-channel.ts';
import { Button } from '../../../ui/button.tsx';
import { failureMessage } from '../../../ui/failure-message.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { findingQueries } from '../findings.queries.ts';
import './finding-document.css';

// The finding's place in its document (ADR 029): the document as the reviewer saw it, the
// regions they marked drawn over its pages (pdf/regions/, read-only here), and the regions'
// pages in words beside it. A QC reader opens it at the service; the party responsible, whom
// the service does not show QC documents to, opens the copy the gateway kept; without a copy,
// a sketch of the marked places stands in for it. The document opens at the first marked
// page, its region in view and highlighted a moment; each "Page N" line beside it goes there.

const regionLabel = (finding: Finding, index: number) =>
  `Region ${index + 1} on page ${finding.regions[index]?.page ?? '?'}: ${finding.itemName}`;

const regionKey = (finding: Finding, index: number) => `${finding.id}#${index}`;

/** The first region on each marked page, by page, lowest page first: where each line goes. */
function firstRegionByPage(finding: Finding): [page: number, index: number, count: number][] {
  const pages = new Map<number, [index: number, count: number]>();
  finding.regions.forEach((region, index) => {
    const [first, count] = pages.get(region.page) ?? [index, 0];
    const earlier = finding.regions[first];
    const higher = earlier && region.y < earlier.y ? index : first;
    pages.set(region.page, [higher, count + 1]);
  });
  return [...pages].sort(([a], [b]) => a - b).map(([page, [index, count]]) => [page, index, count]);
}

/**
 * Where the regions are, in words: "Page 2: 1 region marked". With `channel`, the preview
 * the regions are drawn in: each line is a button that shows its page's first region there.
 */
export function RegionPages({ finding, channel }: { finding: Finding; channel?: RegionChannel }) {
  if (finding.regions.length === 0) {
    return (
      <p className="finding-regions__none">
        The reviewer marked no place on the page; the note says what is wrong.
      </p>
    );
  }
  return (
    <ul className="finding-regions" aria-label="Marked places">
      {firstRegionByPage(finding).map(([page, index, n]) => {
        const words = (
          <>
            <strong>Page {page}</strong>: {n} {n === 1 ? 'region' : 'regions'} marked
          </>
        );
        return (
          <li key={page}>
            {channel ? (
              <button
                type="button"
                className="finding-regions__go"
                title="Show it in the document"
                onClick={() => channel.reveal(regionKey(finding, index))}
              >
                {/* One flex item: the gap goes before the arrow, not inside the words. */}
                <span>{words}</span>
              </button>
            ) : (
              words
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** `requestId` when `url` is the QC request's own document, of which the gateway draws a page. */
function Preview({
  finding,
  url,
  requestId,
  channel,
}: {
  finding: Finding;
  url: string;
  requestId?: string;
  channel: RegionChannel;
}) {
  useEffect(() => {
    const regions: ShownRegion[] = finding.regions.map((region, index) => ({
      key: regionKey(finding, index),
      region,
      label: regionLabel(finding, index),
      tag: String(index + 1),
      editable: false,
    }));
    channel.set(regions.length > 0 ? { url, regions } : null);
    // Opened at the first marked page, its first region in view; the focus stays put.
    const [first] = firstRegionByPage(finding);
    if (first) channel.reveal(regionKey(finding, first[1]), { focus: false });
    return () => channel.set(null);
  }, [channel, finding, url]);
  const title = `${finding.matterReference}, ${pagePointer(finding.regions) || 'the document'}`;
  return (
    <LazyPdfPreview key={url} url={url} requestId={requestId} title={title} regions={channel} />
  );
}

/**
 * The document with the regions drawn, for a QC reader (the service shows it to them only).
 * `channel` is the page's: its "Page N" lines (RegionPages) reveal regions through it.
 */
export function FindingDocument({
  finding,
  channel,
}: {
  finding: Finding;
  channel: RegionChannel;
}) {
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
  return (
    <Preview
      finding={finding}
      url={request.data.fileUrl}
      requestId={request.data.id}
      channel={channel}
    />
  );
}

/**
 * The copy of the document the gateway kept for the party responsible, with the regions
 * drawn; the sketch while it is asked for in vain (none kept, or the console unreachable).
 */
export function KeptDocument({ finding, channel }: { finding: Finding; channel: RegionChannel }) {
  const kept = useQuery(findingQueries.documentKept(finding.id));
  if (kept.isPending) return <Loading label="Opening the document…" />;
  if (kept.data) {
    return <Preview finding={finding} url={findingDocumentPath(finding.id)} channel={channel} />;
  }
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
