import { describe, expect } from 'vitest';
import { SessionSchema } from '../contract/session.ts';
import { ApiError } from './api-error.ts';
import { mailApi } from './mail.ts';
import { clientTest as it } from './testing/fixtures.ts';

// The e-mail calls against the real gateway in front of the real service. This gateway has
// no ATTEST_SMTP_URL: a person still chooses (kept for the day it is set), the managers' list
// says e-mail is not configured, and there is nothing to send again. Lists with e-mails in
// them, against a real SMTP server: src/gateway/mail/mail.test.ts.

const status = (code: number) => (error: unknown) =>
  error instanceof ApiError && error.status === code;

describe('mailApi', () => {
  it('keeps a person’s choice, with the address their sign-in brought', async ({ signIn }) => {
    const nora = await signIn('acme-notary', mailApi);
    const session = SessionSchema.parse((await nora.browser.request('GET', '/session')).body);
    const address = session.user?.email ?? null;
    expect(address).toMatch(/@acme\./);
    const before = await nora.api.getMailPreference();
    expect(before).toMatchObject({ address, configured: false });
    try {
      expect(await nora.api.putMailPreference('digest')).toEqual({
        choice: 'digest',
        address,
        configured: false,
      });
      expect((await nora.api.getMailPreference()).choice).toBe('digest');
    } finally {
      await nora.api.putMailPreference(before.choice);
    }
    // A machine client is no person: it has no e-mail to choose.
    const machine = await signIn('acme-integration', mailApi);
    await expect(machine.api.getMailPreference()).rejects.toSatisfy(status(403));
    await expect(machine.api.putMailPreference('none')).rejects.toSatisfy(status(403));
  });

  it('lists no e-mails where none are configured, for QC managers only', async ({ signIn }) => {
    const alex = await signIn('acme-admin', mailApi);
    expect(await alex.api.listMails(10)).toEqual({ configured: false, mails: [] });
    await expect(alex.api.resendMail('mail_unknown')).rejects.toSatisfy(status(409));
    await expect(alex.api.resendMail('not-a-mail-id')).rejects.toSatisfy(status(404));
    const riley = await signIn('acme-reviewer', mailApi);
    await expect(riley.api.listMails()).rejects.toSatisfy(status(403));
  });
});
