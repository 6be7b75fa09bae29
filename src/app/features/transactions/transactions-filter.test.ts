import { describe, expect, it } from 'vitest';
import {
  countByStatus,
  statusSearch,
  statusesFromSearch,
  toggleStatus,
} from './transactions-filter.ts';

const parse = (search: string) => statusesFromSearch(new URLSearchParams(search));

describe('the status filter in the URL', () => {
  it('is empty (every status) by default', () => {
    expect(parse('')).toEqual([]);
    expect(statusSearch([])).toBe('');
  });

  it('keeps known statuses, each once, in a fixed order', () => {
    expect(parse('status=failed,pending,failed')).toEqual(['pending', 'failed']);
    expect(parse('status=pending,bogus,,cancelled')).toEqual(['pending', 'cancelled']);
    expect(parse('status=PENDING')).toEqual([]);
  });

  it('writes the comma list the service takes, and reads back what it wrote', () => {
    expect(statusSearch(['failed', 'pending'])).toBe('status=pending,failed');
    for (const statuses of [[], ['pending'], ['completed', 'failed', 'cancelled']] as const) {
      expect(parse(statusSearch(statuses))).toEqual(statuses);
    }
    // As a browser hands it back, encoded.
    expect(parse('status=pending%2Cfailed')).toEqual(['pending', 'failed']);
  });

  it('toggles a status in and out', () => {
    expect(toggleStatus([], 'failed')).toEqual(['failed']);
    expect(toggleStatus(['failed'], 'pending')).toEqual(['pending', 'failed']);
    expect(toggleStatus(['pending', 'failed'], 'pending')).toEqual(['failed']);
  });
});

describe('counts by status', () => {
  it('counts each status, including ones it does not know', () => {
    const counts = countByStatus([
      { status: 'pending' },
      { status: 'pending' },
      { status: 'failed' },
      { status: 'expired' },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ pending: 2, failed: 1, expired: 1 });
  });
});
