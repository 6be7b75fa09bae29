import type { Context } from 'hono';
import type { SQLInputValue } from 'node:sqlite';
import type { ServiceContext } from '../context.ts';
import {
  listPage,
  parseListParams,
  type ListDefinition,
  type ListFilter,
  type Pagination,
} from './pagination.ts';

// Every list of the service is of one owner's rows of a table: an `owner` column scopes it,
// `id` keys it and its sort keys are its own columns. What follows from that is said once.

/**
 * The ListDefinition (pagination.ts) of the list `name`: `from` is the table and its alias
 * (`accounts a`), then any joins; the rows are the alias's. `orderBy` maps each sort (the
 * `orderBy` value) to a column of the table, the first sort the default.
 */
export function ownedList(
  name: string,
  from: string,
  select: string,
  orderBy: Record<string, string>,
  countCap?: number,
): ListDefinition {
  const alias = /^\w+ (\w+)\b/.exec(from)?.[1];
  const sorts = Object.entries(orderBy);
  const defaultOrderBy = sorts[0]?.[0];
  if (!alias || !defaultOrderBy) throw new Error(`list ${name}: no table alias or no sort`);
  return {
    name,
    from,
    select,
    ownerExpr: `${alias}.owner`,
    idExpr: `${alias}.id`,
    orderBy: Object.fromEntries(
      sorts.map(([sort, column]) => [sort, { expr: `${alias}.${column}`, field: column }]),
    ),
    defaultOrderBy,
    ...(countCap === undefined ? {} : { countCap }),
  };
}

/** One row of a list by id, if the owner's: undefined for an unknown id or another owner's. */
export function ownedRow<Row>(
  ctx: ServiceContext,
  def: ListDefinition,
  owner: string,
  id: string,
): Row | undefined {
  return ctx.db
    .prepare(
      `SELECT ${def.select} FROM ${def.from} WHERE ${def.idExpr} = ? AND ${def.ownerExpr} = ?`,
    )
    .get(id, owner) as Row | undefined;
}

/**
 * The filter of a list's query: for each named parameter that has a value, its clause (whose
 * one `?` is the value), bound to the cursor under the parameter's name.
 */
export function filterOf(
  query: Partial<Record<string, SQLInputValue>>,
  clauses: Record<string, string>,
): ListFilter {
  const filter: ListFilter = { clauses: [], binding: {} };
  for (const [name, sql] of Object.entries(clauses)) {
    const value = query[name];
    if (!value) continue;
    filter.clauses.push({ sql, params: [value] });
    filter.binding[name] = value;
  }
  return filter;
}

/**
 * The page of a list a request asks for by its paging parameters (limit, orderBy,
 * orderDirection, cursor), of an owner the caller has already checked.
 */
export function requestedPage<Row extends Record<string, unknown>>(
  ctx: ServiceContext,
  c: Context,
  owner: string,
  def: ListDefinition,
  filter?: ListFilter,
): { rows: Row[]; pagination: Pagination } {
  return listPage<Row>(ctx, def, parseListParams(c.req.query(), owner, def), filter);
}
