import type { ReactNode } from 'react';
import { useWidth } from './use-width.ts';
import './charts.css';

// What the team view's charts (daily-chart.tsx, trend-chart.tsx) draw alike, in plain SVG in
// the page's pixels and colours: the frame they measure, the horizontal grid with its labels,
// the base line, and the key to the colours (categories-section.tsx's too).

export interface ChartPad {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A chart's size: its frame's width as laid out (`ref` on the frame) and the plot's inside it. */
export function useChartSize(height: number, pad: ChartPad) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const inner = { w: Math.max(0, width - pad.left - pad.right), h: height - pad.top - pad.bottom };
  return { ref, width, height, pad, inner };
}

/**
 * A chart in its frame (.chart-frame, and `className`), drawn once its width is known: the grid lines, each
 * labelled at its left, then the marks (`children`), then the base line at `base`.
 */
export function ChartFrame({
  className,
  size,
  label,
  grid,
  base,
  children,
}: {
  className: string;
  size: ReturnType<typeof useChartSize>;
  label: string;
  grid: readonly { key: number; y: number; label: ReactNode }[];
  base: number;
  children: ReactNode;
}) {
  const { ref, width, height, pad } = size;
  return (
    <div className={`chart-frame ${className}`} ref={ref}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={label}>
          {grid.map((line) => (
            <g key={line.key} className="daily-chart__grid">
              <line x1={pad.left} x2={width - pad.right} y1={line.y} y2={line.y} />
              <text x={pad.left - 8} y={line.y} dy="0.32em" textAnchor="end">
                {line.label}
              </text>
            </g>
          ))}
          {children}
          <line
            className="daily-chart__axis"
            x1={pad.left}
            x2={width - pad.right}
            y1={base}
            y2={base}
          />
        </svg>
      )}
    </div>
  );
}

/**
 * One slot of a chart (a day, a week): its title, shown on hover over the whole height of the
 * plot, then its marks (`children`).
 */
export function ChartSlot({
  size,
  index,
  slot,
  title,
  children,
}: {
  size: ReturnType<typeof useChartSize>;
  index: number;
  /** The width of a slot. */
  slot: number;
  title: string;
  children: ReactNode;
}) {
  const { pad, inner } = size;
  return (
    <g className="daily-chart__day">
      <title>{title}</title>
      <rect
        className="daily-chart__hit"
        x={pad.left + index * slot}
        y={pad.top}
        width={slot}
        height={inner.h}
      />
      {children}
    </g>
  );
}

/** The key to a chart's colours: each item's swatch (its class) and name. */
export function ChartLegend({
  items,
  className = 'chart-legend',
}: {
  items: readonly { swatch: string; label: string }[];
  className?: string;
}) {
  return (
    <ul className={className} aria-hidden="true">
      {items.map((item) => (
        <li key={item.label}>
          <span className={item.swatch} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
