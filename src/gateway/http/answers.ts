import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bodyTooLarge } from '../errors.ts';

// What the gateway's own routes share around their JSON: the size limit on what they read,
// and answers that no cache may keep (a session's, a team's data change under it).

/** A limit of `maxSize` bytes on a route's body: a larger one gets 413 `{message}`. */
export const limitBody = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => bodyTooLarge(c, 'body too large') });

/** `body` as JSON with `status` (200 unless said), marked `Cache-Control: no-store`. */
export const noStore = (c: Context, body: unknown, status: ContentfulStatusCode = 200) => {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
};
