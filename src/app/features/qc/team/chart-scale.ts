// The chart's arithmetic, apart from its drawing so it can be tested without a browser.

/** Round gridline values from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten. */
export function ticks(max: number, wanted = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / wanted;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const whole = Math.max(1, step);
  const top = Math.ceil(max / whole) * whole;
  const values: number[] = [];
  for (let value = 0; value <= top; value += whole) values.push(value);
  return values;
}

/** Every how many days a label fits, labels at least `room` pixels apart. */
export function labelEvery(days: number, width: number, room = 56): number {
  if (days <= 0 || width <= 0) return 1;
  const fit = Math.max(1, Math.floor(width / room));
  const every = Math.ceil(days / fit);
  // Whole weeks read better than every 5th or 9th day once labels are sparse.
  return every <= 2 ? every : every <= 7 ? 7 : Math.ceil(every / 7) * 7;
}
