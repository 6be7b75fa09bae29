import type { Session } from '../contract/session.ts';

// What one person leaves in the browser's localStorage (a review draft, ADR 019) lives
// under a prefix naming who they are, so someone else signing in on the same browser never
// reads it, and signing out removes it. Every feature's per-person keys go through here, so
// the shell can clear them at sign-out without knowing any feature.

const PREFIX = 'attest:u:';

/** Who the stored things belong to: the user, or the client when its token names none. */
export function userScope(session: Pick<Session, 'clientId' | 'user'>): string {
  return session.user ? `user:${session.user.id}` : `client:${session.clientId}`;
}

/** A key of `scope`'s own: `name` is the feature's (e.g. `qc-draft:<request id>`). */
export function userStorageKey(scope: string, name: string): string {
  return `${PREFIX}${encodeURIComponent(scope)}/${name}`;
}

/** The browser's localStorage, or null where it is refused (a locked-down profile). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The keys of every person whose name (the part after the scope) starts with `name`. */
export function storedKeys(storage: Storage, name = ''): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && key.slice(key.indexOf('/') + 1).startsWith(name)) keys.push(key);
  }
  return keys;
}

/**
 * At sign-out: everything `scope` left in this browser, but what `keep` names (the part
 * after the scope): a feature's work that must wait for the same person's next sign-in.
 */
export function clearUserStorage(
  scope: string,
  storage = browserStorage(),
  keep: (name: string) => boolean = () => false,
): void {
  if (!storage) return;
  const mine = `${PREFIX}${encodeURIComponent(scope)}/`;
  for (const key of storedKeys(storage)) {
    if (key.startsWith(mine) && !keep(key.slice(mine.length))) storage.removeItem(key);
  }
}
