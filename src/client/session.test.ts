import { describe, expect, it } from 'vitest';
import type { GatewayConfig, ReceivedEvent, Session } from '../contract/session.ts';
import { ApiError } from './api-error.ts';
import { createClient } from './request.ts';
import { sessionApi } from './session.ts';

// The gateway is built separately; this fake answers its routes as docs/design.md describes them,
// so these tests pin what the client sends and that answers parse with the contract.

const SESSION: Session = {
  clientId: 'acme-reviewer',
  owner: 'acme',
  user: { id: '0b7c3a52-3c4e-4f0e-9a51-0f3c1a2b4c5d', displayName: 'Riley Reviewer' },
  permissions: ['qc.review'],
  sandbox: true,
  environment: 'production',
  expiresOn: '2030-01-01T08:00:00Z',
};
const EVENT: ReceivedEvent = {
  seq: 7,
  hookId: 'msg_abc',
  type: 'DOCUMENT_READY',
  owner: 'acme',
  environment: 'production',
  receivedOn: '2030-01-01T00:00:00Z',
  verified: true,
  payload: { fileUUID: 'x' },
};
const CONFIG: GatewayConfig = { sandbox: true, demoLogins: [], environments: ['production'] };

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

function fakeGateway(signedIn: boolean) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({
      method,
      path,
      headers: new Headers(init.headers),
      body,
      credentials: init.credentials,
    });
    const route = `${method} ${path}`;
    if (route === 'POST /session')
      // A leaked token must not survive parsing.
      return Response.json({ ...SESSION, accessToken: 'eyJ.leak' });
    if (route === 'GET /session')
      return signedIn
        ? Response.json(SESSION)
        : Response.json({ message: 'sign in first' }, { status: 401 });
    if (route === 'DELETE /session') return new Response(null, { status: 204 });
    if (route === 'GET /config') return Response.json(CONFIG);
    if (route === 'GET /events/recent') return Response.json({ events: [EVENT] });
    return Response.json({ message: `no route ${route}` }, { status: 404 });
  };
  return { api: sessionApi(createClient({ fetch })), seen };
}

describe('session (gateway routes)', () => {
  it('signIn POSTs the credentials as JSON with X-Attest and answers the session only', async () => {
    const { api, seen } = fakeGateway(false);
    const session = await api.signIn({ clientId: 'acme-reviewer', clientSecret: 's3cret' });
    expect(session).toEqual(SESSION);
    expect(session).not.toHaveProperty('accessToken');
    const [call] = seen;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/session',
      body: { clientId: 'acme-reviewer', clientSecret: 's3cret' },
      credentials: 'same-origin',
    });
    expect(call?.headers.get('x-attest')).toBe('1');
    expect(call?.headers.get('content-type')).toBe('application/json');
  });

  it('getSession answers the session, or an ApiError 401 when signed out', async () => {
    expect(await fakeGateway(true).api.getSession()).toEqual(SESSION);
    const error = await fakeGateway(false)
      .api.getSession()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'http',
      status: 401,
      message: 'sign in first',
      path: '/session',
    });
  });

  it('signOut DELETEs the session with X-Attest and resolves to undefined', async () => {
    const { api, seen } = fakeGateway(true);
    await expect(api.signOut()).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: '/session' });
    expect(seen[0]?.headers.get('x-attest')).toBe('1');
  });

  it('getConfig and recentEvents GET without X-Attest and parse', async () => {
    const { api, seen } = fakeGateway(true);
    expect(await api.getConfig()).toEqual(CONFIG);
    expect(await api.recentEvents()).toEqual({ events: [EVENT] });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /config', 'GET /events/recent']);
    expect(seen.every((s) => s.headers.get('x-attest') === null)).toBe(true);
  });

  it('a session that breaks the contract is an unexpected response, not a crash later', async () => {
    const api = sessionApi(
      createClient({ fetch: async () => Response.json({ ...SESSION, permissions: 'all' }) }),
    );
    const error = await api.getSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'unexpected-response', path: '/session' });
    expect((error as ApiError).issues?.[0]?.path).toEqual(['permissions']);
  });
});
