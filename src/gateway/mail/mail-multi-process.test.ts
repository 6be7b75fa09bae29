import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { findingChange } from '../../contract/testing/findings.ts';
import { openGatewayDatabase } from '../db/open.ts';
import { createFindingStore } from '../findings/store.ts';
import { onPostgres, testDatabase } from '../testing/database.ts';
import { startHarness, type Harness } from '../testing/harness.ts';
import { startInbox } from '../testing/smtp-inbox.ts';
import { createMailStore } from './store.ts';

// ADR 040 with ADR 023: two whole gateways on one PostgreSQL, each scanning for what is due
// and each sending, mail every reminder and escalation once. The findings and the people
// are put in the shared database by a third pool, as either gateway's own would be.

const DAY = 86_400_000;
const feed = { environment: 'production', owner: 'acme' } as const;

/** 12:00 UTC of the next Wednesday: a working day with working days around it. */
function nextWednesdayNoon(): number {
  let day = Math.floor(Date.now() / DAY) + 1;
  while (new Date(day * DAY).getUTCDay() !== 3) day += 1;
  return day * DAY + 12 * 3_600_000;
}

describe.runIf(onPostgres())('e-mail from two gateway processes on one PostgreSQL', () => {
  it('sends each reminder and each escalation once', async ({ service }) => {
    const database = testDatabase();
    if (!database) throw new Error('no PostgreSQL');
    const inbox = await startInbox();
    const noon = nextWednesdayNoon();
    const side = await openGatewayDatabase({ ...database, dataDir: null, log: () => undefined });
    const people = createMailStore(side.sql, 0, Date.now);
    await people.notePerson(feed, {
      id: 'u-nora',
      name: 'Nora Notary',
      email: 'nora@acme.example',
    });
    for (const id of ['u-alex', 'u-morgan']) {
      await people.notePerson(feed, { id, name: id, email: `${id}@acme.example`, manager: true });
    }
    // Five due on Thursday (a reminder each), five due the Friday before (overdue by three
    // business days: an escalation to each manager).
    const findings = createFindingStore(side.sql);
    for (let n = 0; n < 10; n += 1) {
      const due = n < 5 ? noon + DAY + 5 * 3_600_000 : noon - 5 * DAY;
      const { finding } = findingChange(n);
      await findings.add(feed, noon - 10 * DAY + n, [
        {
          ...finding,
          dueOn: new Date(due).toISOString(),
          responsible: { id: 'u-nora', name: 'Nora Notary' },
        },
      ]);
    }
    const mail = {
      smtpUrl: inbox.url,
      from: 'Attest QC <qc@acme.example>',
      clients: [],
      scanMs: 30,
      pollMs: 25,
    };
    const sessionKey = randomBytes(32);
    const started: Harness[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        // At noon from the start: a scan at the wall clock's time would owe other reminders
        // (on a Thursday, the overdue ones' "due tomorrow").
        const harness = await startHarness({
          upstream: service.url,
          database,
          sessionKey,
          mail,
          clockAt: noon,
        });
        started.push(harness);
      }
      await expect.poll(() => inbox.mails.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(15);
      // Many scans by both, and time for a second send to show if there were one.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(inbox.to('nora@acme.example').map((m) => m.subject?.split(':')[0])).toEqual(
        Array<string>(5).fill('Due tomorrow'),
      );
      expect(inbox.to('u-alex@acme.example')).toHaveLength(5);
      expect(inbox.to('u-morgan@acme.example')).toHaveLength(5);
      expect(inbox.mails).toHaveLength(15);
    } finally {
      for (const harness of started) await harness.close();
      await side.close();
      await inbox.close();
    }
  });
});
