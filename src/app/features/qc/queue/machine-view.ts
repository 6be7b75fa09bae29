import type { CheckSummary } from '../../../../contract/checks.ts';

// The machine's first read in the queue (ADR 042): a row's counts, and the filter and sort
// over them. Both work on the rows loaded so far (the service pages the queue and knows
// nothing of the machine), and live in the URL beside the queue's view (queue-view.ts):
// `machine=flagged` keeps the flagged rows only, `sort=flagged` puts the most flagged first.

export interface MachineView {
  /** Only rows the machine failed or was unsure of, of those loaded. */
  flaggedOnly: boolean;
  /** The most failed items first, then the most unsure, of those loaded. */
  mostFlagged: boolean;
}

export const NO_MACHINE_VIEW: MachineView = { flaggedOnly: false, mostFlagged: false };

/** The machine's view a URL's search names; only the pending queue has one. */
export function machineViewOf(params: URLSearchParams): MachineView {
  if ((params.get('status') ?? 'pending') !== 'pending') return NO_MACHINE_VIEW;
  return {
    flaggedOnly: params.get('machine') === 'flagged',
    mostFlagged: params.get('sort') === 'flagged',
  };
}

/** `search` (no `?`, as filtersToSearch writes it) with the machine's view after it. */
export function withMachineView(search: string, view: MachineView): string {
  const params = new URLSearchParams(search);
  params.delete('machine');
  params.delete('sort');
  if ((params.get('status') ?? 'pending') === 'pending') {
    if (view.flaggedOnly) params.set('machine', 'flagged');
    if (view.mostFlagged) params.set('sort', 'flagged');
  }
  return params.toString();
}

export const machineViewOn = (view: MachineView) => view.flaggedOnly || view.mostFlagged;

/** The summaries by request id, as the gateway keys them (lower case). */
export type Summaries = ReadonlyMap<string, CheckSummary>;
export const summaryOf = (summaries: Summaries, id: string) => summaries.get(id.toLowerCase());

/** Items the machine failed or was unsure of; 0 until it has read the document. */
export const flaggedCount = (summary: CheckSummary | undefined) =>
  summary?.state === 'checked' ? summary.failed + summary.unsure : 0;

/** Flagged rows first (most failed, then most unsure), then those not read yet, then clear. */
function rank(summary: CheckSummary | undefined): readonly [number, number, number] {
  if (summary?.state !== 'checked') return [1, 0, 0];
  return flaggedCount(summary) > 0 ? [0, -summary.failed, -summary.unsure] : [2, 0, 0];
}

/** The rows loaded, narrowed and ordered as the machine's view says; else as they are. */
export function machineRows<T extends { id: string }>(
  items: T[],
  summaries: Summaries,
  view: MachineView,
): T[] {
  if (!machineViewOn(view)) return items;
  const rows = view.flaggedOnly
    ? items.filter((item) => flaggedCount(summaryOf(summaries, item.id)) > 0)
    : [...items];
  if (!view.mostFlagged) return rows;
  const ranked = rows.map((item) => ({ item, rank: rank(summaryOf(summaries, item.id)) }));
  // Stable: rows that rank alike keep the queue's own order (oldest or newest first).
  ranked.sort(({ rank: x }, { rank: y }) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  return ranked.map(({ item }) => item);
}

/** How many of the rows loaded the machine has still to read (or was never asked about). */
export const unreadCount = (items: readonly { id: string }[], summaries: Summaries) =>
  items.filter((item) => summaryOf(summaries, item.id)?.state !== 'checked').length;

/** What a row's badge says, or nothing (no item bound to a check, or not asked yet). */
export type MachineBadge =
  | { kind: 'reading' }
  | { kind: 'clear'; passed: number }
  | { kind: 'flagged'; failed: number; unsure: number };

export function machineBadge(summary: CheckSummary | undefined): MachineBadge | undefined {
  if (!summary) return undefined;
  if (summary.state === 'waiting') return { kind: 'reading' };
  if (summary.failed + summary.unsure > 0) {
    return { kind: 'flagged', failed: summary.failed, unsure: summary.unsure };
  }
  return summary.passed > 0 ? { kind: 'clear', passed: summary.passed } : undefined;
}

/** The badge in words, for the row's description and its tooltip. */
export function machineBadgeWords(badge: MachineBadge): string {
  if (badge.kind === 'reading') return 'The machine is still reading the document.';
  if (badge.kind === 'clear') {
    return `The machine passed ${plural(badge.passed, 'check')}: nothing flagged.`;
  }
  const parts = [
    badge.failed > 0 && `failed ${plural(badge.failed, 'check')}`,
    badge.unsure > 0 && `was unsure of ${plural(badge.unsure, 'check')}`,
  ].filter(Boolean);
  return `The machine ${parts.join(' and ')}.`;
}

export const plural = (n: number, word: string) =>
  `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
