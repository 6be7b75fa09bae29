import { describe, expect, it } from 'vitest';
import type { Session } from '../contract/session.ts';
import { AREAS } from './shell/nav.ts';
import { grants, hasAny, knowsPermissions, mayOpen } from './session.queries.ts';

const session = (permissions: string[] | null): Session => ({
  clientId: 'c',
  owner: 'acme',
  environment: 'production',
  user: null,
  permissions,
  sandbox: false,
  expiresOn: '2026-11-24T12:00:00.000Z',
});

const areasFor = (s: Session) => AREAS.filter((a) => mayOpen(s, a)).map((a) => a.to);

describe('areas by permission', () => {
  it('follows the permissions when the token carries ones the console knows', () => {
    const reviewer = session(['qc.review', 'something.else']);
    expect(knowsPermissions(reviewer)).toBe(true);
    expect(hasAny(reviewer, ['qc.review'])).toBe(true);
    expect(hasAny(reviewer, ['users.manage'])).toBe(false);
    expect(areasFor(reviewer).length).toBeLessThan(AREAS.length);
  });

  it("shows every area the service guards when the token names none it knows, but not the team layer's", () => {
    // The service refuses what such a token may not do; the gateway's team layer grants only
    // what a session names (ADR 020), so its area is not offered.
    for (const unknown of [session(null), session([]), session(['role:reviewer', 'Admin'])]) {
      expect(knowsPermissions(unknown)).toBe(false);
      expect(areasFor(unknown)).toEqual(
        AREAS.filter((a) => !('team' in a) && !('person' in a)).map((a) => a.to),
      );
      expect(hasAny(unknown, ['users.manage'])).toBe(true);
      expect(grants(unknown, ['qc.review', 'qc.manage'])).toBe(false);
    }
  });

  it('opens the team layer to the permissions a session names, as the gateway assumed them too', () => {
    const manager = session(['qc.manage']);
    expect(grants(manager, ['qc.manage'])).toBe(true);
    expect(areasFor(manager)).toContain('/qc/team');
    const reviewer = session(['qc.review']);
    expect(grants(reviewer, ['qc.manage'])).toBe(false);
    expect(areasFor(reviewer)).not.toContain('/qc/team');
  });

  it('offers a person’s own areas (My findings) to a session with a user only', () => {
    const person = { ...session(['signatures.write']), user: { id: 'u1', displayName: 'Nora' } };
    expect(areasFor(person)).toContain('/findings');
    expect(areasFor(person)).not.toContain('/findings/all');
    expect(areasFor(session(['signatures.write']))).not.toContain('/findings');
  });
});
