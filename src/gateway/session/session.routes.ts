import { Hono, type Context } from 'hono';
import {
  SessionLoginSchema,
  type Environment,
  type GatewayConfig,
  type Session,
  type SessionUser,
} from '../../contract/session.ts';
import { DatabaseUnavailableError } from '../db/sql.ts';
import { noSuchEnvironment, targetOf, type AppEnv, type GatewayContext } from '../context.ts';
import { clearSessionCookies, readSessionCookie, sessionCookie } from '../http/cookies.ts';
import { errorResponse, UNREACHABLE } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { reachedOverLoopback } from '../http/host-allow-list.ts';
import { isHttps } from '../http/request-origin.ts';
import { requireSession } from './session-auth.ts';
import { signInKey } from './sign-in-limit.ts';
import { releaseHoldsOf } from '../reviews/reviews.routes.ts';
import { isQcManager } from '../reviews/reviews.ts';
import { expiresAt, hashSessionId, type SessionRecord } from './sessions.ts';
import { tokenExpiry } from './tokens.ts';
import { TIMED_OUT } from '../upstream/upstream-fetch.ts';
import { readIdentity } from './identity.ts';

export const WRONG_CREDENTIALS = 'client id or secret is wrong';
export const MALFORMED_CREDENTIALS = 'the client id and secret must be plain text';

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
const isPlainText = (value: string) => value.isWellFormed() && !CONTROL.test(value);

/** What GET /session answers for a session record. */
function sessionAnswer(ctx: GatewayContext) {
  return async function toSession(session: SessionRecord): Promise<Session> {
    const { upstream } = targetOf(ctx.targets, session.environment);
    const { sandbox } = await upstream.sandboxState();
    return {
      clientId: session.clientId,
      owner: session.owner,
      user: session.user,
      permissions: session.permissions,
      sandbox,
      environment: session.environment,
      expiresOn: new Date(expiresAt(session)).toISOString(),
    };
  };
}

/**
 * The session a page of the app is served with (ADR 017): what GET /session would answer,
 * so that a first visit does not wait a round trip for it; null where GET /session would
 * answer 401, so that the app knows no one is signed in without asking (ADR 034); undefined
 * when that cannot be told (the store is down), so that the app asks and shows why. Counts
 * as activity, as that call does.
 */
export function pageSession(ctx: GatewayContext) {
  const toSession = sessionAnswer(ctx);
  return async (c: Context<AppEnv>): Promise<Session | null | undefined> => {
    try {
      const session = await ctx.sessions.find(readSessionCookie(c));
      if (!session || !ctx.targets[session.environment]) return null;
      return toSession(await ctx.sessions.touch(session));
    } catch (error) {
      // The page still loads; its own call to /session then says what is wrong.
      if (error instanceof DatabaseUnavailableError) return undefined;
      throw error;
    }
  };
}

/** POST/GET/DELETE /session and GET /config. */
export function sessionRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  const limit = ctx.signIns;
  const toSession = sessionAnswer(ctx);

  routes.get('/config', async (c) => {
    // Production's sandbox state and demo logins: the page's default environment.
    const { sandbox, demoLogins } = await ctx.targets.production.upstream.sandboxState();
    // The demo secrets sign anyone in: listed to a browser on this machine only (ADR 012),
    // since a sandbox reached from elsewhere is a shared one, unless ATTEST_SHOW_DEMO_LOGINS.
    const show = sandbox && (ctx.showDemoLogins || reachedOverLoopback(c, ctx.trustProxy));
    const environments: Environment[] = ctx.targets.staging
      ? ['production', 'staging']
      : ['production'];
    const config: GatewayConfig = { sandbox, demoLogins: show ? demoLogins : [], environments };
    return noStore(c, config);
  });

  routes.post('/session', limitBody(16 * 1024), async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return errorResponse(c, 400, 'send {clientId, clientSecret} as JSON');
    const login = SessionLoginSchema.safeParse(body);
    if (!login.success) {
      return errorResponse(c, 400, login.error.issues[0]?.message ?? 'bad sign-in body');
    }
    const { clientId, clientSecret, environment = 'production' } = login.data;
    const target = ctx.targets[environment];
    if (!target) return errorResponse(c, 400, noSuchEnvironment(environment));
    const key = signInKey(c, clientId, ctx.trustProxy);
    // Counted as it starts (ADR 028): guesses sent at once cannot all pass the check.
    const attempt = await limit.start(key);
    if ('retryAfter' in attempt) {
      const wait = attempt.retryAfter;
      c.header('Retry-After', String(wait));
      const minutes = Math.ceil(wait / 60);
      return errorResponse(
        c,
        429,
        `Too many failed sign-ins for this client id. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    // A lone surrogate cannot be form-encoded for HTTP Basic (RFC 6749 §2.3.1), and a
    // control character is in no client's credentials (Appendix A: printable characters).
    // Refused here, and counted like a wrong secret.
    if (!isPlainText(clientId) || !isPlainText(clientSecret)) {
      return errorResponse(c, 400, MALFORMED_CREDENTIALS);
    }
    // The chosen environment's token endpoint: its token works against its service only.
    const exchange = await target.upstream.exchange(clientId, clientSecret);
    if (!exchange.ok) {
      if (exchange.reason === 'invalid-client') return errorResponse(c, 401, WRONG_CREDENTIALS);
      // No secret was checked: the guess is not counted.
      await limit.release(key, attempt.at);
      ctx.log(`sign-in of ${JSON.stringify(clientId)}: ${exchange.reason} (${exchange.detail})`);
      if (exchange.reason === 'unreachable') return errorResponse(c, 502, UNREACHABLE);
      if (exchange.reason === 'timeout') return errorResponse(c, 504, TIMED_OUT);
      if (exchange.reason === 'invalid-scope') {
        return errorResponse(
          c,
          400,
          `the service refused the scopes this console asks for (ATTEST_SCOPES): ${exchange.detail}`,
        );
      }
      return errorResponse(c, 502, `the service refused the sign-in (${exchange.detail})`);
    }
    await limit.succeeded(key);
    const read = readIdentity(exchange.token, ctx.identity);
    if (!read.ok) {
      // The console's settings do not fit this deployment: the operator must hear of it.
      ctx.log(`sign-in of ${JSON.stringify(clientId)}: ${read.message}`);
      return errorResponse(c, 502, `The console cannot tell who this client is: ${read.message}.`);
    }
    const { owner, userId, permissions } = read.identity;
    const user: SessionUser | null = userId
      ? ((await target.upstream.user(exchange.token, userId)) ?? {
          id: userId,
          displayName: clientId,
        })
      : null;

    // A sign-in replaces whatever session this browser had.
    const previous = readSessionCookie(c);
    if (previous) await ctx.endSession(hashSessionId(previous));
    const { id, session } = await ctx.sessions.create({
      environment,
      clientId,
      clientSecret,
      owner,
      user,
      permissions,
      token: { token: exchange.token, expiresAt: tokenExpiry(ctx.now(), exchange.expiresIn) },
    });
    // Findings by e-mail (ADR 040): a person's address, and whether they are a QC manager
    // (who gets escalations and disputes to settle), as their sign-in shows them.
    if (user) {
      await ctx.mail
        .notePerson(
          { environment, owner },
          {
            id: user.id,
            name: user.displayName,
            email: user.email ?? null,
            manager: isQcManager(ctx, session),
          },
        )
        .catch((error: unknown) => ctx.log('mail: a person was not noted', error));
    }
    const secure = isHttps(c, ctx.trustProxy);
    const maxAge = (expiresAt(session) - ctx.now()) / 1000;
    c.header('Set-Cookie', sessionCookie(id, { secure, maxAge }));
    return noStore(c, await toSession(session));
  });

  routes.get('/session', requireSession(ctx), async (c) => {
    return noStore(c, await toSession(c.get('session')));
  });

  routes.delete('/session', async (c: Context<AppEnv>) => {
    const id = readSessionCookie(c);
    const session = await ctx.sessions.find(id);
    // The person's holds end with their last session, not with one of several (another
    // browser of theirs may be mid-review).
    if (session && !(await ctx.sessions.hasOtherSession(session))) {
      await releaseHoldsOf(ctx, session);
    }
    if (id) await ctx.endSession(hashSessionId(id));
    for (const cookie of clearSessionCookies(isHttps(c, ctx.trustProxy))) {
      c.header('Set-Cookie', cookie, { append: true });
    }
    c.header('Cache-Control', 'no-store');
    // The signed-in pages carry their first screen (queue rows, review headers) and are kept
    // in the browser's cache for revalidation and back/forward: none of it outlives the
    // session. Only the cache: the drafts and unsent decisions in storage are per person and
    // wait for that person's next sign-in.
    c.header('Clear-Site-Data', '"cache"');
    return c.body(null, 204);
  });

  return routes;
}
