import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { request } from './request.ts';
import { sessionEnded } from './session-end.ts';
import { signIn, signOut } from './session.ts';
import { releaseOnExit } from './team.ts';

// After a sign-out begun here, the browser's client asks nothing that needs the session: a
// screen still on show would only be refused (a 401 in the console). Sign-in opens it again.

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const body =
      String(input).endsWith('/session') && init?.method === 'POST'
        ? {
            clientId: 'a',
            owner: 'acme',
            user: null,
            permissions: [],
            sandbox: true,
            environment: 'production',
            expiresOn: '2026-12-02T12:00:00.000Z',
          }
        : {};
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return asked;
}

describe('a session ended here', () => {
  it('sends nothing but sign-in and the sign-in page’s own until the next sign-in', async () => {
    const asked = stubFetch();
    await request('GET', '/team/holds', { schema: null });
    expect(asked).toEqual(['GET /team/holds']);

    await signOut();
    expect(sessionEnded()).toBe(true);
    expect(asked.at(-1)).toBe('DELETE /session');
    const refused = await request('GET', '/api/qc/v2/qc/requests/x', { schema: null }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
    // Nor a hold's release as the page goes: the gateway ended the session's holds.
    releaseOnExit('x');
    await request('GET', '/config', { schema: null });
    expect(asked).toEqual(['GET /team/holds', 'DELETE /session', 'GET /config']);

    await signIn({ clientId: 'a', clientSecret: 'b' });
    expect(asked.at(-1)).toBe('POST /session');
    expect(sessionEnded()).toBe(false);
    await request('GET', '/team/holds', { schema: null });
    expect(asked.at(-1)).toBe('GET /team/holds');
  });
});
