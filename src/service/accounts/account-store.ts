import type { Account, Entity } from '../../contract/accounts.ts';
import type { ServiceContext } from '../context.ts';
import {
  ACCOUNT_COLUMNS,
  accountJson,
  ENTITY_COLUMNS,
  entityJson,
  type AccountRow,
  type EntityRow,
} from './account-json.ts';

// Reads shared by the account and entity routes. Every query is filtered by owner, so
// another owner's id reads exactly like an unknown one.

/** What events and entity writes need of an account. */
export interface AccountRef {
  id: string;
  crid: string;
  matterId: string;
}

export function findAccount(
  ctx: ServiceContext,
  owner: string,
  id: string,
): AccountRef | undefined {
  const row = ctx.db
    .prepare('SELECT id, crid, matter_id FROM accounts WHERE id = ? AND owner = ?')
    .get(id, owner) as { id: string; crid: string; matter_id: string } | undefined;
  return row && { id: row.id, crid: row.crid, matterId: row.matter_id };
}

export function readAccount(ctx: ServiceContext, owner: string, id: string): Account | undefined {
  const row = ctx.db
    .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = ? AND a.owner = ?`)
    .get(id, owner) as AccountRow | undefined;
  if (!row) return undefined;
  const entities = ctx.db
    .prepare(
      `SELECT ${ENTITY_COLUMNS} FROM entities e JOIN accounts a ON a.id = e.account_id` +
        ' WHERE e.account_id = ? AND e.owner = ? ORDER BY e.created_on, e.id',
    )
    .all(id, owner) as EntityRow[];
  return { ...accountJson(row), entities: entities.map(entityJson) };
}

export function readEntity(
  ctx: ServiceContext,
  owner: string,
  accountId: string,
  entityId: string,
): Entity | undefined {
  const row = ctx.db
    .prepare(
      `SELECT ${ENTITY_COLUMNS} FROM entities e JOIN accounts a ON a.id = e.account_id` +
        ' WHERE e.id = ? AND e.account_id = ? AND e.owner = ?',
    )
    .get(entityId, accountId, owner) as EntityRow | undefined;
  return row && entityJson(row);
}

/** Any write to an account's entities moves the account's updatedOn. */
export function touchAccount(ctx: ServiceContext, accountId: string, now: string): void {
  ctx.db.prepare('UPDATE accounts SET updated_on = ? WHERE id = ?').run(now, accountId);
}
