import { Hono, type Context } from 'hono';
import { EventTypeSchema } from '../../contract/webhooks.ts';
import {
  DeliveryAttemptSchema,
  DeliveryListQuerySchema,
  DeliveryStatusSchema,
  MessageIdSchema,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryDetail,
  type RedeliverResult,
} from '../../contract/sandbox.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { filterOf, ownedList, ownedRow } from '../http/owned-lists.ts';
import { listPage, parseListParams } from '../http/pagination.ts';
import { queryParams } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';

const ATTEMPT_JSON = `json_object('attempt', d.attempt, 'attemptedOn', d.attempted_on, 'url', d.url,
  'statusCode', d.status_code, 'error', d.error, 'durationMs', d.duration_ms)`;

export const DELIVERIES = ownedList(
  'deliveries',
  'outbox o',
  `o.id, o.event_type, o.payload, o.status, o.attempts, o.created_on, o.next_attempt_on,
    o.delivered_on, (SELECT ${ATTEMPT_JSON} FROM delivery_attempts d WHERE d.message_id = o.id
    ORDER BY d.id DESC LIMIT 1) AS last_attempt`,
  { createdOn: 'created_on' },
);

interface DeliveryRow extends Record<string, unknown> {
  id: string;
  event_type: string;
  payload: string;
  status: string;
  attempts: number;
  created_on: string;
  next_attempt_on: string | null;
  delivered_on: string | null;
  last_attempt: string | null;
}

function deliveryJson(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    eventType: EventTypeSchema.parse(row.event_type),
    status: DeliveryStatusSchema.parse(row.status),
    attemptCount: row.attempts,
    createdOn: row.created_on,
    // Settled messages keep no schedule.
    nextAttemptOn: row.status === 'pending' ? row.next_attempt_on : null,
    deliveredOn: row.delivered_on,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    lastAttempt: row.last_attempt
      ? DeliveryAttemptSchema.parse(JSON.parse(row.last_attempt))
      : null,
  };
}

function messageParam(c: Context): string {
  const parsed = MessageIdSchema.safeParse(c.req.param('id'));
  if (!parsed.success) throw badRequest('id must be a message id (msg_…)');
  return parsed.data;
}

function getRow(ctx: ServiceContext, owner: string, id: string): DeliveryRow {
  const row = ownedRow<DeliveryRow>(ctx, DELIVERIES, owner, id);
  if (!row) throw notFound(`delivery ${id} not found`);
  return row;
}

/** The webhook outbox of the caller's owner: messages, their attempts, and redelivery. */
export function deliveryRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  routes.get('/deliveries', (c) => {
    const owner = requireListOwner(c, c.req.query('owner'));
    const { status } = queryParams(c, DeliveryListQuerySchema);
    const filter = filterOf({ status }, { status: 'o.status = ?' });
    // Newest first unless asked otherwise: the latest events are the ones being looked for.
    const query = { ...c.req.query(), orderDirection: c.req.query('orderDirection') ?? 'desc' };
    const params = parseListParams(query, owner, DELIVERIES);
    const { rows, pagination } = listPage<DeliveryRow>(ctx, DELIVERIES, params, filter);
    return c.json({ deliveries: rows.map(deliveryJson), pagination }, 200);
  });

  routes.get('/deliveries/:id', (c) => {
    const { owner } = c.get('principal');
    const row = getRow(ctx, owner, messageParam(c));
    const attempts = ctx.db
      .prepare(
        `SELECT ${ATTEMPT_JSON} AS json FROM delivery_attempts d WHERE d.message_id = ? ORDER BY d.id`,
      )
      .all(row.id) as { json: string }[];
    const detail: DeliveryDetail = {
      ...deliveryJson(row),
      attempts: attempts.map((a): DeliveryAttempt =>
        DeliveryAttemptSchema.parse(JSON.parse(a.json)),
      ),
    };
    return c.json(detail, 200);
  });

  // Back to pending and due now, with a fresh round of attempts; earlier attempts stay listed.
  routes.post('/deliveries/:id/redeliver', (c) => {
    const { owner } = c.get('principal');
    const id = messageParam(c);
    const nextAttemptOn = ctx.clock.now().toISOString();
    transaction(ctx.db, () => {
      getRow(ctx, owner, id);
      ctx.db
        .prepare(
          "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_on = ?, delivered_on = NULL WHERE id = ?",
        )
        .run(nextAttemptOn, id);
    });
    ctx.events.wake();
    const result: RedeliverResult = { id, status: 'pending', nextAttemptOn };
    return c.json(result, 202);
  });

  return routes;
}
