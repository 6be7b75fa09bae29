import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, MAIL_STATES, type Mail, type MailState } from '../../../contract/mail.ts';
import { mailKindLabel, mailPoll, mailState, mayResend } from './mail-labels.ts';

const mail = (state: MailState): Mail => ({
  id: `mail_${state}`,
  kind: 'raised',
  findingId: 'f1',
  to: { id: 'u1', name: 'Nora Notary' },
  address: 'nora.notary@acme.example',
  subject: 'Finding to answer: Seal visible, E2E-1',
  createdOn: '2026-11-20T10:00:00.000Z',
  state,
  attemptCount: 0,
  nextAttemptOn: null,
  sentOn: null,
  lastError: null,
});

describe('mail labels', () => {
  it('names every kind and state in words, each its own', () => {
    const kinds = MAIL_KINDS.map(mailKindLabel);
    expect(new Set(kinds).size).toBe(MAIL_KINDS.length);
    expect(mailKindLabel('assigned')).toBe('Handed over');
    expect(mailKindLabel('escalation')).toBe('Escalation: overdue');
    const states = MAIL_STATES.map((state) => mailState(state).label);
    expect(new Set(states).size).toBe(MAIL_STATES.length);
    expect(mailState('held').label).toBe('Held for digest');
    expect(mailState('digested').label).toBe('In a digest');
    expect(mailState('failed').tone).toBe('danger');
  });

  it('sends again only what went or gave up: what waits goes by itself', () => {
    expect(MAIL_STATES.filter((state) => mayResend({ state }))).toEqual(['sent', 'failed']);
  });

  it('looks again soon while an e-mail is about to go, and now and then otherwise', () => {
    const list = (...states: MailState[]) => ({ configured: true, mails: states.map(mail) });
    expect(mailPoll(undefined)).toBe(30_000);
    expect(mailPoll(list('sent', 'held', 'digested', 'failed'))).toBe(30_000);
    expect(mailPoll(list('sent', 'retrying'))).toBe(5000);
    expect(mailPoll(list('retrying', 'pending'))).toBe(1000);
  });
});
