import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../contract/session.ts';
import { createQueryClient } from './query-client.ts';
import { AREAS } from './shell/nav.ts';
import {
  grants,
  hasAny,
  knowSignedIn,
  knowSignedOut,
  knowsPermissions,
  mayOpen,
  sessionQueries,
} from './session.queries.ts';

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

describe('the session query', () => {
  const signedIn = session(['qc.review']);
  /** GET /session as the gateway answers it, counting the asks. */
  function gateway(answer: () => Response) {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return answer();
    });
    return asked;
  }
  const current = (client = createQueryClient()) =>
    client.fetchQuery({ ...sessionQueries.current(), staleTime: 0 });
  afterEach(() => {
    vi.unstubAllGlobals();
    knowSignedIn(createQueryClient(), signedIn);
  });

  it('asks the gateway nothing once the page says no one is signed in, until a sign-in', async () => {
    // ADR 034: each ask would be a 401 in the browser's console.
    const asked = gateway(() => Response.json(signedIn));
    knowSignedOut();
    for (let i = 0; i < 3; i += 1)
      await expect(current()).rejects.toMatchObject({ code: 'http', status: 401 });
    expect(asked).toEqual([]);
    const client = createQueryClient();
    knowSignedIn(client, signedIn);
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual(signedIn);
    await expect(current()).resolves.toEqual(signedIn);
    expect(asked).toEqual(['/session']);
  });

  it('asks once more after a 401, not again', async () => {
    const asked = gateway(() => Response.json({ message: 'sign in first' }, { status: 401 }));
    await expect(current()).rejects.toMatchObject({ status: 401 });
    await expect(current()).rejects.toMatchObject({ status: 401 });
    expect(asked).toEqual(['/session']);
  });

  it('asks again after any other failure', async () => {
    const asked = gateway(() => Response.json({ message: 'down' }, { status: 503 }));
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    await expect(current(client)).rejects.toMatchObject({ status: 503 });
    await expect(current(client)).rejects.toMatchObject({ status: 503 });
    expect(asked).toEqual(['/session', '/session']);
  });
});
