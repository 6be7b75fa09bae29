import { describe, expect, it } from 'vitest';
import { age, ageInWords, roleNames } from './queue-format.ts';

describe('queue formatting', () => {
  const now = Date.parse('2026-06-10T12:00:00Z');
  it('says how long a request has waited in the largest whole unit', () => {
    expect(age('2026-06-10T11:59:50Z', now)).toBe('1 min');
    expect(age('2026-06-10T11:15:00Z', now)).toBe('45 min');
    expect(age('2026-06-10T07:00:00Z', now)).toBe('5 h');
    expect(age('2026-06-07T11:00:00Z', now)).toBe('3 d');
    expect(age('2026-06-11T00:00:00Z', now)).toBe('1 min');
    expect(ageInWords('2026-06-09T12:00:00Z', now)).toBe('1 day');
    expect(ageInWords('2026-06-10T07:00:00Z', now)).toBe('5 hours');
  });

  it('names each role once, as people read it', () => {
    expect(roleNames([{ roleId: 'affiant' }, { roleId: 'notary' }, { roleId: 'affiant' }])).toEqual(
      ['Affiant', 'Notary'],
    );
  });
});
