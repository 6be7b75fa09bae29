import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import type { EventType } from '../../contract/webhooks.ts';

/**
 * Records an event for delivery. Call it inside the transaction of the change that causes
 * the event: either both are stored or neither is.
 */
export function publish(
  ctx: ServiceContext,
  owner: string,
  type: EventType,
  payload: Record<string, unknown>,
  options: { downloadBlobKey?: string } = {},
): string {
  const id = `msg_${randomBytes(16).toString('base64url')}`;
  const now = ctx.clock.now().toISOString();
  ctx.db
    .prepare(
      `INSERT INTO outbox (id, owner, event_type, payload, download_blob_key, created_on, status, attempts, next_attempt_on)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?)`,
    )
    .run(id, owner, type, JSON.stringify(payload), options.downloadBlobKey ?? null, now, now);
  ctx.events.wake();
  return id;
}
