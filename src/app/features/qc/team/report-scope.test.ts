import { describe, expect, it } from 'vitest';
import { reportScope, scopeFromSearch, scopeSearch } from './report-scope.ts';

describe('the report’s scope in the URL', () => {
  it('reads a kind and a key, and nothing else', () => {
    expect(scopeFromSearch(new URLSearchParams('reportFor=firm:firm-1'))).toBe('firm:firm-1');
    expect(scopeFromSearch(new URLSearchParams('reportFor=process:Deed: of sale'))).toBe(
      'process:Deed: of sale',
    );
    expect(scopeFromSearch(new URLSearchParams('reportFor=owner:acme'))).toBe('');
    expect(scopeFromSearch(new URLSearchParams('reportFor=firm:'))).toBe('');
    expect(scopeFromSearch(new URLSearchParams(''))).toBe('');
  });

  it('keeps the rest of the address, and drops itself for the whole team', () => {
    const params = new URLSearchParams('report=2026-11&from=2026-11-01');
    expect(scopeSearch(params, 'notary:u-1').toString()).toBe(
      'report=2026-11&from=2026-11-01&reportFor=notary%3Au-1',
    );
    expect(scopeSearch(new URLSearchParams('reportFor=firm:x&a=1'), '').toString()).toBe('a=1');
  });

  it('asks the gateway for the period and the one key', () => {
    expect(reportScope('2026-11', '')).toEqual({ period: '2026-11' });
    expect(reportScope('2026-Q4', 'process:Deed: of sale')).toEqual({
      period: '2026-Q4',
      process: 'Deed: of sale',
    });
  });
});
