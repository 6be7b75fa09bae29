import { UserSchema, type User } from '../../contract/users.ts';
import type { GatewayContext } from '../context.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { upstreamGet } from './upstream-get.ts';

/**
 * A user of the session's owner as the service answers it to the session (the spec's
 * `GET /users/v1/users/{id}`), or the status it answered instead: another owner's user is
 * the service's 404.
 */
export async function upstreamUser(
  ctx: GatewayContext,
  session: SessionRecord,
  id: string,
): Promise<{ status: 200; user: User } | { status: number; user?: undefined }> {
  const response = await upstreamGet(ctx, session, `/users/v1/users/${encodeURIComponent(id)}`);
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status };
  }
  const parsed = UserSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { status: 200, user: parsed.data } : { status: 502 };
}
