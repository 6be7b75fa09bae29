import type { WeekRate } from '../../../../contract/findings.ts';
import { ChartFrame, ChartLegend, ChartSlot, useChartSize } from './chart-parts.tsx';
import { linePath, rateAxis, trendSummary, type Point } from './findings-figures.ts';
import { count, dayLabel, longDayLabel, percent } from './team-format.ts';

// Thirteen weeks of the defect rate and the critical defect rate, as two lines in plain SVG
// drawn in the page's pixels and colours (ui/tokens.css), as the daily chart is. Its
// accessible name says the trend in a sentence; the figures are also a table beside it
// (critical-section.tsx).

const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

const SERIES = [
  { key: 'defectRate', label: 'Defect rate', className: 'trend-chart__line--defect' },
  { key: 'criticalRate', label: 'Critical defect rate', className: 'trend-chart__line--critical' },
] as const;

export function TrendChart({ weeks }: { weeks: readonly WeekRate[] }) {
  const size = useChartSize(HEIGHT, PAD);
  const { inner } = size;
  const grid = rateAxis(weeks);
  const top = (grid.at(-1) ?? 100) / 100;
  const slot = weeks.length ? inner.w / weeks.length : 0;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const y = (rate: number) => PAD.top + inner.h - (rate / top) * inner.h;
  // Labels on every other week when they would touch.
  const every = slot < 48 ? 2 : 1;

  return (
    <ChartFrame
      className="trend-chart"
      size={size}
      label={trendSummary(weeks, dayLabel)}
      grid={grid.map((value) => ({ key: value, y: y(value / 100), label: <>{value}%</> }))}
      base={y(0)}
    >
      {weeks.map((week, i) => (
        <ChartSlot
          key={week.weekStart}
          size={size}
          index={i}
          slot={slot}
          title={
            `Week of ${longDayLabel(week.weekStart)}: ${count(week.decisions)} decisions, ` +
            `${percent(week.defectRate)} with a defect, ${percent(week.criticalRate)} critical`
          }
        >
          {(weeks.length - 1 - i) % every === 0 && (
            <text className="daily-chart__label" x={x(i)} y={HEIGHT - 8} textAnchor="middle">
              {dayLabel(week.weekStart)}
            </text>
          )}
        </ChartSlot>
      ))}
      {SERIES.map((series) => {
        const points: Point[] = weeks.map((week, i) => {
          const rate = week[series.key];
          return rate === null ? null : { x: x(i), y: y(rate) };
        });
        return (
          <g key={series.key} className={`trend-chart__line ${series.className}`}>
            <path d={linePath(points)} />
            {points.map(
              (point, i) =>
                point && <circle key={weeks[i]?.weekStart} cx={point.x} cy={point.y} r={3} />,
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** The key to the lines. */
export function TrendLegend() {
  return (
    <ChartLegend
      items={SERIES.map((series) => ({
        swatch: `trend-legend__swatch ${series.className}`,
        label: series.label,
      }))}
    />
  );
}
