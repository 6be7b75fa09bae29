import { describe, expect, it } from 'vitest';
import type { SignatureTransaction } from '../../../contract/signatures.ts';
import { otpLabel, outcome, shortId, statusLabel } from './transaction-format.ts';

const base: SignatureTransaction = {
  id: '39e32448-986b-44d1-8125-ff633ec9108b',
  owner: 'acme',
  signerId: 'a',
  signatureRequests: [],
  status: 'pending',
  createdOn: '2026-10-29T22:36:28.800Z',
  otpRequired: false,
};

describe('transaction wording', () => {
  it('names the one-time-password step', () => {
    expect(otpLabel(base)).toBe('Not required');
    expect(otpLabel({ ...base, otpRequired: true })).toBe('Required');
    expect(otpLabel({ ...base, otpRequired: true, otpMethod: 'sms' })).toBe('Text message');
    expect(otpLabel({ ...base, otpRequired: true, otpMethod: 'TOTP' })).toBe('Authenticator app');
    expect(otpLabel({ ...base, otpRequired: true, otpMethod: 'voice' })).toBe('voice');
  });

  it('labels statuses, known or not', () => {
    expect(statusLabel('cancelled')).toBe('Cancelled');
    expect(statusLabel('expired')).toBe('Expired');
  });

  it('says how it ended, if it has', () => {
    expect(outcome(base)).toBeUndefined();
    expect(outcome({ ...base, completedOn: '2026-10-30T10:00:00Z' })).toEqual({
      label: 'Completed',
      on: '2026-10-30T10:00:00Z',
    });
    expect(outcome({ ...base, failedOn: '2026-10-30T10:00:00Z' })?.label).toBe('Failed');
  });

  it('shortens ids', () => {
    expect(shortId(base.id)).toBe('39e32448');
  });
});
