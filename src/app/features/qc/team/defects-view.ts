import type { DefectGroup, DefectRow, TeamStats } from '../../../../contract/qc-management.ts';

// Which breakdown of the defects is on screen, held in the URL beside the range:
// `?defects=firm&group=<firm id>`.

export const DEFECT_VIEWS = [
  { key: 'overall', label: 'Overall', noun: '' },
  { key: 'firm', label: 'By firm', noun: 'Firm' },
  { key: 'notary', label: 'By notary', noun: 'Notary' },
  { key: 'process', label: 'By process', noun: 'Process' },
] as const;
export type DefectViewKey = (typeof DEFECT_VIEWS)[number]['key'];

export interface DefectsView {
  view: DefectViewKey;
  /** The firm id, notary id or process name chosen; absent: the first (most decisions). */
  group?: string | undefined;
}

export function defectsFromSearch(params: URLSearchParams): DefectsView {
  const view = DEFECT_VIEWS.find((v) => v.key === params.get('defects'))?.key ?? 'overall';
  return { view, group: (view !== 'overall' && params.get('group')) || undefined };
}

export function defectsToSearch(params: URLSearchParams, next: DefectsView): string {
  const search = new URLSearchParams(params);
  if (next.view === 'overall') search.delete('defects');
  else search.set('defects', next.view);
  if (next.group) search.set('group', next.group);
  else search.delete('group');
  return `?${search.toString()}`;
}

const GROUPS = { firm: 'byFirm', notary: 'byNotary', process: 'byProcess' } as const;

/** The groups of a breakdown, most decisions first. */
export function groupsOf(stats: TeamStats, view: Exclude<DefectViewKey, 'overall'>): DefectGroup[] {
  return [...stats.defects[GROUPS[view]]].sort(
    (a, b) => b.decisions - a.decisions || a.key.localeCompare(b.key),
  );
}

/** The checks that fail most often first (by rate, then by count), those that never failed last. */
export const byFailures = (a: DefectRow, b: DefectRow) =>
  (b.rate ?? 0) - (a.rate ?? 0) ||
  b.failed - a.failed ||
  a.displayName.localeCompare(b.displayName);

/** The rows on screen for a view, and the group they belong to. */
export function defectRows(
  stats: TeamStats,
  current: DefectsView,
): { rows: DefectRow[]; group?: DefectGroup | undefined; groups: DefectGroup[] } {
  if (current.view === 'overall')
    return { rows: [...stats.defects.overall].sort(byFailures), groups: [] };
  const groups = groupsOf(stats, current.view);
  const group = groups.find((g) => g.key === current.group) ?? groups[0];
  return { rows: [...(group?.rows ?? [])].sort(byFailures), group, groups };
}
