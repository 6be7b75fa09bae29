import { useNow } from '../../ui/use-now.ts';

/**
 * "in 25 s", "in 4 min", "now": how long until a message's next attempt (a notice's, an
 * e-mail's), kept current by the second.
 */
export function Countdown({ at }: { at: string }) {
  const now = useNow(1_000);
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  if (seconds <= 0) return <>now</>;
  if (seconds < 90) return <>in {seconds} s</>;
  if (seconds < 90 * 60) return <>in {Math.round(seconds / 60)} min</>;
  return <>in {Math.round(seconds / 3600)} h</>;
}
