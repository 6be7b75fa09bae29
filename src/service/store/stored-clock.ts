import { createClock, type Clock } from '../clock.ts';
import type { Db } from './db.ts';

/** The service clock, at the offset the store kept; every advance is written back first. */
export function storedClock(db: Db): Clock {
  const row = db.prepare('SELECT offset_ms FROM service_clock WHERE id = 1').get() as
    { offset_ms: number } | undefined;
  const save = db.prepare(
    `INSERT INTO service_clock (id, offset_ms) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms`,
  );
  return createClock({
    offsetMs: row?.offset_ms ?? 0,
    persist: (offsetMs) => {
      save.run(Math.round(offsetMs));
    },
  });
}
