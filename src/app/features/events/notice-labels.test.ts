import { describe, expect, it } from 'vitest';
import { findingChange } from '../../../contract/testing/findings.ts';
import { attemptAnswer, changeOf, changeSummary, noticeTypeLabel } from './notice-labels.ts';

describe('notice labels', () => {
  it('says what each finding change told, and who must act', () => {
    const summary = (kind: Parameters<typeof findingChange>[1]) =>
      changeSummary(findingChange(1, kind));
    expect(summary('raised')).toBe('Critical finding, sent to Nora Notary.');
    expect(summary('answered')).toBe(
      'Nora Notary disputes it: “The passport was renewed: both signatures are the client’s”.',
    );
    expect(summary('settled')).toBe('Alex Admin withdrew it.');
    expect(summary('reassigned')).toBe('Now for Sam Signer (was Nora Notary).');
    expect(noticeTypeLabel('finding.settled')).toBe('Dispute settled');
    const unnamed = findingChange(1);
    unnamed.finding.responsible = { id: '781b1d34-a58b-4eb5-887d-b4313e4c4373' };
    expect(changeSummary(unnamed)).toBe('Critical finding, sent to user 781b1d34.');
    const names = new Map([['781b1d34-a58b-4eb5-887d-b4313e4c4373', 'Noah Notary']]);
    expect(changeSummary(unnamed, names)).toBe('Critical finding, sent to Noah Notary.');
    unnamed.finding.responsible = null;
    expect(changeSummary(unnamed)).toBe('Critical finding, sent to nobody yet.');
  });

  it('reads a payload that is not a finding change as none', () => {
    expect(changeOf(findingChange(2) as unknown as Record<string, unknown>)).toEqual(
      findingChange(2),
    );
    expect(changeOf({ kind: 'raised' })).toBeNull();
  });

  it('gives an attempt’s answer, or why there was none', () => {
    const attempt = { round: 1, attempt: 1, attemptedOn: '', durationMs: 3 };
    expect(attemptAnswer({ ...attempt, statusCode: 503, error: null })).toBe('HTTP 503');
    expect(attemptAnswer({ ...attempt, statusCode: null, error: 'no answer within 10 s' })).toBe(
      'no answer within 10 s',
    );
  });
});
