import { describe, expect, it } from 'vitest';
import { describeFetchFailure, describeSendFailure } from './fetch-failure.ts';

describe('describing a failed fetch', () => {
  it('adds the cause undici gives', () => {
    const error = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    expect(describeFetchFailure(error)).toBe('fetch failed: connect ECONNREFUSED');
    expect(describeFetchFailure('odd')).toBe('odd');
  });

  it('names a timeout by its length and keeps a send failure to 500 characters', () => {
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    expect(describeSendFailure(timeout, 15_000)).toBe('no answer within 15 s');
    expect(describeSendFailure(new Error('x'.repeat(600)), 15_000)).toHaveLength(500);
    expect(describeSendFailure('y'.repeat(600), 15_000)).toHaveLength(500);
  });
});
