import type { SignatureRequest } from '../../../contract/signatures.ts';

// `status` on a signature request, and the list's `status` filter, are the reference service's
// (docs/interface-gaps.md, "Extensions the console can do without"). A deployment without them
// would ignore the filter and answer every request under a tab's name, so the console filters
// only once rows have shown it the field.

/**
 * Whether a page of requests tells that the deployment sends `status`: undefined when it has
 * no rows to tell by. Every row must carry it: a filter on a field some rows lack hides them.
 */
export function rowsCarryStatus(rows: readonly SignatureRequest[]): boolean | undefined {
  if (rows.length === 0) return undefined;
  return rows.every((row) => row.status !== undefined);
}

/**
 * The status filter the console may send: the one asked for only when the deployment is known
 * to send `status` (`carriesStatus` true). Unknown (null: no rows yet; undefined: not asked yet)
 * counts as the spec's baseline, which has no such filter.
 */
export function statusToAsk<Status>(
  asked: Status | undefined,
  carriesStatus: boolean | null | undefined,
): Status | undefined {
  return carriesStatus === true ? asked : undefined;
}
