import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { FindingChangeSchema } from '../../contract/findings.ts';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { pendingRequests, signedIn } from '../testing/fixtures.ts';
import { startHarness, type Browser, type Harness } from '../testing/harness.ts';
import { decide, findingsOf } from '../testing/findings.ts';
import { startNoticeReceiver, type NoticeReceiver } from '../testing/notices.ts';

// Every change of a finding goes out as a signed notice (ADR 029 through ADR 030's outbox)
// when ATTEST_NOTICE_URL is set: announceFinding keeps it in the change's own transaction.

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
let receiver: NoticeReceiver;
let gateway: Harness;
let riley: Browser;
let alex: Browser;

it.beforeAll(async ({ service }) => {
  receiver = await startNoticeReceiver(SECRET);
  gateway = await startHarness({
    upstream: service.url,
    notices: { url: receiver.url, secrets: [SECRET], pollMs: 50 },
  });
  riley = await signedIn(gateway, 'acme-reviewer');
  alex = await signedIn(gateway, 'acme-admin');
});
it.afterAll(async () => {
  await gateway.close();
  await receiver.close();
});

describe('notices of findings', () => {
  it('sends one signed notice per change, and none for a change refused', async () => {
    const [request] = await pendingRequests(alex, 1);
    if (!request) throw new Error('no pending request');
    expect((await decide(riley, request, { failing: 2 })).status).toBe(200);
    const raised = await receiver.waitFor(2);
    expect(raised.every((n) => n.verified && n.notice?.type === 'finding.raised')).toBe(true);
    const [finding] = await findingsOf(alex, request.id);
    expect(raised.map((n) => FindingChangeSchema.parse(n.notice?.data).finding.id)).toContain(
      finding?.id,
    );

    // Refused (a manager settles only a dispute): nothing is sent.
    const refused = await alex.request('POST', `/team/findings/${finding?.id}/settle`, {
      json: { outcome: 'withdrawn', note: 'no' },
    });
    expect(refused.status).toBe(409);
    const answered = await alex.request('POST', `/team/findings/${finding?.id}/answer`, {
      json: { answer: 'disputed', note: 'The firm says it is fine' },
    });
    expect(answered.status, answered.text).toBe(200);
    const all = await receiver.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(3);
    expect(all[2]?.notice).toMatchObject({
      type: 'finding.answered',
      owner: 'acme',
      environment: 'production',
      data: { kind: 'answered', finding: { id: finding?.id, state: 'disputed' } },
    });
  });
});
