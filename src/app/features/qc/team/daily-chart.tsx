import type { TeamStats } from '../../../../contract/qc-management.ts';
import { labelEvery, ticks } from './chart-scale.ts';
import { count, dayLabel, longDayLabel } from './team-format.ts';
import { useWidth } from './use-width.ts';

// Decisions per day as stacked bars (approved below, rejected above), in plain SVG drawn in
// the page's pixels and colours (ui/tokens.css), so it follows the theme. The figures are also
// a table (daily-section.tsx): the picture is for looking, the table for reading.

type Day = TeamStats['daily'][number];

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

export function DailyChart({ days, label }: { days: readonly Day[]; label: string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const inner = { w: Math.max(0, width - PAD.left - PAD.right), h: HEIGHT - PAD.top - PAD.bottom };
  const grid = ticks(Math.max(0, ...days.map((d) => d.approved + d.rejected)));
  const top = grid.at(-1) ?? 1;
  const y = (value: number) => PAD.top + inner.h - (value / top) * inner.h;
  const slot = days.length ? inner.w / days.length : 0;
  const bar = Math.max(1, Math.min(28, slot * 0.72));
  const every = labelEvery(days.length, inner.w);

  return (
    <div className="daily-chart" ref={ref}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          {grid.map((value) => (
            <g key={value} className="daily-chart__grid">
              <line x1={PAD.left} x2={width - PAD.right} y1={y(value)} y2={y(value)} />
              <text x={PAD.left - 8} y={y(value)} dy="0.32em" textAnchor="end">
                {count(value)}
              </text>
            </g>
          ))}
          {days.map((day, i) => {
            const x = PAD.left + i * slot + (slot - bar) / 2;
            const total = day.approved + day.rejected;
            return (
              <g key={day.date} className="daily-chart__day">
                <title>
                  {`${longDayLabel(day.date)}: ${count(day.approved)} approved, ${count(day.rejected)} rejected`}
                </title>
                <rect
                  className="daily-chart__hit"
                  x={PAD.left + i * slot}
                  y={PAD.top}
                  width={slot}
                  height={inner.h}
                />
                {day.approved > 0 && (
                  <rect
                    className="daily-chart__approved"
                    x={x}
                    y={y(day.approved)}
                    width={bar}
                    height={y(0) - y(day.approved)}
                    rx={Math.min(2, bar / 4)}
                  />
                )}
                {day.rejected > 0 && (
                  <rect
                    className="daily-chart__rejected"
                    x={x}
                    y={y(total)}
                    width={bar}
                    height={y(day.approved) - y(total)}
                    rx={Math.min(2, bar / 4)}
                  />
                )}
                {(days.length - 1 - i) % every === 0 && (
                  <text
                    className="daily-chart__label"
                    x={PAD.left + i * slot + slot / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                  >
                    {dayLabel(day.date)}
                  </text>
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

/** The key to the chart's colours. */
export function ChartLegend() {
  return (
    <ul className="chart-legend" aria-hidden="true">
      <li>
        <span className="chart-legend__swatch chart-legend__swatch--approved" />
        Approved
      </li>
      <li>
        <span className="chart-legend__swatch chart-legend__swatch--rejected" />
        Rejected
      </li>
    </ul>
  );
}
