import type { RegionChannel } from './region-channel.ts';
import { percentStyle } from './region-box.tsx';
import { useOverlay } from './region-layers.tsx';
import { shownAspect, toPercent, type PageBox } from './region-geometry.ts';
import './regions.css';

/**
 * Page 1's regions over the gateway's image of it (first-page-image.tsx), which the preview
 * shows until pdf.js has drawn the page: from the same numbers, in a box laid over the image
 * (the same place, the page's shape). Like the image, a picture only: pdf.js's page, moments
 * later, carries the regions a reader and a keyboard reach.
 */
export function ImageRegions({
  channel,
  url,
  box,
}: {
  channel: RegionChannel;
  /** The document the image is of. */
  url: string;
  /** Page 1's box, from pdf.js once it has read the page; else as the overlay kept it. */
  box: PageBox | undefined;
}) {
  const overlay = useOverlay(channel, url);
  const pageBox = box ?? overlay?.boxes?.['1'];
  const regions = overlay?.regions.filter((shown) => shown.region.page === 1) ?? [];
  if (!pageBox || regions.length === 0) return null;
  return (
    <div
      className="pdf-first-page-regions"
      aria-hidden="true"
      style={{ aspectRatio: String(shownAspect(pageBox)) }}
    >
      {regions.map((shown) => (
        <div
          key={shown.key}
          className="region"
          data-tone={shown.tone ?? 'mark'}
          style={percentStyle(toPercent(shown.region, pageBox))}
        >
          <span className="region__box">
            <span className="region__tag">{shown.tag}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
