import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import { z } from '../../contract/zod.ts';
import {
  DEFAULT_LIST_LIMIT,
  ListLimitSchema,
  OrderDirectionSchema,
} from '../../contract/common.ts';
import type { ServiceContext } from '../context.ts';
import { badRequest } from './errors.ts';
import { memoCount } from '../store/count-memo.ts';

/**
 * One pagination module for every list of the service: keyset paging (never OFFSET, so a
 * deep page costs what the first one does), and opaque cursors that carry the keyset
 * position plus an HMAC binding it to the owner, limit, order and filters of the request.
 */

export interface SortKey {
  /**
   * SQL expression to order by, qualified with the list's alias. It must never be NULL:
   * row-value comparisons skip NULLs, so wrap a nullable column in COALESCE.
   */
  expr: string;
  /** Name of the same value in the selected row. */
  field: string;
}

export interface ListDefinition {
  /** Which list this is; cursors are bound to it, so one list's cursor means nothing to another. */
  name: string;
  /** FROM clause, e.g. 'accounts a'. */
  from: string;
  /** Column list of the SELECT; must include `id` and every SortKey.field. */
  select: string;
  ownerExpr: string;
  idExpr: string;
  orderBy: Record<string, SortKey>;
  defaultOrderBy: string;
  /** Count at most this many (files: 10,000); above it pagination.countExceedsLimit is true. */
  countCap?: number;
}

export interface ListParams {
  owner: string;
  limit: number;
  orderBy: string;
  orderDirection: 'asc' | 'desc';
  cursor: string | undefined;
}

/** Conditions of a list's filters plus their canonical values, which the cursor binds. */
export interface ListFilter {
  clauses: { sql: string; params: SQLInputValue[] }[];
  binding: Record<string, unknown>;
}

export const NO_FILTER: ListFilter = { clauses: [], binding: {} };

export interface Pagination {
  totalCount: number;
  nextCursor: string;
  previousCursor: string;
  countExceedsLimit?: boolean;
}

/** Validates limit, orderBy, orderDirection and cursor of a list request; owner is checked first. */
export function parseListParams(
  query: Record<string, string | undefined>,
  owner: string,
  def: ListDefinition,
): ListParams {
  const issue = (result: z.core.util.SafeParseResult<unknown>) =>
    result.error?.issues[0]?.message ?? 'invalid list parameter';
  const limit = ListLimitSchema.safeParse(query.limit ?? DEFAULT_LIST_LIMIT);
  if (!limit.success) throw badRequest(issue(limit));
  const orderBy = query.orderBy ?? def.defaultOrderBy;
  if (!Object.hasOwn(def.orderBy, orderBy)) {
    throw badRequest(`orderBy must be one of: ${Object.keys(def.orderBy).join(', ')}`);
  }
  const direction = OrderDirectionSchema.safeParse(query.orderDirection ?? 'asc');
  if (!direction.success) throw badRequest('orderDirection must be asc or desc');
  const cursor = query.cursor === '' ? undefined : query.cursor;
  return { owner, limit: limit.data, orderBy, orderDirection: direction.data, cursor };
}

type Position = [string | number, string];
export interface CursorState {
  d: 'n' | 'p';
  k: Position;
}

const CursorStateSchema = z.strictObject({
  d: z.enum(['n', 'p']),
  k: z.tuple([z.union([z.string(), z.number()]), z.string()]),
});

const CURSOR_MESSAGE =
  'invalid cursor: pass nextCursor or previousCursor back unchanged, with the same owner, limit, orderBy, orderDirection and filters';

/** What a cursor is bound to: the list and every parameter that shapes its pages. */
export function bindingOf(def: ListDefinition, params: ListParams, filter: ListFilter): string {
  const filters = Object.keys(filter.binding)
    .sort()
    .map((key) => [key, filter.binding[key]]);
  return JSON.stringify([
    def.name,
    params.owner,
    params.limit,
    params.orderBy,
    params.orderDirection,
    filters,
  ]);
}

function mac(secret: KeyObject, payload: string, binding: string): string {
  return createHmac('sha256', secret).update(`cursor.v1|${payload}|${binding}`).digest('base64url');
}

// A cursor is base64url(payload) "." base64url(HMAC over the exact payload and the
// binding): any change to its bytes, or use with another list or parameters, fails the MAC.
export function encodeCursor(secret: KeyObject, state: CursorState, binding: string): string {
  const payload = JSON.stringify({ d: state.d, k: state.k });
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload, binding)}`;
}

export function decodeCursor(secret: KeyObject, cursor: string, binding: string): CursorState {
  const match = /^([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/.exec(cursor);
  if (!match?.[1] || !match[2]) throw badRequest(CURSOR_MESSAGE);
  const payload = Buffer.from(match[1], 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, payload, binding));
  const actual = Buffer.from(match[2]);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw badRequest(CURSOR_MESSAGE);
  }
  // Only cursors this service signed get this far; parse them strictly all the same.
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    throw badRequest(CURSOR_MESSAGE);
  }
  const parsed = CursorStateSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(CURSOR_MESSAGE);
  return parsed.data;
}

/** Runs one page of a list: rows in display order plus the spec's pagination object. */
export function listPage<Row extends Record<string, unknown>>(
  ctx: ServiceContext,
  def: ListDefinition,
  params: ListParams,
  filter: ListFilter = NO_FILTER,
): { rows: Row[]; pagination: Pagination } {
  const binding = bindingOf(def, params, filter);
  const state = params.cursor
    ? decodeCursor(ctx.keys.cursorSecret, params.cursor, binding)
    : undefined;
  const sort = def.orderBy[params.orderBy];
  if (!sort) throw badRequest(`orderBy must be one of: ${Object.keys(def.orderBy).join(', ')}`);
  const asc = params.orderDirection === 'asc';

  const baseWhere = [`${def.ownerExpr} = ?`, ...filter.clauses.map((clause) => clause.sql)];
  const baseParams: SQLInputValue[] = [params.owner, ...filter.clauses.flatMap((c) => c.params)];
  const keyset = `(${sort.expr}, ${def.idExpr})`;
  const where = (extra?: string) => [...baseWhere, ...(extra ? [extra] : [])].join(' AND ');
  const positionOf = (row: Row): Position => {
    const value = row[sort.field];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(
        `list ${def.name}: sort field ${sort.field} is ${String(value)}, not a value`,
      );
    }
    return [value, row.id as string];
  };

  // Rows strictly after (or before) a position, in display order.
  const after = asc ? '>' : '<';
  const before = asc ? '<' : '>';
  const exists = (op: string, position: Position) =>
    ctx.db
      .prepare(`SELECT 1 FROM ${def.from} WHERE ${where(`${keyset} ${op} (?, ?)`)} LIMIT 1`)
      .get(...baseParams, ...position) !== undefined;

  const backward = state?.d === 'p';
  const op = backward ? before : after;
  const descending = backward ? asc : !asc;
  const dir = descending ? 'DESC' : 'ASC';
  const sql =
    `SELECT ${def.select} FROM ${def.from} WHERE ${where(state ? `${keyset} ${op} (?, ?)` : undefined)}` +
    ` ORDER BY ${sort.expr} ${dir}, ${def.idExpr} ${dir} LIMIT ?`;
  const fetched = ctx.db
    .prepare(sql)
    .all(...baseParams, ...(state ? state.k : []), params.limit + 1) as Row[];
  const more = fetched.length > params.limit;
  const rows = fetched.slice(0, params.limit);
  if (backward) rows.reverse();

  const cursorAt = (d: 'n' | 'p', position: Position) =>
    encodeCursor(ctx.keys.cursorSecret, { d, k: position }, binding);
  const first = rows[0];
  const last = rows.at(-1);
  let nextCursor = '';
  let previousCursor = '';
  if (first && last) {
    if (backward) {
      previousCursor = more ? cursorAt('p', positionOf(first)) : '';
      nextCursor = exists(after, positionOf(last)) ? cursorAt('n', positionOf(last)) : '';
    } else {
      nextCursor = more ? cursorAt('n', positionOf(last)) : '';
      previousCursor =
        state && exists(before, positionOf(first)) ? cursorAt('p', positionOf(first)) : '';
    }
  } else if (state) {
    // An empty page past either end (the rows beside the cursor were deleted): offer the way back.
    if (exists(before, state.k)) previousCursor = cursorAt('p', state.k);
    if (exists(after, state.k)) nextCursor = cursorAt('n', state.k);
  }

  const pagination: Pagination = {
    ...count(ctx, def, where(), baseParams),
    nextCursor,
    previousCursor,
  };
  return { rows, pagination };
}

function count(
  ctx: ServiceContext,
  def: ListDefinition,
  where: string,
  params: SQLInputValue[],
): { totalCount: number; countExceedsLimit?: boolean } {
  if (def.countCap === undefined) {
    const sql = `SELECT COUNT(*) AS n FROM ${def.from} WHERE ${where}`;
    return { totalCount: memoCount(ctx.db, sql, params) };
  }
  const n = memoCount(
    ctx.db,
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${def.from} WHERE ${where} LIMIT ?)`,
    [...params, def.countCap + 1],
  );
  return { totalCount: Math.min(n, def.countCap), countExceedsLimit: n > def.countCap };
}
