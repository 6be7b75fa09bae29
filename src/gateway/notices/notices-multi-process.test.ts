import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { NoticeListSchema } from '../../contract/notices.ts';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { openGatewayDatabase } from '../db/open.ts';
import { onPostgres, testDatabase } from '../testing/database.ts';
import { signedIn } from '../testing/fixtures.ts';
import { startHarness, type Harness } from '../testing/harness.ts';
import { findingChange } from '../../contract/testing/findings.ts';
import { startNoticeReceiver } from '../testing/notices.ts';
import { createNotices } from './sender.ts';

// ADR 030 with ADR 023: two whole gateways on one PostgreSQL, each running its sender loop,
// deliver every notice once. The notices are put in the shared database by a third pool, as
// the findings of either gateway would.

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

describe.runIf(onPostgres())('notices from two gateway processes on one PostgreSQL', () => {
  it('delivers each notice once, and both processes list them alike', async ({ service }) => {
    const database = testDatabase();
    if (!database) throw new Error('no PostgreSQL');
    // The first POST of every fifth finding is refused (503), so it is tried again.
    const refused = new Set<string>();
    const receiver = await startNoticeReceiver(SECRET, (_, received) => {
      const finding = (received.notice?.data.finding as { id: string } | undefined)?.id ?? '';
      if (Number(finding.replace('finding-', '')) % 5 !== 0 || refused.has(finding)) return 204;
      refused.add(finding);
      return 503;
    });
    const settings = { url: receiver.url, secrets: [SECRET], retryBaseMs: 50, pollMs: 25 };
    const sessionKey = randomBytes(32);
    const started: Harness[] = [];
    const side = await openGatewayDatabase({ ...database, dataDir: null, log: () => undefined });
    try {
      for (let i = 0; i < 2; i += 1) {
        started.push(
          await startHarness({ upstream: service.url, database, sessionKey, notices: settings }),
        );
      }
      const outbox = createNotices(side.sql, settings, Date.now);
      const ids: string[] = [];
      for (let n = 0; n < 40; n += 1) {
        const feed = { environment: 'production', owner: 'acme' } as const;
        ids.push((await outbox.enqueue(feed, 'finding.raised', findingChange(n))) ?? '');
      }
      // 40 notices, 8 of them twice.
      await receiver.waitFor(48, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.received).toHaveLength(48);
      const times = new Map<string, number>();
      for (const { id } of receiver.received) times.set(id, (times.get(id) ?? 0) + 1);
      expect([...times.keys()].sort()).toEqual([...ids].sort());
      expect([...times.values()].filter((count) => count === 2)).toHaveLength(8);
      expect(receiver.received.every((r) => r.verified)).toBe(true);

      const [a, b] = started as [Harness, Harness];
      const viaA = await signedIn(a, 'acme-admin');
      const viaB = b.browser();
      viaB.cookie = viaA.cookie;
      const listed = async (browser: typeof viaA) =>
        NoticeListSchema.parse((await browser.request('GET', '/team/notices?limit=100')).body);
      // The last answers are recorded a moment after the receiver has them.
      await expect
        .poll(async () => (await listed(viaA)).notices.every((n) => n.state === 'sent'))
        .toBe(true);
      expect(await listed(viaA)).toEqual(await listed(viaB));
    } finally {
      for (const harness of started) await harness.close();
      await side.close();
      await receiver.close();
    }
  });
});
