import type { ServiceContext } from '../context.ts';
import { notFound } from '../http/errors.ts';

/** The tables whose rows an owner reads whole by id. */
type OwnedTable = 'qc_requests' | 'signature_requests';

/**
 * The row of `table` with this id, if `owner` holds it; otherwise 404 `<what> <id> not found`,
 * the same for an unknown id and another owner's.
 */
export function ownedRow<Row>(
  ctx: ServiceContext,
  table: OwnedTable,
  what: string,
  owner: string,
  id: string,
): Row {
  const row = ctx.db.prepare(`SELECT * FROM ${table} WHERE id = ? AND owner = ?`).get(id, owner);
  if (!row) throw notFound(`${what} ${id} not found`);
  return row as Row;
}
