import type { ServiceContext } from '../context.ts';
import { transaction } from '../store/transaction.ts';
import { daysAgo, demoId } from './ids.ts';

// Large data sets for benchmarks: bulk inserts in one transaction with prepared statements,
// over the demo data's documents, processes and users (the demo seed must have run).

interface QcBase {
  process_id: string;
  checklist_version_id: string;
}

/** Adds `count` QC requests to owner, spread over the last year; returns how long it took. */
export function seedBulkQcRequests(ctx: ServiceContext, owner: string, count: number): number {
  const started = performance.now();
  const files = ctx.db
    .prepare('SELECT id, firm_id FROM files WHERE owner = ? ORDER BY id')
    .all(owner) as { id: string; firm_id: string }[];
  const bases = ctx.db
    .prepare(
      `SELECT p.id AS process_id, v.id AS checklist_version_id FROM qc_processes p
       JOIN checklist_versions v ON v.checklist_id = p.checklist_id
       WHERE p.owner = ? AND p.archived_on IS NULL
       AND v.created_on = (SELECT MAX(created_on) FROM checklist_versions WHERE checklist_id = p.checklist_id)`,
    )
    .all(owner) as unknown as QcBase[];
  const users = ctx.db.prepare('SELECT id FROM users WHERE owner = ? ORDER BY id').all(owner) as {
    id: string;
  }[];
  if (files.length === 0 || bases.length === 0 || users.length < 3) {
    throw new Error(`owner ${owner} has no demo data to build on`);
  }
  const insert = ctx.db.prepare(
    `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, status, signed_by, signed_on,
      actors, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const existing = Number(
    ctx.db.prepare('SELECT COUNT(*) AS n FROM qc_requests WHERE owner = ?').get(owner)?.n,
  );
  transaction(ctx.db, () => {
    for (let i = 0; i < count; i += 1) {
      const n = existing + i;
      const file = files[n % files.length] as (typeof files)[number];
      const base = bases[n % bases.length] as QcBase;
      const signer = (users[n % users.length] as { id: string }).id;
      const notary = (users[(n + 1) % users.length] as { id: string }).id;
      const createdOn = daysAgo(365 * ((count - i) / count) + 0.002);
      const actors = `[{"userId":"${signer}","roleId":"affiant"},{"userId":"${notary}","roleId":"notary"}]`;
      insert.run(
        demoId(owner, 'bulk-qc', n),
        owner,
        base.process_id,
        base.checklist_version_id,
        file.id,
        file.firm_id,
        'pending',
        signer,
        createdOn,
        actors,
        createdOn,
      );
    }
  });
  return performance.now() - started;
}

/** Adds `count` accounts (without entities) to owner; returns how long it took. */
export function seedBulkAccounts(ctx: ServiceContext, owner: string, count: number): number {
  const started = performance.now();
  const insert = ctx.db.prepare(
    'INSERT INTO accounts (id, owner, crid, matter_id, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const existing = Number(
    ctx.db.prepare('SELECT COUNT(*) AS n FROM accounts WHERE owner = ?').get(owner)?.n,
  );
  transaction(ctx.db, () => {
    for (let i = 0; i < count; i += 1) {
      const n = existing + i;
      const createdOn = daysAgo(365 * ((count - i) / count) + 0.002);
      insert.run(
        demoId(owner, 'bulk-account', n),
        owner,
        `BK-${String(n).padStart(8, '0')}`,
        demoId(owner, 'bulk-matter', n),
        createdOn,
        createdOn,
      );
    }
  });
  return performance.now() - started;
}
