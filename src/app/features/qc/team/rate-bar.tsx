import { percent } from './team-format.ts';
import { ticks } from './chart-scale.ts';
import './rate-bar.css';

/**
 * Where a set of rates' bars end: a round percentage just above the highest, so low rates
 * still show as bars people can compare; the column says the scale.
 */
export function barScale(rates: readonly (number | null)[]): number {
  const highest = Math.max(0, ...rates.map((r) => (r ?? 0) * 100));
  return Math.min(100, ticks(highest, 2).at(-1) ?? 100) / 100;
}

/** A rate as text with a bar beside it; the bar is a picture of the text, hidden from readers. */
export function RateBar({
  rate,
  scale,
  tone,
}: {
  rate: number | null;
  /** The rate a full bar stands for (barScale). */
  scale: number;
  tone: 'danger' | 'accent';
}) {
  const width = rate === null || scale <= 0 ? 0 : Math.min(100, (rate / scale) * 100);
  return (
    <span className="rate-bar">
      <span className="rate-bar__track" aria-hidden="true">
        <span className={`rate-bar__fill rate-bar__fill--${tone}`} style={{ width: `${width}%` }} />
      </span>
      <span className="rate-bar__value">{percent(rate)}</span>
    </span>
  );
}
