import { timeline, type FaultWindow } from './figures.ts';
import type { Plan } from './plan.ts';
import type { DayRecord } from './record.ts';
import type { Samples } from './sampler.ts';

// The day drawn: decisions per minute, the p95 of every action, and each process's memory,
// over the same time axis, with the faults shaded across all three. Plain SVG, no library.

const WIDTH = 960;
const PANEL = 170;
const LEFT = 70;
const RIGHT = 150;
const TOP = 30;
const GAP = 40;
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function dayChart(
  record: DayRecord,
  samples: Samples,
  windows: FaultWindow[],
  plan: Plan,
): string {
  const line = timeline(record, samples, plan);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (t: number) => LEFT + (t / plan.durationMs) * plotWidth;
  const parts: string[] = [];

  const panel = (
    index: number,
    title: string,
    unit: string,
    series: { name: string; points: [number, number][] }[],
  ) => {
    const top = TOP + index * (PANEL + GAP);
    const values = series.flatMap((s) => s.points.map(([, v]) => v)).filter(Number.isFinite);
    const max = Math.max(1, ...values) * 1.1;
    const y = (v: number) => top + PANEL - (v / max) * PANEL;
    parts.push(
      `<text x="${LEFT}" y="${top - 8}" font-weight="bold">${escape(title)}</text>`,
      `<rect x="${LEFT}" y="${top}" width="${plotWidth}" height="${PANEL}" fill="none" stroke="#999"/>`,
      `<text x="${LEFT - 6}" y="${top + 4}" text-anchor="end">${max.toFixed(0)}</text>`,
      `<text x="${LEFT - 6}" y="${top + PANEL}" text-anchor="end">0 ${unit}</text>`,
    );
    series.forEach((s, i) => {
      const colour = COLOURS[i % COLOURS.length];
      const d = s.points
        .filter(([, v]) => Number.isFinite(v))
        .map(([t, v], j) => `${j === 0 ? 'M' : 'L'}${x(t).toFixed(1)},${y(v).toFixed(1)}`)
        .join(' ');
      parts.push(
        `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.5"/>`,
        `<text x="${WIDTH - RIGHT + 8}" y="${top + 14 + i * 16}" fill="${colour}">${escape(s.name)}</text>`,
      );
    });
  };

  const mid = (i: number) => (i + 0.5) * line.width;
  panel(0, 'Decisions per minute', '/min', [
    { name: 'decisions', points: line.decisionsPerMinute.map((v, i) => [mid(i), v]) },
  ]);
  panel(1, 'p95 of every action', 'ms', [
    { name: 'p95', points: line.p95.map((v, i) => [mid(i), v]) },
  ]);
  const names = [...new Set(line.memory.map((s) => s.name))];
  panel(
    2,
    'Resident memory',
    'MB',
    names.map((name) => ({
      name,
      points: line.memory.filter((s) => s.name === name).map((s) => [s.t, s.rssMb]),
    })),
  );

  const bottom = TOP + 3 * PANEL + 2 * GAP;
  const bands = windows.map(
    (w) =>
      `<rect x="${x(w.from).toFixed(1)}" y="${TOP}" width="${Math.max(2, x(w.to) - x(w.from)).toFixed(1)}" height="${bottom - TOP}" fill="#d62728" opacity="0.15"/>` +
      `<text x="${x(w.from).toFixed(1)}" y="${bottom + 14}" fill="#d62728">${escape(w.name)}</text>`,
  );
  const ticks = Array.from({ length: 11 }, (_, i) => {
    const t = (plan.durationMs * i) / 10;
    return `<text x="${x(t).toFixed(1)}" y="${bottom + 30}" text-anchor="middle">${(t / 60_000).toFixed(plan.minutes < 10 ? 1 : 0)}</text>`;
  });
  const height = bottom + 50;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    ...bands,
    ...parts,
    ...ticks,
    `<text x="${LEFT + plotWidth / 2}" y="${height - 4}" text-anchor="middle">minutes of the day</text>`,
    '</svg>',
    '',
  ].join('\n');
}
