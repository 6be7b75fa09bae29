import { describe, expect, it } from 'vitest';
import type { ReceivedEvent } from '../../../contract/session.ts';
import {
  filtersToSearch,
  filtersFromSearch,
  isFiltered,
  matchesFilters,
  withoutFilters,
} from './event-filters.ts';

const base: ReceivedEvent = {
  seq: 1,
  hookId: 'msg_AbC123',
  environment: 'production',
  type: 'DOCUMENT_READY',
  owner: 'acme',
  receivedOn: '2026-06-10T12:00:00.000Z',
  verified: true,
  payload: { crid: 'ACME-1001', fileUUID: '6f1c0000-0000-4000-8000-000000000001' },
};

describe('event filters in the URL', () => {
  it('reads a view and writes it back the same way', () => {
    const params = new URLSearchParams('type=ADDRESS_CHANGE&check=refused&q=acme');
    const filters = filtersFromSearch(params);
    expect(filters).toEqual({ type: 'ADDRESS_CHANGE', check: 'refused', q: 'acme' });
    expect(filtersToSearch(filters)).toBe('type=ADDRESS_CHANGE&check=refused&q=acme');
  });

  it('takes the refused list as a view, not a filter; verified is the default', () => {
    expect(filtersFromSearch(new URLSearchParams('check=verified'))).toEqual({});
    expect(filtersToSearch({ check: 'verified' })).toBe('');
    const refused = filtersFromSearch(new URLSearchParams('check=refused&q=x'));
    expect(isFiltered({ check: 'refused' })).toBe(false);
    expect(withoutFilters(refused)).toEqual({ check: 'refused' });
    expect(withoutFilters({ type: 'DOCUMENT_READY', q: 'x' })).toEqual({});
  });

  it('ignores what a hand-edited URL gets wrong', () => {
    expect(filtersFromSearch(new URLSearchParams('type=<b>&check=maybe&q='))).toEqual({});
    expect(isFiltered({})).toBe(false);
    expect(filtersToSearch({})).toBe('');
  });
});

describe('matchesFilters', () => {
  it('filters on type, whichever list the event is in', () => {
    expect(matchesFilters(base, { type: 'DOCUMENT_READY' })).toBe(true);
    expect(matchesFilters(base, { type: 'ADDRESS_CHANGE' })).toBe(false);
    const refused = { ...base, verified: false };
    expect(matchesFilters(refused, { check: 'refused', type: 'DOCUMENT_READY' })).toBe(true);
  });

  it('searches the hook-id and the payload values, ignoring case', () => {
    expect(matchesFilters(base, { q: 'msg_abc' })).toBe(true);
    expect(matchesFilters(base, { q: 'acme-1001' })).toBe(true);
    expect(matchesFilters(base, { q: '6f1c' })).toBe(true);
    expect(matchesFilters(base, { q: 'globex' })).toBe(false);
  });
});
