import { describe, expect, it } from 'vitest';
import type { Session } from '../contract/session.ts';
import { AREAS } from './shell/nav.ts';
import { hasAny, knowsPermissions } from './session.queries.ts';

const session = (permissions: string[] | null): Session => ({
  clientId: 'c',
  owner: 'acme',
  environment: 'production',
  user: null,
  permissions,
  sandbox: false,
  expiresOn: '2026-11-24T12:00:00.000Z',
});

const areasFor = (s: Session) => AREAS.filter((a) => hasAny(s, a.anyOf)).map((a) => a.to);

describe('areas by permission (issue 14)', () => {
  it('follows the permissions when the token carries ones the console knows', () => {
    const reviewer = session(['qc.review', 'something.else']);
    expect(knowsPermissions(reviewer)).toBe(true);
    expect(hasAny(reviewer, ['qc.review'])).toBe(true);
    expect(hasAny(reviewer, ['users.manage'])).toBe(false);
    expect(areasFor(reviewer).length).toBeLessThan(AREAS.length);
  });

  it('shows every area when the token has no permissions claim, or only names it does not know', () => {
    for (const unknown of [session(null), session([]), session(['role:reviewer', 'Admin'])]) {
      expect(knowsPermissions(unknown)).toBe(false);
      expect(areasFor(unknown)).toEqual(AREAS.map((a) => a.to));
      expect(hasAny(unknown, ['users.manage'])).toBe(true);
    }
  });
});
