import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from '../../contract/zod.ts';
import {
  EVENT_TYPE_HEADER,
  isPerOwner,
  secretsFor,
  WEBHOOK_OWNER,
} from '../../contract/webhooks.ts';
import type { AppEnv, GatewayContext, UpstreamTarget } from '../context.ts';
import type { Feed } from './event-log.ts';
import { bodyTooLarge, errorResponse } from '../errors.ts';

/** Deliveries are a handful of fields; anything far bigger is not the service's. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const EVENT_TYPE = /^[A-Za-z0-9_.:-]{1,100}$/;

type Verdict = { ok: true } | { ok: false; message: string };

/**
 * The spec's hook-* headers are Standard Webhooks' webhook-* under other names; the library
 * checks the HMAC against every `v1,` signature and the 5-minute timestamp window. Every
 * secret of the owner is tried, so the service and gateway can rotate one at a time.
 */
export function verifyDelivery(
  secrets: readonly string[],
  body: string,
  headers: Headers,
): Verdict {
  const id = headers.get('hook-id');
  const timestamp = headers.get('hook-timestamp');
  const signature = headers.get('hook-signature');
  if (!id || !timestamp || !signature) {
    return { ok: false, message: 'hook-id, hook-timestamp and hook-signature are required' };
  }
  if (secrets.length === 0) {
    return { ok: false, message: 'no webhook secret is configured for this owner' };
  }
  const mapped = {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  };
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(body, mapped, { jsonParse: false });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      // The library checks the timestamp first, the same way for every secret.
      if (/timestamp|Signature Headers/.test(error.message)) {
        return { ok: false, message: 'hook-timestamp is missing, malformed or over 5 minutes off' };
      }
    }
  }
  return { ok: false, message: 'no hook-signature matches' };
}

function payloadOf(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    // The store and the event stream serialise it recursively: too deep a payload would
    // overflow the stack there, so it is not kept (the delivery itself still is).
    if (nestsDeeperThan(value, MAX_PAYLOAD_DEPTH)) return {};
    const parsed = z.record(z.string(), z.unknown()).safeParse(value);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The service's payloads are a few levels deep; far deeper is nobody's event. */
const MAX_PAYLOAD_DEPTH = 32;

/** Whether `root` holds objects or arrays more than `limit` deep, walked without recursion. */
function nestsDeeperThan(root: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value))
      stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/**
 * POST /webhooks/:owner: the service's deliveries (its endpoint is …/webhooks/{owner}), and
 * POST /webhooks/staging/:owner: the staging service's, when there is one.
 */
export function webhookRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();

  /**
   * Whether a refused delivery to this owner gets into its ring. An owner with secrets of its
   * own (ATTEST_WEBHOOK_SECRETS) has one. A secret shared by every owner (ATTEST_WEBHOOK_SECRET)
   * would give any invented name one, so then only an owner known to be real has one. An owner
   * without a secret has nothing a delivery could verify with: its refusals are only logged.
   */
  const keepsRefused = async (target: UpstreamTarget, feed: Feed, secrets: readonly string[]) =>
    secrets.length > 0 &&
    (isPerOwner(target.webhookSecrets) || (await ctx.events.isKnownOwner(feed)));

  const receive = (target: UpstreamTarget) => async (c: Context<AppEnv>) => {
    const owner = c.req.param('owner') ?? '';
    if (!WEBHOOK_OWNER.test(owner)) return errorResponse(c, 404, 'no such webhook endpoint');
    const body = await c.req.text();
    const headers = c.req.raw.headers;
    // The owner's secrets only: the path is outside the signature, so a delivery signed
    // for another owner must not verify here.
    const secrets = secretsFor(target.webhookSecrets, owner);
    const verdict = verifyDelivery(secrets, body, headers);
    const type = headers.get(EVENT_TYPE_HEADER) ?? '';
    const feed = { environment: target.environment, owner };
    const delivery = {
      hookId: (headers.get('hook-id') ?? '').slice(0, 200),
      ...feed,
      type: EVENT_TYPE.test(type) ? type : 'unknown',
      receivedOn: new Date(ctx.now()).toISOString(),
      payload: payloadOf(body),
    };
    const at = target.environment === 'production' ? owner : `${owner} (staging)`;
    if (!verdict.ok) {
      const kept =
        (await keepsRefused(target, feed, secrets)) && (await ctx.events.recordRefused(delivery));
      ctx.log(`webhook for ${at} refused${kept ? '' : ' (not kept)'}: ${verdict.message}`);
      return errorResponse(c, 400, verdict.message);
    }
    // Recorded before answering (a fast local write), so a 204 means it is kept.
    const event = await ctx.events.recordVerified(delivery);
    // Fan out after answering: the sender wants its 2xx within 30 s whatever the
    // browsers do. A duplicate (event null) was streamed the first time.
    if (event) {
      setImmediate(() => {
        ctx.hub.publish(event);
        // Something new was signed: the machine's checks look for new QC requests (ADR 042).
        void ctx.checks.noticeOwner(feed).catch(() => undefined);
      });
    }
    return c.body(null, 204);
  };

  const limit = bodyLimit({
    maxSize: WEBHOOK_BODY_LIMIT,
    onError: (c) => bodyTooLarge(c, 'delivery body is too large'),
  });
  routes.post('/webhooks/:owner', limit, receive(ctx.targets.production));
  // The staging service's endpoint is …/webhooks/staging/{owner} (ADR 015); its
  // deliveries are kept and streamed as staging's only.
  const { staging } = ctx.targets;
  if (staging) routes.post('/webhooks/staging/:owner', limit, receive(staging));

  return routes;
}
