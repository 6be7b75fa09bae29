import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from '../contract/zod.ts';
import { EVENT_TYPE_HEADER } from '../contract/webhooks.ts';
import type { AppEnv, GatewayContext } from './context.ts';
import { errorResponse } from './errors.ts';

/** Deliveries are a handful of fields; anything far bigger is not the service's. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const OWNER = /^[A-Za-z0-9._~-]{1,128}$/;
const EVENT_TYPE = /^[A-Za-z0-9_.:-]{1,100}$/;

type Verdict = { ok: true } | { ok: false; message: string };

/**
 * The spec's hook-* headers are Standard Webhooks' webhook-* under other names; the library
 * checks the HMAC against every `v1,` signature and the 5-minute timestamp window. Every
 * configured secret is tried, so the service and gateway can rotate one at a time.
 */
export function verifyDelivery(secrets: string[], body: string, headers: Headers): Verdict {
  const id = headers.get('hook-id');
  const timestamp = headers.get('hook-timestamp');
  const signature = headers.get('hook-signature');
  if (!id || !timestamp || !signature) {
    return { ok: false, message: 'hook-id, hook-timestamp and hook-signature are required' };
  }
  if (secrets.length === 0) return { ok: false, message: 'no webhook secret is configured' };
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
    const parsed = z.record(z.string(), z.unknown()).safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** POST /webhooks/:owner: the service's deliveries (its endpoint is …/webhooks/{owner}). */
export function webhookRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();

  routes.post(
    '/webhooks/:owner',
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT,
      onError: (c) => errorResponse(c, 413, 'delivery body is too large'),
    }),
    async (c) => {
      const owner = c.req.param('owner');
      if (!OWNER.test(owner)) return errorResponse(c, 404, 'no such webhook endpoint');
      const body = await c.req.text();
      const headers = c.req.raw.headers;
      const verdict = verifyDelivery(ctx.webhookSecrets, body, headers);
      const type = headers.get(EVENT_TYPE_HEADER) ?? '';
      // Recorded before answering (a fast local write), so a 204 means it is kept.
      const event = ctx.events.record({
        hookId: (headers.get('hook-id') ?? '').slice(0, 200),
        owner,
        type: EVENT_TYPE.test(type) ? type : 'unknown',
        receivedOn: new Date(ctx.now()).toISOString(),
        verified: verdict.ok,
        payload: payloadOf(body),
      });
      if (!verdict.ok) {
        ctx.log(`webhook for ${owner} refused: ${verdict.message}`);
        return errorResponse(c, 400, verdict.message);
      }
      // Fan out after answering: the sender wants its 2xx within 30 s whatever the
      // browsers do. A duplicate (event null) was streamed the first time.
      if (event) setImmediate(() => ctx.hub.publish(event));
      return c.body(null, 204);
    },
  );

  return routes;
}
