import { z } from '../../contract/zod.ts';
import { SCOPE_AREAS, TokenResponseSchema } from '../../contract/auth.ts';
import { DemoLoginSchema, type DemoLogin, type SessionUser } from '../../contract/session.ts';
import { isTimeout, type UpstreamTimeouts } from './upstream-fetch.ts';

/** Calls the gateway itself makes to the upstream (not the proxied ones). */
export type Upstream = ReturnType<typeof createUpstream>;

export type TokenExchange =
  | { ok: true; token: string; expiresIn: number }
  /**
   * invalid-client: the credentials are wrong or revoked; invalid-scope: a scope asked for is
   * not provisioned for the client (detail: the upstream's description); the others: try
   * again later.
   */
  | {
      ok: false;
      reason: 'invalid-client' | 'invalid-scope' | 'unreachable' | 'timeout' | 'refused';
      detail: string;
    };

/** The spec's five scopes on a base URL: what a console with every area may need. */
export const specScopes = (base: string) => SCOPE_AREAS.map((area) => `${base}/${area}/write`);

export interface ScopeSettings {
  /** ATTEST_SCOPES; undefined asks for the spec's five on the upstream's base URL. */
  scopes?: string[];
}

export interface SandboxState {
  sandbox: boolean;
  demoLogins: DemoLogin[];
}

const UserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.catch(z.optional(z.string()), undefined),
  isNotary: z.catch(z.optional(z.boolean()), undefined),
});

const SandboxInfoSchema = z.object({
  sandbox: z.literal(true),
  demoLogins: z.catch(z.array(DemoLoginSchema), []),
});

// RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and
// base64-encoded, so a ':' or non-ASCII character in either survives.
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

function describe(error: unknown): string {
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${String(error)}${cause}`;
}

/**
 * `fetchImpl` bounds connect and header waits (upstream-fetch.ts); these small JSON calls are
 * also bounded as a whole, so a body that stalls after its headers cannot hold a sign-in.
 */
export function createUpstream(
  base: string,
  fetchImpl: typeof fetch,
  timeouts: UpstreamTimeouts,
  settings: ScopeSettings = {},
) {
  let sandbox: SandboxState | null = null;
  const scope = (settings.scopes ?? specScopes(base)).join(' ');
  // Clients the default scopes were refused for. The spec says clients ask only for what they
  // need, but a reviewer's client is not provisioned for users or accounts, and the console
  // cannot know that beforehand: such a client then asks without `scope`, which grants what
  // it is provisioned for (RFC 6749 §3.3). Scopes set in ATTEST_SCOPES are never dropped.
  const withoutScope = new Set<string>();
  const url = (path: string) => `${base}${path}`;
  const deadline = () => AbortSignal.timeout(timeouts.connectMs + timeouts.headersMs);

  async function exchange(clientId: string, clientSecret: string): Promise<TokenExchange> {
    const asked = withoutScope.has(clientId) ? undefined : scope;
    const result = await requestToken(clientId, clientSecret, asked);
    if (result.ok || result.reason !== 'invalid-scope' || settings.scopes || !asked) return result;
    const again = await requestToken(clientId, clientSecret, undefined);
    if (again.ok) {
      if (withoutScope.size >= 10_000) withoutScope.clear();
      withoutScope.add(clientId);
    }
    return again;
  }

  async function requestToken(
    clientId: string,
    clientSecret: string,
    scope: string | undefined,
  ): Promise<TokenExchange> {
    // Outside the try: a value that cannot be encoded is the caller's bug, not an outage.
    const authorization = basicAuthorization(clientId, clientSecret);
    let body: unknown;
    let response: Response;
    try {
      response = await fetchImpl(url('/auth/v1/oauth2/token'), {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          ...(scope !== undefined && { scope }),
        }).toString(),
        signal: deadline(),
      });
      body = await response.json().catch((error: unknown) => {
        if (isTimeout(error)) throw error;
        return null;
      });
    } catch (error) {
      const reason = isTimeout(error) ? 'timeout' : 'unreachable';
      return { ok: false, reason, detail: describe(error) };
    }
    if (response.ok) {
      const parsed = TokenResponseSchema.safeParse(body);
      if (parsed.success) {
        return { ok: true, token: parsed.data.access_token, expiresIn: parsed.data.expires_in };
      }
      return { ok: false, reason: 'refused', detail: 'the token response did not parse' };
    }
    const error = z
      .object({ error: z.string(), error_description: z.optional(z.string()) })
      .safeParse(body);
    // RFC 6749 §5.2: invalid_client may come as 401 (Basic) or 400.
    if (response.status === 401 || (error.success && error.data.error === 'invalid_client')) {
      return { ok: false, reason: 'invalid-client', detail: `status ${response.status}` };
    }
    if (error.success && error.data.error === 'invalid_scope') {
      const described = error.data.error_description?.slice(0, 300);
      return { ok: false, reason: 'invalid-scope', detail: described || `asked for: ${scope}` };
    }
    if (response.status >= 500) {
      return { ok: false, reason: 'unreachable', detail: `status ${response.status}` };
    }
    const code = error.success ? error.data.error : `status ${response.status}`;
    return { ok: false, reason: 'refused', detail: code };
  }

  /** The signed-in user's profile; null when it cannot be read (sign-in goes on without). */
  async function user(token: string, uid: string): Promise<SessionUser | null> {
    try {
      const response = await fetchImpl(url(`/users/v1/users/${encodeURIComponent(uid)}`), {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: deadline(),
      });
      if (!response.ok) return null;
      const parsed = UserSchema.safeParse(await response.json());
      if (!parsed.success) return null;
      const { id, displayName, email, isNotary } = parsed.data;
      return {
        id,
        displayName,
        ...(email !== undefined && { email }),
        ...(isNotary !== undefined && { isNotary }),
      };
    } catch {
      return null;
    }
  }

  /**
   * Whether the upstream is a reference-service sandbox. A definite answer is cached for
   * the life of the process (an upstream does not turn into a sandbox); a network failure
   * is not, so a gateway started before its upstream still finds out.
   */
  async function sandboxState(): Promise<SandboxState> {
    if (sandbox) return sandbox;
    try {
      const response = await fetchImpl(url('/sandbox/v1/info'), {
        headers: { accept: 'application/json' },
        signal: deadline(),
      });
      const body: unknown = await response.json().catch(() => null);
      const info = response.status === 200 ? SandboxInfoSchema.safeParse(body) : null;
      if (response.status >= 500) return { sandbox: false, demoLogins: [] };
      sandbox = info?.success
        ? { sandbox: true, demoLogins: info.data.demoLogins }
        : { sandbox: false, demoLogins: [] };
      return sandbox;
    } catch {
      return { sandbox: false, demoLogins: [] };
    }
  }

  return { url, exchange, user, sandboxState };
}
