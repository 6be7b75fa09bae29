import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { NoticeListSchema, NoticeSchema, type NoticeList } from '../../contract/notices.ts';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { openGatewayDatabase } from '../db/open.ts';
import type { Feed } from '../events/event-log.ts';
import { testDatabase } from '../testing/database.ts';
import { signedIn } from '../testing/fixtures.ts';
import { expectMessage, startHarness, type Browser, type Harness } from '../testing/harness.ts';
import { findingChange } from '../../contract/testing/findings.ts';
import { startNoticeReceiver, type NoticeReceiver } from '../testing/notices.ts';
import { createNotices } from './sender.ts';

// GET /team/notices and POST /team/notices/{id}/redeliver (ADR 030) through a whole gateway
// in front of the reference service: QC managers only, their own feed only, and a redelivery
// that reaches the endpoint again with the same webhook-id. Notices are put in the gateway's
// database before it starts, as the findings would put them there (they are not built yet).

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ACME: Feed = { environment: 'production', owner: 'acme' };
const GLOBEX: Feed = { environment: 'production', owner: 'globex' };

let dataDir: string;
let receiver: NoticeReceiver;
let gateway: Harness;
let acmeNotice: string;
let globexNotice: string;

const list = async (browser: Browser, query = ''): Promise<NoticeList> => {
  const answer = await browser.request('GET', `/team/notices${query}`);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return NoticeListSchema.parse(answer.body);
};

describe('/team/notices', () => {
  it.beforeAll(async ({ service }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'attest-notice-routes-'));
    receiver = await startNoticeReceiver(SECRET);
    const settings = { url: `${receiver.url}/secret-path`, secrets: [SECRET], pollMs: 50 };
    const db = await openGatewayDatabase({
      dataDir,
      ...testDatabase(dataDir),
      log: () => undefined,
    });
    const outbox = createNotices(db.sql, settings, Date.now);
    acmeNotice = (await outbox.enqueue(ACME, 'finding.raised', findingChange(1))) ?? '';
    globexNotice = (await outbox.enqueue(GLOBEX, 'finding.raised', findingChange(2))) ?? '';
    await db.close();
    gateway = await startHarness({ upstream: service.url, dataDir, notices: settings });
    await receiver.waitFor(2);
  });
  it.afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the feed’s notices for a QC manager, with their attempts', async () => {
    const alex = await signedIn(gateway, 'acme-admin');
    await expect.poll(async () => (await list(alex)).notices[0]?.state).toBe('sent');
    const answer = await list(alex);
    // The origin only: a chat's incoming webhook keeps its secret in the path.
    expect(answer).toMatchObject({ configured: true, endpoint: new URL(receiver.url).origin });
    expect(JSON.stringify(answer)).not.toContain('secret-path');
    expect(answer.notices).toHaveLength(1);
    expect(answer.notices[0]).toMatchObject({
      id: acmeNotice,
      type: 'finding.raised',
      state: 'sent',
      round: 1,
      attemptCount: 1,
      payload: findingChange(1),
      attempts: [{ round: 1, attempt: 1, statusCode: 204, error: null }],
    });
    expect(answer.next).toBeUndefined();

    const gwen = await signedIn(gateway, 'globex-admin');
    expect((await list(gwen)).notices.map((n) => n.id)).toEqual([globexNotice]);
  });

  it('refuses a browser without a session (401) and anyone but a QC manager (403)', async () => {
    const sent = receiver.received.length;
    const anonymous = gateway.browser();
    expectMessage(await anonymous.request('GET', '/team/notices'), 401, /sign in/);
    expectMessage(
      await anonymous.request('POST', `/team/notices/${acmeNotice}/redeliver`),
      401,
      /sign in/,
    );
    for (const clientId of ['acme-reviewer', 'acme-notary']) {
      const browser = await signedIn(gateway, clientId);
      expectMessage(await browser.request('GET', '/team/notices'), 403, /managers/);
      expectMessage(
        await browser.request('POST', `/team/notices/${acmeNotice}/redeliver`),
        403,
        /managers/,
      );
    }
    // Read back: nothing was sent again, and the notice is as it was.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(sent);
    const alex = await signedIn(gateway, 'acme-admin');
    expect((await list(alex)).notices[0]).toMatchObject({ round: 1, attemptCount: 1 });
  });

  it('answers 404 for an unknown id, another feed’s notice or no id at all', async () => {
    const sent = receiver.received.length;
    const alex = await signedIn(gateway, 'acme-admin');
    for (const id of ['msg_unknown', globexNotice, 'not-a-notice-id', '%20']) {
      expectMessage(await alex.request('POST', `/team/notices/${id}/redeliver`), 404, /no notice/);
    }
    expectMessage(await alex.request('GET', '/team/notices?limit=0'), 400, /limit/);
    expectMessage(await alex.request('GET', '/team/notices?limit=101'), 400, /limit/);
    expectMessage(await alex.request('GET', '/team/notices?cursor=abc'), 400, /cursor/);
    expectMessage(await alex.request('GET', '/team/notices?state=sent'), 400, /state/);
    const gwen = await signedIn(gateway, 'globex-admin');
    expect((await list(gwen)).notices[0]).toMatchObject({ id: globexNotice, round: 1 });
    expect(receiver.received).toHaveLength(sent);
  });

  it('redelivers with the same webhook-id, in a fresh round', async () => {
    const alex = await signedIn(gateway, 'acme-admin');
    const before = receiver.received.length;
    const answer = await alex.request('POST', `/team/notices/${acmeNotice}/redeliver`);
    expect(answer.status, answer.text).toBe(202);
    const redelivered = NoticeSchema.parse(answer.body);
    expect(redelivered).toMatchObject({ id: acmeNotice, round: 2 });
    // The answer is read back after the round is opened; the sending loop, polling, may
    // have tried it already by then.
    expect(redelivered.attemptCount).toBeLessThanOrEqual(1);
    const received = await receiver.waitFor(before + 1);
    expect(received.at(-1)).toMatchObject({ id: acmeNotice, verified: true });
    await expect
      .poll(async () => (await list(alex)).notices[0]?.attempts.map((a) => a.round))
      .toEqual([1, 2]);
    expect((await list(alex)).notices[0]).toMatchObject({ state: 'sent', round: 2 });
    // A POST from another site is refused before it reaches the route.
    const forged = await alex.request('POST', `/team/notices/${acmeNotice}/redeliver`, {
      csrf: false,
    });
    expect(forged.status).toBe(403);
  });

  it('lists what was kept, and sends nothing, once the URL is gone', async ({ service }) => {
    await gateway.close();
    gateway = await startHarness({ upstream: service.url, dataDir });
    const alex = await signedIn(gateway, 'acme-admin');
    const answer = await list(alex);
    expect(answer).toMatchObject({ configured: false, endpoint: null });
    expect(answer.notices.map((n) => n.id)).toEqual([acmeNotice]);
    const sent = receiver.received.length;
    expectMessage(
      await alex.request('POST', `/team/notices/${acmeNotice}/redeliver`),
      409,
      /ATTEST_NOTICE_URL/,
    );
    expectMessage(await alex.request('POST', '/team/notices/msg_unknown/redeliver'), 404, /no/);
    expect(receiver.received).toHaveLength(sent);
  });
});
