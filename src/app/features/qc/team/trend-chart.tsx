import type { WeekRate } from '../../../../contract/findings.ts';
import { linePath, rateAxis, trendSummary, type Point } from './findings-figures.ts';
import { count, dayLabel, longDayLabel, percent } from './team-format.ts';
import { useWidth } from './use-width.ts';

// Thirteen weeks of the defect rate and the critical defect rate, as two lines in plain SVG
// drawn in the page's pixels and colours (ui/tokens.css), as the daily chart is. Its
// accessible name says the trend in a sentence; the figures are also a table beside it
// (findings-section.tsx).

const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

const SERIES = [
  { key: 'defectRate', label: 'Defect rate', className: 'trend-chart__line--defect' },
  { key: 'criticalRate', label: 'Critical defect rate', className: 'trend-chart__line--critical' },
] as const;

export function TrendChart({ weeks }: { weeks: readonly WeekRate[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const inner = { w: Math.max(0, width - PAD.left - PAD.right), h: HEIGHT - PAD.top - PAD.bottom };
  const grid = rateAxis(weeks);
  const top = (grid.at(-1) ?? 100) / 100;
  const slot = weeks.length ? inner.w / weeks.length : 0;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const y = (rate: number) => PAD.top + inner.h - (rate / top) * inner.h;
  // Labels on every other week when they would touch.
  const every = slot < 48 ? 2 : 1;

  return (
    <div className="trend-chart" ref={ref}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={trendSummary(weeks, dayLabel)}>
          {grid.map((value) => (
            <g key={value} className="daily-chart__grid">
              <line x1={PAD.left} x2={width - PAD.right} y1={y(value / 100)} y2={y(value / 100)} />
              <text x={PAD.left - 8} y={y(value / 100)} dy="0.32em" textAnchor="end">
                {value}%
              </text>
            </g>
          ))}
          {weeks.map((week, i) => (
            <g key={week.weekStart} className="daily-chart__day">
              <title>
                {`Week of ${longDayLabel(week.weekStart)}: ${count(week.decisions)} decisions, ` +
                  `${percent(week.defectRate)} with a defect, ${percent(week.criticalRate)} critical`}
              </title>
              <rect
                className="daily-chart__hit"
                x={PAD.left + i * slot}
                y={PAD.top}
                width={slot}
                height={inner.h}
              />
              {(weeks.length - 1 - i) % every === 0 && (
                <text className="daily-chart__label" x={x(i)} y={HEIGHT - 8} textAnchor="middle">
                  {dayLabel(week.weekStart)}
                </text>
              )}
            </g>
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
          <line
            className="daily-chart__axis"
            x1={PAD.left}
            x2={width - PAD.right}
            y1={y(0)}
            y2={y(0)}
          />
        </svg>
      )}
    </div>
  );
}

/** The key to the lines. */
export function TrendLegend() {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {SERIES.map((series) => (
        <li key={series.key}>
          <span className={`trend-legend__swatch ${series.className}`} />
          {series.label}
        </li>
      ))}
    </ul>
  );
}
