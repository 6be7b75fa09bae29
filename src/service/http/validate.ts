import type { Context } from 'hono';
import { z } from '../../contract/zod.ts';
import { badRequest, describeIssues, HttpError } from './errors.ts';
import { findProblem } from './json-guard.ts';

/** Reads a JSON body and validates it against schema; 415/400 with a clear message otherwise. */
export async function jsonBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'request body must be JSON (Content-Type: application/json)');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  const problem = findProblem(raw);
  if (problem) {
    throw badRequest(
      `invalid request body: ${problem.path.join('.') || '(body)'}: ${problem.message}`,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(`invalid request body: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/**
 * Validates the query string against schema: the first value of each parameter, except the
 * `repeatable` ones, which come as the array of all their values.
 */
export function queryParams<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
  repeatable: readonly string[] = [],
): z.infer<S> {
  const query: Record<string, string | string[]> = { ...c.req.query() };
  for (const name of repeatable) {
    const values = c.req.queries(name);
    if (values) query[name] = values;
  }
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest(`invalid query: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

const Uuid = z.uuid();

/** A path id must be a UUID: a malformed one is 400, an unknown one is the handler's 404. */
export function uuidParam(c: Context, name: string): string {
  const value = c.req.param(name);
  if (!value || !Uuid.safeParse(value).success) throw badRequest(`${name} must be a UUID`);
  return value.toLowerCase();
}
