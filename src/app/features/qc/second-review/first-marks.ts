import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Region } from '../../../../contract/findings.ts';
import type { Sample } from '../../../../contract/qc-management.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import type { DecisionRecord } from '../../../../contract/team.ts';
import type { RegionChannel, ShownRegion } from '../../../pdf/regions/region-channel.ts';
import { qcQueries } from '../qc.queries.ts';

// The first reviewer's regions (ADR 029), for the second reviewer: read from the request's
// history only once their own verdicts are in (a sample still open is judged blind), and
// drawn over the document beside the comparison.

/** One region of the first review, as the comparison links to it. */
export interface FirstRegion {
  key: string;
  region: Region;
  label: string;
}

/** The marks of the decision that was sampled; an older gateway's records have none. */
function marksOf(decisions: readonly DecisionRecord[], sample: Sample) {
  const sampled =
    decisions.find((d) => d.decidedOn === sample.firstReview?.decidedOn) ?? decisions.at(-1);
  // Read tolerantly: `marks` is absent from records kept before findings.
  return sampled?.marks?.items ?? [];
}

/**
 * The first review's regions by item id, drawn over the document through `channel` once the
 * sample is no longer open; none before, and none to a reader whose history does not load.
 */
export function useFirstMarks(
  sample: Sample,
  request: QcRequest,
  channel: RegionChannel,
  onActivate: (key: string) => void,
): ReadonlyMap<string, FirstRegion[]> {
  const open = sample.state === 'open';
  const { data } = useQuery({ ...qcQueries.teamHistory(request.id), enabled: !open });
  const byItem = useMemo(() => {
    const map = new Map<string, FirstRegion[]>();
    if (open || !data) return map;
    for (const mark of marksOf(data.decisions, sample)) {
      const item = request.checklistItems.find(
        (i) => i.id.toLowerCase() === mark.itemId.toLowerCase(),
      );
      const name = item?.displayName ?? 'a checklist item';
      map.set(
        item?.id ?? mark.itemId,
        mark.regions.map((region, index) => ({
          key: `${mark.itemId}#${index}`,
          region,
          label: `First reviewer's region ${index + 1} on page ${region.page}: ${name}`,
        })),
      );
    }
    return map;
  }, [open, data, sample, request.checklistItems]);

  useEffect(() => {
    const regions: ShownRegion[] = [];
    for (const [itemId, list] of byItem) {
      const number = request.checklistItems.findIndex((i) => i.id === itemId) + 1;
      for (const first of list) {
        regions.push({
          key: first.key,
          region: first.region,
          label: first.label,
          tag: number > 0 ? String(number) : '•',
          editable: false,
          tone: 'earlier',
        });
      }
    }
    channel.set(regions.length > 0 ? { url: request.fileUrl, regions, onActivate } : null);
    return () => channel.set(null);
  }, [byItem, channel, request.fileUrl, request.checklistItems, onActivate]);

  return byItem;
}
