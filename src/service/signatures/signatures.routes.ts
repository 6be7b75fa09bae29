import { Hono } from 'hono';
import {
  SignatureRequestCreateSchema,
  SignatureRequestListQuerySchema,
  SignatureRequestPatchSchema,
  TransactionListQuerySchema,
} from '../../contract/signatures.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner, requirePermission } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import { filterOf, ownedList, requestedPage } from '../http/owned-lists.ts';
import { jsonBody, queryParams, uuidParam } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';
import {
  signatureRequestsJson,
  transactionJson,
  type SignatureRequestRow,
  type TransactionRow,
} from './signature-json.ts';
import {
  createSignatureRequest,
  deleteSignatureRequest,
  getSignatureRow,
} from './signature-store.ts';
import { confirmScan, issueScanUpload } from './wet-ink.ts';

export const SIGNATURE_REQUESTS = ownedList('signatureRequests', 'signature_requests s', 's.*', {
  createdOn: 'created_on',
});

// Transaction filter fields -> columns. A Map, as the field name is user input: a plain
// object would answer `constructor` or `__proto__` from its prototype.
const TRANSACTION_FILTERS = new Map([
  ['status', 'status'],
  ['otpMethod', 'otp_method'],
]);

export function signatureRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const get = (owner: string, id: string) => getSignatureRow(ctx, owner, id);
  const one = (row: SignatureRequestRow) => signatureRequestsJson(ctx, [row])[0];

  routes.get('/requests', (c) => {
    requirePermission(c, 'signatures.write');
    const owner = requireListOwner(c, c.req.query('owner'));
    const { status } = queryParams(c, SignatureRequestListQuerySchema);
    const filter = filterOf({ status }, { status: 's.status = ?' });
    const { rows, pagination } = requestedPage<SignatureRequestRow>(
      ctx,
      c,
      owner,
      SIGNATURE_REQUESTS,
      filter,
    );
    return c.json({ signatureRequests: signatureRequestsJson(ctx, rows), pagination }, 200);
  });

  routes.get('/requests/:signatureRequestId', (c) => {
    const { owner } = requirePermission(c, 'signatures.write');
    return c.json(one(get(owner, uuidParam(c, 'signatureRequestId'))), 200);
  });

  routes.post('/requests', async (c) => {
    const { owner } = requirePermission(c, 'signatures.write');
    const body = await jsonBody(c, SignatureRequestCreateSchema);
    return c.json(one(createSignatureRequest(ctx, owner, body)), 201);
  });

  routes.delete('/requests/:signatureRequestId', (c) => {
    const { owner } = requirePermission(c, 'signatures.write');
    deleteSignatureRequest(ctx, owner, uuidParam(c, 'signatureRequestId'));
    return c.body(null, 204);
  });

  routes.get('/requests/:signatureRequestId/uploadUrl', (c) => {
    const { owner } = requirePermission(c, 'signatures.write');
    const row = get(owner, uuidParam(c, 'signatureRequestId'));
    return c.json(
      transaction(ctx.db, () => issueScanUpload(ctx, row)),
      200,
    );
  });

  routes.patch('/requests/:signatureRequestId', async (c) => {
    const principal = requirePermission(c, 'signatures.write');
    const id = uuidParam(c, 'signatureRequestId');
    await jsonBody(c, SignatureRequestPatchSchema);
    const row = transaction(ctx.db, () => {
      confirmScan(ctx, get(principal.owner, id), principal);
      return get(principal.owner, id);
    });
    return c.json(one(row), 200);
  });

  routes.get('/transactions', (c) => {
    const principal = requirePermission(c, 'signatures.write');
    const query = queryParams(c, TransactionListQuerySchema, ['filter']);
    // Only transactions the caller's user is party to; a machine client is party to none.
    if (!principal.userId) return c.json({ transactions: [] }, 200);
    const where = ['owner = ?', '(signer_id = ? OR notary_id = ?)'];
    const params: string[] = [principal.owner, principal.userId, principal.userId];
    if (query.clientGroup) {
      where.push('client_group = ?');
      params.push(query.clientGroup);
    }
    // Every field must match (AND); any of a field's values will do (OR).
    for (const { field, values } of query.filter ?? []) {
      const column = TRANSACTION_FILTERS.get(field);
      if (!column) {
        throw badRequest(
          `filter field must be one of: ${[...TRANSACTION_FILTERS.keys()].join(', ')} (not ${field})`,
        );
      }
      where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    }
    const rows = ctx.db
      .prepare(
        `SELECT * FROM signature_transactions WHERE ${where.join(' AND ')} ORDER BY created_on DESC, id`,
      )
      .all(...params) as unknown as TransactionRow[];
    return c.json({ transactions: rows.map(transactionJson) }, 200);
  });

  return routes;
}
