import type { SandboxResetResult } from '../../contract/sandbox.ts';
import type { ServiceContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { sealDemoCompletions } from '../sealing/seal-completed.ts';
import { insertDemoOwner, isDemoOwner, prepareDemoOwner } from '../seed/demo.ts';
import type { Db } from '../store/db.ts';
import { transaction } from '../store/transaction.ts';

/** A reset keeps the owner, its clients and their issued tokens: logins keep working. */
const KEPT = new Set(['owners', 'clients', 'issued_tokens']);

export interface OwnerScope {
  table: string;
  /** SQL condition selecting the owner's rows, with one `?` for the owner. */
  where: string;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table holding an owner's rows, read from the schema rather than listed by hand, so a
 * table added by a later migration is reset too: a table with an `owner` column, or one
 * whose foreign key leads to such a table (checklist_versions, delivery_attempts). Children
 * come before their parents, so each condition still finds its parent rows when it runs.
 */
export function ownerScopes(db: Db): OwnerScope[] {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
  const columns = new Map(
    tables.map((t) => [
      t,
      db.prepare(`PRAGMA table_info(${q(t)})`).all() as { name: string; pk: number }[],
    ]),
  );
  const keys = new Map(
    tables.map((t) => [
      t,
      db.prepare(`PRAGMA foreign_key_list(${q(t)})`).all() as {
        table: string;
        from: string;
        to: string | null;
      }[],
    ]),
  );

  const where = new Map<string, string | null>();
  const scopeOf = (table: string, visiting: Set<string>): string | null => {
    if (where.has(table)) return where.get(table) ?? null;
    if (visiting.has(table)) return null;
    visiting.add(table);
    let result: string | null = null;
    if (table === 'owners') result = 'id = ?';
    else if (columns.get(table)?.some((c) => c.name === 'owner')) result = 'owner = ?';
    else {
      for (const key of keys.get(table) ?? []) {
        const parent = scopeOf(key.table, visiting);
        if (!parent) continue;
        const to = key.to ?? columns.get(key.table)?.find((c) => c.pk === 1)?.name ?? 'rowid';
        result = `${q(key.from)} IN (SELECT ${q(to)} FROM ${q(key.table)} WHERE ${parent})`;
        break;
      }
    }
    where.set(table, result);
    return result;
  };

  const scoped = tables.filter((t) => !KEPT.has(t) && scopeOf(t, new Set()) !== null);
  // Kahn's order over "is referenced by": a table goes once every table pointing at it has.
  const children = new Map(scoped.map((t) => [t, new Set<string>()]));
  for (const child of scoped) {
    for (const key of keys.get(child) ?? []) {
      if (key.table !== child) children.get(key.table)?.add(child);
    }
  }
  const ordered: string[] = [];
  while (ordered.length < scoped.length) {
    const ready =
      scoped.find(
        (t) =>
          !ordered.includes(t) && [...(children.get(t) ?? [])].every((c) => ordered.includes(c)),
      ) ?? scoped.find((t) => !ordered.includes(t)); // a cycle: foreign keys are deferred anyway
    if (!ready) break;
    ordered.push(ready);
  }
  return ordered.map((table) => ({ table, where: where.get(table) as string }));
}

/**
 * Puts one owner's demo data back: documents are rendered first (seconds, outside the
 * transaction), then the owner's rows are deleted and re-seeded in one transaction, then the
 * completed documents sealed. The other owner's rows are never touched; clients and their
 * tokens stay.
 */
export async function resetOwner(ctx: ServiceContext, owner: string): Promise<SandboxResetResult> {
  if (!isDemoOwner(owner)) throw badRequest(`owner ${owner} has no demo data to restore`);
  const seed = await prepareDemoOwner(ctx, owner);
  const result = transaction(ctx.db, () => {
    // Users are deleted and re-inserted with the same ids while clients point at them:
    // foreign keys are checked at commit, when they hold again.
    ctx.db.exec('PRAGMA defer_foreign_keys = ON');
    const scopes = ownerScopes(ctx.db);
    let removed = 0;
    for (const { table, where } of scopes) {
      removed += Number(
        ctx.db.prepare(`DELETE FROM ${q(table)} WHERE ${where}`).run(owner).changes,
      );
    }
    insertDemoOwner(ctx, seed);
    const restored: Record<string, number> = {};
    for (const { table, where } of scopes) {
      const row = ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${where}`).get(owner);
      restored[table] = Number(row?.n ?? 0);
    }
    return { owner, resetOn: ctx.clock.now().toISOString(), removed, restored };
  });
  // Then its completed documents are sealed again, as the first start sealed them.
  await sealDemoCompletions(ctx, owner);
  return result;
}
