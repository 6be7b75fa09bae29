import { randomUUID } from 'node:crypto';
import type { Account, AccountUpsert } from '../../contract/accounts.ts';
import type { ServiceContext } from '../context.ts';
import { transaction } from '../store/transaction.ts';
import { readAccount, touchAccount, type AccountRef } from './account-store.ts';
import { insertEntity, replaceEntity } from './entity-write.ts';

/**
 * PUT /accounts/v1/accounts: the snapshot is the account's whole state. It matches on crid
 * within the owner. Its entities replace the stored ones: a snapshot entity whose
 * externalEntityId names a stored entity keeps that entity's entityId (the spec calls it
 * stable) and takes the snapshot's values whole; the others are created; stored entities
 * the snapshot does not name are removed.
 */
export function upsertAccount(
  ctx: ServiceContext,
  owner: string,
  snapshot: AccountUpsert,
): { created: boolean; account: Account } {
  return transaction(ctx.db, () => {
    const now = ctx.clock.now().toISOString();
    const existing = ctx.db
      .prepare('SELECT id, crid, matter_id FROM accounts WHERE owner = ? AND crid = ?')
      .get(owner, snapshot.crid) as { id: string; crid: string; matter_id: string } | undefined;
    let ref: AccountRef;
    if (existing) {
      ref = { id: existing.id, crid: existing.crid, matterId: existing.matter_id };
      touchAccount(ctx, ref.id, now);
    } else {
      ref = { id: randomUUID(), crid: snapshot.crid, matterId: randomUUID() };
      ctx.db
        .prepare(
          'INSERT INTO accounts (id, owner, crid, matter_id, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(ref.id, owner, ref.crid, ref.matterId, now, now);
    }

    const stored = ctx.db
      .prepare(
        'SELECT id, external_entity_id FROM entities WHERE account_id = ? ORDER BY created_on, id',
      )
      .all(ref.id) as { id: string; external_entity_id: string | null }[];
    // Unclaimed stored entities by externalEntityId, oldest first.
    const unclaimed = new Map<string, string[]>();
    for (const row of stored) {
      if (row.external_entity_id === null) continue;
      const ids = unclaimed.get(row.external_entity_id) ?? [];
      ids.push(row.id);
      unclaimed.set(row.external_entity_id, ids);
    }
    const kept = new Set<string>();
    for (const entity of snapshot.entities) {
      const match =
        entity.externalEntityId === undefined
          ? undefined
          : unclaimed.get(entity.externalEntityId)?.shift();
      if (match) {
        replaceEntity(ctx, owner, ref, match, entity);
        kept.add(match);
      } else {
        insertEntity(ctx, owner, ref, entity, now);
      }
    }
    const remove = ctx.db.prepare('DELETE FROM entities WHERE id = ?');
    for (const row of stored) if (!kept.has(row.id)) remove.run(row.id);

    const account = readAccount(ctx, owner, ref.id);
    if (!account) throw new Error(`account ${ref.id} vanished inside its own upsert`);
    return { created: !existing, account };
  });
}
