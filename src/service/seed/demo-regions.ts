import { REGIONS_PER_FINDING_MAX, type Region } from '../../contract/findings.ts';
import type { ServiceContext } from '../context.ts';
import { ITEM_PARTS, itemKeyByName } from './catalog.ts';
import { DEFECT_ITEMS, type Defect } from './defects.ts';
import type { DocumentLayout } from './layout.ts';

// Where a seeded document shows what a check is about: the generator records where it drew
// each part (documents.ts), the seed keeps that beside the document, and the demo's findings
// (gateway/demo) mark those boxes rather than a guess.

export const layoutKey = (fileId: string) => `layouts/${fileId}.json`;

export function keepLayout(ctx: ServiceContext, fileId: string, layout: DocumentLayout) {
  ctx.blobs.put(layoutKey(fileId), new TextEncoder().encode(JSON.stringify(layout)));
}

export function readLayout(ctx: ServiceContext, fileId: string): DocumentLayout | undefined {
  const bytes = ctx.blobs.get(layoutKey(fileId));
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as DocumentLayout) : undefined;
}

/**
 * The regions of a seeded document that a check, by its name, is about: none for a document
 * the seed did not draw, or a check the catalog does not know.
 */
export function demoRegions(ctx: ServiceContext, fileId: string, itemName: string): Region[] {
  const layout = readLayout(ctx, fileId);
  const key = itemKeyByName(itemName);
  if (!layout || !key) return [];
  // A defect drawn on purpose is marked where it shows (the blank page, the misfiled header).
  const drawn = layout.defects?.find((d) => DEFECT_ITEMS[d.kind as Defect]?.includes(key));
  if (drawn?.regions.length) return drawn.regions.slice(0, REGIONS_PER_FINDING_MAX);
  const parts = ITEM_PARTS[key] ?? [];
  return parts.flatMap((part) => layout.parts[part] ?? []).slice(0, REGIONS_PER_FINDING_MAX);
}
