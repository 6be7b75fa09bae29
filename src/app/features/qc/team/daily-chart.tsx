import type { TeamStats } from '../../../../contract/qc-management.ts';
import { ChartFrame, ChartLegend, ChartSlot, useChartSize } from './chart-parts.tsx';
import { labelEvery, ticks } from './chart-scale.ts';
import { count, dayLabel, longDayLabel } from './team-format.ts';

// Decisions per day as stacked bars (approved below, rejected above), in plain SVG drawn in
// the page's pixels and colours (ui/tokens.css), so it follows the theme. The figures are also
// a table (daily-section.tsx): the picture is for looking, the table for reading.

type Day = TeamStats['daily'][number];

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

export function DailyChart({ days, label }: { days: readonly Day[]; label: string }) {
  const size = useChartSize(HEIGHT, PAD);
  const { inner } = size;
  const grid = ticks(Math.max(0, ...days.map((d) => d.approved + d.rejected)));
  const top = grid.at(-1) ?? 1;
  const y = (value: number) => PAD.top + inner.h - (value / top) * inner.h;
  const slot = days.length ? inner.w / days.length : 0;
  const bar = Math.max(1, Math.min(28, slot * 0.72));
  const every = labelEvery(days.length, inner.w);

  return (
    <ChartFrame
      className="daily-chart"
      size={size}
      label={label}
      grid={grid.map((value) => ({ key: value, y: y(value), label: count(value) }))}
      base={y(0)}
    >
      {days.map((day, i) => {
        const x = PAD.left + i * slot + (slot - bar) / 2;
        const total = day.approved + day.rejected;
        return (
          <ChartSlot
            key={day.date}
            size={size}
            index={i}
            slot={slot}
            title={`${longDayLabel(day.date)}: ${count(day.approved)} approved, ${count(day.rejected)} rejected`}
          >
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
          </ChartSlot>
        );
      })}
    </ChartFrame>
  );
}

/** The key to the chart's colours. */
export function DailyLegend() {
  return (
    <ChartLegend
      items={[
        { swatch: 'chart-legend__swatch chart-legend__swatch--approved', label: 'Approved' },
        { swatch: 'chart-legend__swatch chart-legend__swatch--rejected', label: 'Rejected' },
      ]}
    />
  );
}
