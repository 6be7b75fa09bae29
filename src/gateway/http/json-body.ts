import type { Context } from 'hono';
import type { z } from '../../contract/zod.ts';
import { errorResponse } from '../errors.ts';

// A route's JSON body read with its contract schema: the data, or the 400 `{message}` to
// answer, naming the first field that is wrong.

export type BodyOutcome<S extends z.ZodMiniType> =
  { ok: true; data: z.output<S> } | { ok: false; response: Response };

/** The first issue of a failed parse as one line: `field: what is wrong`. */
export function firstIssue(error: z.core.$ZodError, fallback: string): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? fallback}`;
}

export async function jsonBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
): Promise<BodyOutcome<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: errorResponse(c, 400, 'send the body as JSON') };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: errorResponse(c, 400, firstIssue(parsed.error, 'bad body')) };
}
