import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage } from './bus.ts';
import { NOTIFY_LIMIT } from './bus.ts';
import { openGatewayDatabase, type GatewayDatabase } from './open.ts';
import { onPostgres, testDatabase } from '../testing/database.ts';

const opened: GatewayDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/** Two processes' databases on one schema, as two gateways of one team have. */
async function twoProcesses() {
  const database = testDatabase();
  if (!database) throw new Error('no PostgreSQL');
  const open = async () => {
    const db = await openGatewayDatabase({ dataDir: null, ...database, log: () => undefined });
    opened.push(db);
    return db;
  };
  return [await open(), await open()] as const;
}

function heard(db: GatewayDatabase, count: number): Promise<BusMessage[]> {
  const messages: BusMessage[] = [];
  return new Promise((resolve) => {
    db.bus.onMessage((message) => {
      messages.push(message);
      if (messages.length === count) resolve(messages);
    });
  });
}

const notice = (data: string): BusMessage => ({
  kind: 'notify',
  environment: 'production',
  owner: 'acme',
  type: 'qc-queue',
  data,
});

describe.runIf(onPostgres())('the bus between gateway processes', () => {
  it('carries a message past NOTIFY’s 8000 bytes whole, in the order it was sent', async () => {
    const [a, b] = await twoProcesses();
    const large = JSON.stringify({ note: 'é'.repeat(NOTIFY_LIMIT) });
    const sent = [notice('"before"'), notice(large), notice('"after"')];
    const arriving = heard(b, sent.length);
    for (const message of sent) a.bus.send(message);
    expect(await arriving).toEqual(sent);
    // It was kept for the listeners, not left for good: it goes once it has aged.
    const stored = await b.sql.all<{ payload: string }>('SELECT payload FROM bus_messages');
    expect(stored).toHaveLength(1);
  });
});
