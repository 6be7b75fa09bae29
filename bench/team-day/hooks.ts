import { randomUUID } from 'node:crypto';
import { fetch } from 'undici';
import { Webhook } from 'standardwebhooks';
import { agent, since, sleep } from './client.ts';
import type { Day } from './day.ts';

// A burst of signed webhooks besides the service's own: `count` deliveries, 20 at a time,
// each sent until the gateway keeps it (204), as a sender retries; one in ten sent once more
// with the same id afterwards, which the gateway must not keep twice.

const AT_ONCE = 20;

export async function burst(day: Day, base: string, secret: string, count: number) {
  const { record } = day;
  const signer = new Webhook(secret);
  const post = async (hookId: string) => {
    const body = JSON.stringify({ crid: 'TEAM-DAY', note: 'a burst' });
    for (let attempt = 0; ; attempt += 1) {
      const t = since(record);
      const at = new Date();
      const status = await fetch(`${base}/webhooks/acme`, {
        method: 'POST',
        dispatcher: agent,
        headers: {
          'content-type': 'application/json',
          'hook-id': hookId,
          'hook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'hook-signature': signer.sign(hookId, at, body),
          'hook-event-type': 'DOCUMENT_READY',
        },
        body,
      }).then(
        async (response) => {
          await response.body?.cancel();
          return response.status;
        },
        () => 0,
      );
      if (status === 204) return;
      const ms = since(record) - t;
      record.attempts.push({ k: 'webhook', t, ms, s: status });
      if (attempt > 30) {
        record.errors.push({
          k: 'webhook',
          t,
          ms,
          s: status,
          message: `webhook ${hookId} ${status}`,
        });
        throw new Error(`webhook ${hookId} kept answering ${status}`);
      }
      await sleep(Math.min(4_000, 250 * 2 ** attempt));
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) {
        next += 1;
        const hookId = `msg_${randomUUID()}`;
        const t = since(record);
        const started = performance.now();
        const ok = await post(hookId).then(
          () => true,
          () => false,
        );
        record.samples.push({ k: 'webhook', t, ms: performance.now() - started, s: ok ? 1 : 0 });
        if (!ok) continue;
        record.hooks.push(hookId);
        if (Math.random() < 0.1) {
          await post(hookId).catch(() => undefined);
          record.duplicateHooks += 1;
        }
      }
    }),
  );
}
