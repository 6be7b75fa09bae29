import { Webhook } from 'standardwebhooks';
import type { WebhookSecrets } from '../../contract/webhooks.ts';
import type { ServiceContext } from '../context.ts';
import { describeSendFailure } from '../../shared/fetch-failure.ts';
import { presignDownload } from '../files/presign.ts';

/** Where deliveries go (ATTEST_WEBHOOK_URL) and the secrets they are signed with. */
export interface WebhookConfig {
  /** May contain `{owner}`, replaced per message, so each owner can have its own endpoint. */
  url: string;
  /**
   * `whsec_…` secrets; each delivery carries one `v1,` signature per secret of its owner
   * (rotation). A list serves every owner; a map, each owner it names, and no other.
   */
  secrets: WebhookSecrets;
  /** The spec gives the endpoint 30 seconds to answer; tests shorten it. */
  timeoutMs?: number;
}

export const DELIVERY_TIMEOUT_MS = 30_000;
export const MAX_ATTEMPTS = 9;
/** The spec's delays before attempts 2 to 9, in seconds. */
export const RETRY_DELAYS_SECONDS = [5, 60, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 86_400];

/** Seconds to wait after failed attempt `attempt` (1-based), or null when it was the last. */
export function retryDelaySeconds(attempt: number): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_SECONDS[attempt - 1] ?? null;
}

/** The hook-signature header: one `v1,<base64>` per secret, space-separated. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

export interface OutboxRow {
  id: string;
  owner: string;
  event_type: string;
  payload: string;
  download_blob_key: string | null;
  attempts: number;
}

/**
 * The body of one attempt. A DOCUMENT_READY download URL is presigned afresh each time, so a
 * retry hours later still carries a URL valid for 60 minutes from that attempt.
 */
export function deliveryBody(ctx: ServiceContext, row: OutboxRow): string {
  if (row.event_type !== 'DOCUMENT_READY' || !row.download_blob_key) return row.payload;
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  payload.downloadUrl = presignDownload(ctx, row.download_blob_key);
  return JSON.stringify(payload);
}

export type AttemptResult =
  | { outcome: 'answered'; statusCode: number }
  | { outcome: 'error'; error: string }
  | { outcome: 'cancelled' };

/** The endpoint of one owner's messages. */
export function endpointFor(config: WebhookConfig, owner: string): string {
  return config.url.replaceAll('{owner}', encodeURIComponent(owner));
}

/** One POST to the endpoint; never throws. `stop` aborts it without it counting as an attempt. */
export async function sendOnce(
  url: string,
  timeoutMs: number,
  request: { headers: Record<string, string>; body: string },
  stop: AbortSignal,
): Promise<AttemptResult> {
  const { headers, body } = request;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      // A redirect is not a 2xx: it counts as a failure, as the spec counts any non-2xx.
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]),
    });
    // The answer's body means nothing to us; release the connection.
    await response.body?.cancel().catch(() => {});
    return { outcome: 'answered', statusCode: response.status };
  } catch (error) {
    if (stop.aborted) return { outcome: 'cancelled' };
    return { outcome: 'error', error: describeSendFailure(error, timeoutMs) };
  }
}
