import { describe, expect } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { MailListSchema, MailPreferenceSchema } from '../../contract/mail.ts';
import type { Finding } from '../../contract/findings.ts';
import type { QcRequest } from '../../contract/qc.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide, findingsOf, userIdOf } from '../testing/findings.ts';
import { expectMessage, startHarness, type Browser, type Harness } from '../testing/harness.ts';
import { startInbox, type Inbox } from '../testing/smtp-inbox.ts';
import { signedIn } from '../../shared/testing/browser.ts';

// Findings by e-mail (ADR 040) over real HTTP and real SMTP: a server started here receives
// what the gateway sends, read back with mailparser; the gateway's clock is moved to the
// days a reminder, a due-day e-mail and an escalation are owed.

const DAY = 86_400_000;
const LINKS = 'https://console.example.com';
const NORA = 'nora.notary@acme.example';
const ALEX = 'alex.admin@acme.example';
const MORGAN = 'morgan.manager@acme.example';
/** A notary of the demo who never signs in: the gateway reads his address itself. */
const DOMENICO = { name: 'Domenico Zieme', address: 'domenico.zieme@acme.example' };

let gateway: Harness;
let inbox: Inbox;
let riley: Browser;
let alex: Browser;
let morgan: Browser;
let hers: QcRequest[];

it.beforeAll(async ({ service }) => {
  inbox = await startInbox();
  gateway = await startHarness({
    upstream: service.url,
    mail: {
      smtpUrl: inbox.url,
      from: 'Attest QC <qc@acme.example>',
      linkBase: LINKS,
      // Nora never signs in: her address is read with the owner's admin login.
      clients: [{ clientId: 'acme-admin', clientSecret: 'acme-admin-secret' }],
      scanMs: 100,
      pollMs: 50,
      retryBaseMs: 200,
    },
  });
  riley = await signedIn(gateway, 'acme-reviewer');
  alex = await signedIn(gateway, 'acme-admin');
  morgan = await signedIn(gateway, 'acme-qc-manager');
  const noraId = await userIdOf(await signedIn(gateway, 'acme-notary'));
  hers = (await pendingRequests(alex, 100)).filter((r) =>
    r.actors.some((a) => a.roleId === 'notary' && a.userId === noraId),
  );
  expect(hers.length).toBeGreaterThanOrEqual(7);
});

it.afterAll(async () => {
  await gateway?.close();
  await inbox?.close();
});

/** `riley` rejects one of Nora's requests; its finding. */
async function raise(): Promise<Finding> {
  const request = hers.shift();
  if (!request) throw new Error('out of requests');
  expect((await decide(riley, request)).status).toBe(200);
  const [finding] = await findingsOf(alex, request.id);
  if (!finding) throw new Error('no finding');
  return finding;
}

const about = (finding: Finding) => (mail: ParsedMail) =>
  (mail.text ?? '').includes(`/findings/${finding.id}`);

async function arrived(address: string, finding: Finding, count: number): Promise<ParsedMail[]> {
  await expect
    .poll(() => inbox.to(address).filter(about(finding)).length, { timeout: 10_000 })
    .toBe(count);
  return inbox.to(address).filter(about(finding));
}

/** Moves the gateway's clock to 12:00 UTC of the day `days` after `iso`'s. */
function moveTo(iso: string, days: number, hour = 12) {
  const day = Math.floor(Date.parse(iso) / DAY) + days;
  const target = day * DAY + hour * 3_600_000;
  gateway.advance(target - (Date.now() + gateway.offset()));
}

const weekday = (ms: number) => new Date(ms).getUTCDay() % 6 !== 0;
/** Calendar days from `iso`'s day back to the business day before it. */
function daysToBusinessDayBefore(iso: string): number {
  let days = -1;
  while (!weekday(Date.parse(iso) + days * DAY)) days -= 1;
  return days;
}

describe('findings by e-mail', () => {
  it('tells the person responsible at once, in text and HTML, with a link and nothing secret', async () => {
    const finding = await raise();
    const [mail] = await arrived(NORA, finding, 1);
    expect(mail?.subject).toBe(
      `Finding to answer: ${finding.itemName}, ${finding.matterReference}`,
    );
    expect(mail?.from?.value).toEqual([{ name: 'Attest QC', address: 'qc@acme.example' }]);
    expect(mail?.text).toContain(`Document: ${finding.matterReference} (${finding.processName})`);
    expect(mail?.text).toContain(`Check: ${finding.itemName}`);
    expect(mail?.text).toContain('Severity: Major');
    expect(mail?.text).toContain(`${LINKS}/findings/${finding.id}`);
    expect(mail?.html).toContain(`href="${LINKS}/findings/${finding.id}"`);
    const whole = `${mail?.text}\n${mail?.html}`;
    // Only the console's link: no document URL, token, secret or SSN.
    expect(whole.match(/https?:\/\/[^\s"<]+/g)?.every((url) => url.startsWith(LINKS))).toBe(true);
    expect(whole).not.toMatch(/Bearer|secret|X-Amz|signature=|\b\d{3}-\d{2}-\d{4}\b/i);
  });

  it('reminds the day before, again on the day, and escalates to the managers once overdue: each once', async () => {
    const finding = await raise();
    await arrived(NORA, finding, 1);
    moveTo(finding.dueOn, daysToBusinessDayBefore(finding.dueOn));
    const [, reminder] = await arrived(NORA, finding, 2);
    expect(reminder?.subject).toMatch(/^Due tomorrow: /);
    moveTo(finding.dueOn, 0, 18);
    const [, , dueToday] = await arrived(NORA, finding, 3);
    expect(dueToday?.subject).toMatch(/^Due today: /);
    // Two business days overdue (the process's default): both managers, once.
    let days = 1;
    for (let business = 0; business < 2; days += 1) {
      if (weekday(Date.parse(finding.dueOn) + days * DAY)) business += 1;
    }
    moveTo(finding.dueOn, days - 1);
    const [escalation] = await arrived(ALEX, finding, 1);
    await arrived(MORGAN, finding, 1);
    expect(escalation?.subject).toMatch(/^Overdue finding: /);
    expect(escalation?.text).toContain('overdue by 2 business days');
    // Later scans that day, and the day after, send none of these again.
    gateway.advance(3 * 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.to(NORA).filter(about(finding))).toHaveLength(3);
    expect(inbox.to(ALEX).filter(about(finding))).toHaveLength(1);
    gateway.advance(-gateway.offset());
  });

  it('asks the managers who may settle a dispute, not the one who recorded it', async () => {
    const finding = await raise();
    await arrived(NORA, finding, 1);
    const answered = await alex.request('POST', `/team/findings/${finding.id}/answer`, {
      json: { answer: 'disputed', note: 'Nora says the seal is on page 2' },
    });
    expect(answered.status, answered.text).toBe(200);
    const [dispute] = await arrived(MORGAN, finding, 1);
    expect(dispute?.subject).toMatch(/^Dispute to settle: /);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(ALEX).filter(about(finding))).toHaveLength(0);
  });

  it('tells a person it is handed to, whose address is read with the owner’s mail client', async () => {
    const users = (await alex.request('GET', '/api/users/v1/users?owner=acme&limit=100')).body as {
      users: { id: string; displayName: string }[];
    };
    const domenico = users.users.find((u) => u.displayName === DOMENICO.name);
    if (!domenico) throw new Error('no Domenico in the demo');
    const finding = await raise();
    const moved = await alex.request('PUT', `/team/findings/${finding.id}/responsible`, {
      json: { userId: domenico.id },
    });
    expect(moved.status, moved.text).toBe(200);
    const [handed] = await arrived(DOMENICO.address, finding, 1);
    expect(handed?.subject).toMatch(/^Finding to answer: /);
    expect(handed?.text).toContain('A QC manager handed you a finding');
  });

  it('keeps each person’s choice: none, or a daily digest; only a person chooses', async () => {
    const preference = await morgan.request('GET', '/team/mail-preference');
    expect(MailPreferenceSchema.parse(preference.body)).toEqual({
      choice: 'each',
      address: MORGAN,
      configured: true,
    });
    expectMessage(
      await morgan.request('PUT', '/team/mail-preference', { json: { choice: 'weekly' } }),
      400,
      /choice/,
    );
    const machine = await signedIn(gateway, 'acme-integration');
    expectMessage(
      await machine.request('PUT', '/team/mail-preference', { json: { choice: 'none' } }),
      403,
      /without a user/,
    );
    expect(
      (await morgan.request('PUT', '/team/mail-preference', { json: { choice: 'digest' } })).status,
    ).toBe(200);
    expect(
      MailPreferenceSchema.parse((await morgan.request('GET', '/team/mail-preference')).body)
        .choice,
    ).toBe('digest');

    const finding = await raise();
    await arrived(NORA, finding, 1);
    expect(
      (
        await alex.request('POST', `/team/findings/${finding.id}/answer`, {
          json: { answer: 'disputed', note: 'no' },
        })
      ).status,
    ).toBe(200);
    // Held for Morgan's digest, which goes at the first scan after 11:00 UTC: in it already
    // where the test runs past that hour (the clock is not moved back for it: sessions whose
    // last use was later would then be idle for hours). Either way, no e-mail of its own.
    const list = MailListSchema.parse((await alex.request('GET', '/team/mails')).body);
    const held = list.mails.find(
      (m) => m.findingId === finding.id && m.to.name === 'Morgan Manager',
    );
    expect(held?.kind).toBe('dispute');
    expect(['held', 'digested']).toContain(held?.state);
    moveTo(new Date(Date.now() + gateway.offset()).toISOString(), 1, 12);
    await expect
      .poll(
        () => inbox.to(MORGAN).filter((m) => m.subject?.startsWith('Your findings digest')).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const digest = inbox.to(MORGAN).find((m) => m.subject?.startsWith('Your findings digest'));
    expect(digest?.text).toContain(`/findings/${finding.id}`);
    expect(
      inbox
        .to(MORGAN)
        .filter(about(finding))
        .map((m) => m.subject),
    ).toEqual([digest?.subject]);
    gateway.advance(-gateway.offset());

    // None: no e-mail of a dispute at all.
    expect(
      (await morgan.request('PUT', '/team/mail-preference', { json: { choice: 'none' } })).status,
    ).toBe(200);
    const unheard = await raise();
    await arrived(NORA, unheard, 1);
    expect(
      (
        await alex.request('POST', `/team/findings/${unheard.id}/answer`, {
          json: { answer: 'disputed', note: 'no' },
        })
      ).status,
    ).toBe(200);
    const kept = MailListSchema.parse((await alex.request('GET', '/team/mails')).body);
    expect(kept.mails.filter((m) => m.findingId === unheard.id).map((m) => m.to.name)).toEqual([
      'Nora Notary',
    ]);
    await morgan.request('PUT', '/team/mail-preference', { json: { choice: 'each' } });
  });

  it('mails last month’s QC report, with its PDF, to the owner’s recipients on the first business day', async () => {
    const AUDITOR = 'auditor@lender.example';
    expectMessage(
      await riley.request('PUT', '/team/report-recipients', { json: { recipients: [AUDITOR] } }),
      403,
      /QC managers/,
    );
    expectMessage(
      await alex.request('PUT', '/team/report-recipients', {
        json: { recipients: ['not an address'] },
      }),
      400,
      /e-mail address/,
    );
    expect((await alex.request('GET', '/team/report-recipients')).body).toEqual({ recipients: [] });
    const set = await alex.request('PUT', '/team/report-recipients', {
      json: { recipients: [AUDITOR, 'Auditor@Lender.example'] },
    });
    expect(set.body).toEqual({ recipients: [AUDITOR] });
    // The first business day of next month, after the morning's hour.
    const now = new Date(Date.now() + gateway.offset());
    let first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 12);
    while (new Date(first).getUTCDay() % 6 === 0) first += DAY;
    const month = now.toISOString().slice(0, 7);
    gateway.advance(first - (Date.now() + gateway.offset()));
    await expect.poll(() => inbox.to(AUDITOR).length, { timeout: 10_000 }).toBe(1);
    const [report] = inbox.to(AUDITOR);
    expect(report?.subject).toBe(`QC report ${month}: acme`);
    expect(report?.text).toMatch(/Requests decided: \d+/);
    expect(report?.attachments).toHaveLength(1);
    expect(report?.attachments[0]?.contentType).toBe('application/pdf');
    expect(report?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Later scans that day send it no more.
    gateway.advance(2 * 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(inbox.to(AUDITOR)).toHaveLength(1);
    gateway.advance(-gateway.offset());
  });

  it('retries a refused e-mail, lists every e-mail for managers only, and resends one', async () => {
    inbox.refusing = true;
    const finding = await raise();
    await expect
      .poll(
        async () => {
          const list = MailListSchema.parse((await alex.request('GET', '/team/mails')).body);
          return list.mails.find((m) => m.findingId === finding.id)?.state;
        },
        { timeout: 10_000 },
      )
      .toBe('retrying');
    const listed = MailListSchema.parse((await alex.request('GET', '/team/mails')).body).mails.find(
      (m) => m.findingId === finding.id,
    );
    expect(listed?.lastError).toMatch(/451|try again/i);
    inbox.refusing = false;
    await arrived(NORA, finding, 1);
    const sent = MailListSchema.parse((await alex.request('GET', '/team/mails')).body).mails.find(
      (m) => m.findingId === finding.id,
    );
    expect(sent).toMatchObject({ state: 'sent', address: NORA, attemptCount: 2 });

    expectMessage(await riley.request('GET', '/team/mails'), 403, /QC managers/);
    expectMessage(await alex.request('GET', '/team/mails?limit=0'), 400, /limit/);
    expectMessage(await alex.request('POST', '/team/mails/mail_nothing/resend'), 404, /no e-mail/);
    const globex = await signedIn(gateway, 'globex-admin');
    expectMessage(await globex.request('POST', `/team/mails/${sent?.id}/resend`), 404, /no e-mail/);
    expect(MailListSchema.parse((await globex.request('GET', '/team/mails')).body).mails).toEqual(
      [],
    );
    const again = await alex.request('POST', `/team/mails/${sent?.id}/resend`);
    expect(again.status, again.text).toBe(202);
    await arrived(NORA, finding, 2);
  });
});
