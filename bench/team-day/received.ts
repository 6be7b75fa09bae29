import { benchClient } from './bench-db.ts';

// The gateway keeps the newest 2,000 verified deliveries per feed (event-log.ts), and a day
// receives more: its received events are read as they come, every 2 s, straight from
// PostgreSQL, so each delivery's rows are counted before the log lets the oldest go. Rows are
// read again a little way back, as a transaction that took an earlier seq may commit later.

export function watchReceived(databaseUrl: string) {
  const rows = new Map<string, Set<string>>();
  const client = benchClient(databaseUrl);
  const connected = client.connect();
  let last = 0;
  const poll = async () => {
    await connected;
    const { rows: fresh } = await client.query<{ seq: string; hook_id: string }>(
      `SELECT seq, hook_id FROM received_events
       WHERE verified = 1 AND owner = 'acme' AND seq > $1 ORDER BY seq`,
      [Math.max(0, last - 500)],
    );
    for (const row of fresh) {
      rows.set(row.hook_id, (rows.get(row.hook_id) ?? new Set()).add(row.seq));
      last = Math.max(last, Number(row.seq));
    }
  };
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(poll).catch(() => undefined);
  }, 2_000);
  return {
    /** Rows kept per hook-id over the day, once the last poll has run. */
    async counts(): Promise<Map<string, number>> {
      clearInterval(timer);
      await polling;
      await poll();
      await client.end();
      return new Map([...rows].map(([id, seqs]) => [id, seqs.size]));
    },
  };
}
