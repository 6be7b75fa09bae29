import { useQuery } from '@tanstack/react-query';
import { countQuery } from './finding-cache.ts';

/**
 * Beside "My findings": how many of the signed-in person's findings are open, in red when
 * some are overdue. Nothing while there are none, or the count cannot be read.
 */
export function FindingsNavBadge() {
  const { data } = useQuery(countQuery());
  if (!data || data.open === 0) return null;
  const label = `${data.open} open${data.overdue ? `, ${data.overdue} overdue` : ''}`;
  return (
    <span
      className={`nav-count${data.overdue ? ' nav-count--overdue' : ''}`}
      data-testid="findings-badge"
    >
      <span aria-hidden="true">{data.open}</span>
      <span className="visually-hidden">, {label}</span>
    </span>
  );
}
