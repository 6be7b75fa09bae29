import { Hono, type Context } from 'hono';
import {
  PermissionSchema,
  ScopeAreaSchema,
  scopeFor,
  TokenRequestSchema,
} from '../../contract/auth.ts';
import type { ServiceContext } from '../context.ts';
import { DUMMY_HASH, verifySecret } from './secrets.ts';
import { isDeactivated, issueToken, type ClientRecord } from './tokens.ts';
import { z } from '../../contract/zod.ts';

type OAuthError = 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'invalid_request';

// Token responses and errors must never be cached (RFC 6749 §5.1).
function oauthError(c: Context, error: OAuthError, description: string) {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  if (error === 'invalid_client') {
    c.header('WWW-Authenticate', 'Basic realm="attest", charset="UTF-8"');
    return c.json({ error, error_description: description }, 401);
  }
  return c.json({ error, error_description: description }, 400);
}

// RFC 6749 §2.3.1: client id and secret are form-urlencoded before they are base64-encoded.
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  // No id or secret has control characters; refused here, a trailing NUL could otherwise
  // reach the hash and be ignored there ("secret\0" signing in as "secret").
  if (!id || secret === null || CONTROL.test(id) || CONTROL.test(secret)) return null;
  return { id, secret };
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

interface ClientRow {
  id: string;
  owner: string;
  secret_hash: string;
  user_id: string | null;
  perms: string;
  scopes: string;
  deactivated_on: string | null;
}

export function tokenRoutes(ctx: ServiceContext) {
  const routes = new Hono();

  routes.post('/auth/v1/oauth2/token', async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
      return oauthError(
        c,
        'invalid_request',
        'use Content-Type: application/x-www-form-urlencoded',
      );
    }
    const form = new URLSearchParams(await c.req.text());
    // RFC 6749 §3.2: request parameters must not be included more than once.
    const names = [...form.keys()];
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    if (repeated.length > 0) {
      return oauthError(
        c,
        'invalid_request',
        `parameter repeated: ${[...new Set(repeated)].join(', ')}`,
      );
    }
    // Credentials are accepted by HTTP Basic only, as the spec says.
    if (form.has('client_secret') || form.has('client_id')) {
      return oauthError(c, 'invalid_client', 'send client credentials by HTTP Basic auth only');
    }
    const credentials = basicCredentials(c.req.header('authorization'));
    if (!credentials) {
      return oauthError(c, 'invalid_client', 'client credentials missing: use HTTP Basic auth');
    }
    const row = ctx.db
      .prepare(
        `SELECT c.id, c.owner, c.secret_hash, c.user_id, c.perms, c.scopes, u.deactivated_on
         FROM clients c LEFT JOIN users u ON u.id = c.user_id WHERE c.id = ?`,
      )
      .get(credentials.id) as ClientRow | undefined;
    const secretOk = await verifySecret(credentials.secret, row?.secret_hash ?? DUMMY_HASH);
    if (!row || !secretOk) return oauthError(c, 'invalid_client', 'client id or secret is wrong');
    // Told only to a caller that knows the secret.
    if (isDeactivated(ctx, row.deactivated_on)) {
      return oauthError(c, 'invalid_client', "this client's user has been deactivated");
    }

    const request = TokenRequestSchema.safeParse(Object.fromEntries(form));
    if (!request.success || request.data.grant_type !== 'client_credentials') {
      return oauthError(c, 'invalid_grant', 'grant_type must be client_credentials');
    }

    const provisioned = z
      .array(ScopeAreaSchema)
      .parse(JSON.parse(row.scopes))
      .map((area) => scopeFor(ctx.baseUrl, area));
    const requested = (request.data.scope ?? '').split(' ').filter(Boolean);
    const unknown = requested.filter((scope) => !provisioned.includes(scope));
    if (unknown.length > 0) {
      return oauthError(
        c,
        'invalid_scope',
        `scope not provisioned for this client: ${unknown.join(' ')}`,
      );
    }
    const client: ClientRecord = {
      id: row.id,
      owner: row.owner,
      userId: row.user_id,
      perms: z.array(PermissionSchema).parse(JSON.parse(row.perms)),
      scopes: provisioned,
    };
    const body = await issueToken(
      ctx,
      client,
      requested.length ? [...new Set(requested)] : provisioned,
    );
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json(body, 200);
  });

  routes.all('/auth/v1/oauth2/token', (c) => {
    c.header('Allow', 'POST');
    return c.json({ error: 'invalid_request', error_description: 'use POST' }, 405);
  });

  return routes;
}
