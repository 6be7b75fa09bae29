import type { DefectRate, FindingFigures, WeekRate } from '../../../../contract/findings.ts';
import { ticks } from './chart-scale.ts';

// The findings' figures (ADR 029) as the team view shows them: which breakdown of the rates
// is on screen (in the URL beside the range, `?rates=firm`), and the trend chart's arithmetic,
// apart from its drawing so it can be tested without a browser.

export const RATE_VIEWS = [
  { key: 'process', label: 'By process', noun: 'Process', field: 'byProcess' },
  { key: 'firm', label: 'By firm', noun: 'Firm', field: 'byFirm' },
  { key: 'notary', label: 'By notary', noun: 'Notary', field: 'byNotary' },
  { key: 'reviewer', label: 'By reviewer', noun: 'Reviewer', field: 'byReviewer' },
] as const;
export type RateViewKey = (typeof RATE_VIEWS)[number]['key'];

export function rateViewFromSearch(params: URLSearchParams): RateViewKey {
  return RATE_VIEWS.find((v) => v.key === params.get('rates'))?.key ?? 'process';
}

/** The search (with `?`) that shows `view`, the rest of the URL (the range) kept. */
export function rateViewToSearch(params: URLSearchParams, view: RateViewKey): string {
  const search = new URLSearchParams(params);
  if (view === 'process') search.delete('rates');
  else search.set('rates', view);
  return `?${search.toString()}`;
}

/** A breakdown's rows, the worst critical rate first, then the most decisions. */
export function rateRows(figures: FindingFigures, view: RateViewKey): DefectRate[] {
  const field = RATE_VIEWS.find((v) => v.key === view)?.field ?? 'byProcess';
  return [...figures[field]].sort(
    (a, b) =>
      (b.criticalRate ?? -1) - (a.criticalRate ?? -1) ||
      (b.defectRate ?? -1) - (a.defectRate ?? -1) ||
      b.decisions - a.decisions ||
      a.key.localeCompare(b.key),
  );
}

/**
 * Where the trend's rate axis ends, in percent: a round number just above the highest rate
 * of the weeks, never under 10 % (a quiet quarter would otherwise magnify one defect into a
 * cliff), never over 100 %.
 */
export function rateAxis(weeks: readonly Pick<WeekRate, 'defectRate' | 'criticalRate'>[]) {
  const highest = Math.max(0, ...weeks.flatMap((w) => [w.defectRate ?? 0, w.criticalRate ?? 0]));
  return ticks(Math.min(100, Math.max(10, highest * 100)), 4);
}

/** A point of a line, or a gap where a week had no decisions (no rate). */
export type Point = { x: number; y: number } | null;

/**
 * An SVG path through the points, lifted at gaps: a week without decisions is no 0 % week.
 * A point alone between gaps is drawn as a dot by the chart, not here.
 */
export function linePath(points: readonly Point[]): string {
  let path = '';
  let pen = false;
  for (const point of points) {
    if (!point) {
      pen = false;
      continue;
    }
    path += `${pen ? 'L' : 'M'}${round(point.x)} ${round(point.y)}`;
    pen = true;
  }
  return path;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The weeks' rates as a sentence, for the chart's accessible description. */
export function trendSummary(weeks: readonly WeekRate[], weekLabel: (day: string) => string) {
  const decided = weeks.filter((w) => w.decisions > 0);
  const first = decided[0];
  const last = decided.at(-1);
  if (!first || !last) return 'No decisions in the 13 weeks shown.';
  const pct = (rate: number | null) =>
    rate === null ? 'none' : `${Math.round(rate * 1000) / 10}%`;
  const worst = decided.reduce((a, b) => ((b.criticalRate ?? 0) > (a.criticalRate ?? 0) ? b : a));
  return (
    `Weekly defect and critical defect rates over 13 weeks. The week of ${weekLabel(first.weekStart)}: ` +
    `${pct(first.defectRate)} with a defect, ${pct(first.criticalRate)} critical. ` +
    `The week of ${weekLabel(last.weekStart)}: ${pct(last.defectRate)} with a defect, ` +
    `${pct(last.criticalRate)} critical. The highest critical rate was ${pct(worst.criticalRate)}, ` +
    `in the week of ${weekLabel(worst.weekStart)}.`
  );
}
