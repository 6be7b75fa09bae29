import { revokeClientTokens } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { transaction } from '../store/transaction.ts';
import { findUser, type UserRow } from './user-json.ts';

function userOf(ctx: ServiceContext, owner: string, userId: string): UserRow {
  const user = findUser(ctx, owner, userId);
  if (!user) throw notFound(`user ${userId} not found`);
  return user;
}

/**
 * Deactivates a user now, on the service clock. Its clients get no more tokens, and the tokens
 * they hold are refused from this moment (auth/tokens.ts checks the user on every request);
 * they are also revoked, so that a later reactivation does not bring them back. A user
 * deactivated already keeps its deactivation time.
 */
export function deactivateUser(ctx: ServiceContext, owner: string, userId: string): UserRow {
  return transaction(ctx.db, () => {
    const user = userOf(ctx, owner, userId);
    const now = ctx.clock.now().toISOString();
    if (user.deactivated_on === null || user.deactivated_on > now) {
      ctx.db.prepare('UPDATE users SET deactivated_on = ? WHERE id = ?').run(now, user.id);
    }
    const clients = ctx.db
      .prepare('SELECT id FROM clients WHERE user_id = ? AND owner = ?')
      .all(user.id, owner) as { id: string }[];
    for (const client of clients) revokeClientTokens(ctx, client.id);
    return userOf(ctx, owner, userId);
  });
}

/** Makes a user active again: its clients may ask for new tokens; revoked ones stay revoked. */
export function reactivateUser(ctx: ServiceContext, owner: string, userId: string): UserRow {
  return transaction(ctx.db, () => {
    const user = userOf(ctx, owner, userId);
    ctx.db.prepare('UPDATE users SET deactivated_on = NULL WHERE id = ?').run(user.id);
    return userOf(ctx, owner, userId);
  });
}
