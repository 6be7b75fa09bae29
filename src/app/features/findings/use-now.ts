import { useEffect, useState } from 'react';

/** Now, a minute at a time: due dates are said in days, so "overdue" comes on its own. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
