import type { IdentitySettings } from '../session/identity.ts';
import { readIdentity } from '../session/identity.ts';
import type { Upstream } from '../upstream/upstream.ts';
import type { Feed } from '../events/event-log.ts';
import type { MailStore } from './store.ts';

// Where a person's e-mail goes (ADR 040): the address of their user record in the service.
// A person who signs in brings theirs (the session reads their record); for everyone else,
// the gateway reads it with the owner's mail client (ATTEST_MAIL_CLIENTS: a client of that
// owner allowed to read users), whose token names the owner. Addresses are kept in
// mail_people; one the service does not give stays unknown, and that e-mail fails saying so.

export interface MailClient {
  clientId: string;
  clientSecret: string;
}

export type Directory = ReturnType<typeof createDirectory>;

export function createDirectory(
  store: MailStore,
  upstream: Pick<Upstream, 'exchange' | 'user'>,
  identity: IdentitySettings,
  clients: readonly MailClient[],
  /** `GET {service}{path}` with a token. */
  fetchService: (token: string, path: string) => Promise<Response>,
  now: () => number,
  log: (message: string, detail?: unknown) => void,
) {
  /** Each client's owner once known, and its token while it lasts. */
  const tokens = new Map<string, { token: string; until: number }>();
  const owners = new Map<string, MailClient>();
  /** Every client's first exchange, once: the owners they are for. */
  let learning: Promise<unknown> | undefined;

  async function exchange(client: MailClient) {
    const got = await upstream.exchange(client.clientId, client.clientSecret);
    if (!got.ok) {
      log(`mail: the mail client ${client.clientId} got no token (${got.reason}: ${got.detail})`);
      return undefined;
    }
    const read = readIdentity(got.token, identity);
    if (!read.ok) return undefined;
    const owner = read.identity.owner;
    owners.set(owner, client);
    tokens.set(owner, { token: got.token, until: now() + (got.expiresIn - 60) * 1000 });
    return owner;
  }

  async function tokenFor(owner: string): Promise<string | undefined> {
    const kept = tokens.get(owner);
    if (kept && kept.until > now()) return kept.token;
    if (!learning) learning = Promise.all(clients.map(exchange));
    await learning;
    const first = tokens.get(owner);
    if (first && first.until > now()) return first.token;
    const client = owners.get(owner);
    if (!client) return undefined;
    await exchange(client);
    return tokens.get(owner)?.token;
  }

  return {
    /** The owner's mail client asking the service, or nothing when it has none. */
    serviceGet(owner: string) {
      return async (path: string): Promise<Response | undefined> => {
        const token = await tokenFor(owner);
        return token ? fetchService(token, path) : undefined;
      };
    },

    /** Where to mail `userId` and their name, or null when no address is known or readable. */
    async lookup(feed: Feed, userId: string): Promise<{ address: string; name: string } | null> {
      const known = await store.person(feed, userId);
      if (known?.email) return { address: known.email, name: known.name };
      // The service behind a staging feed is another: its users are not mailed.
      if (feed.environment !== 'production') return null;
      const token = await tokenFor(feed.owner);
      if (!token) return null;
      const user = await upstream.user(token, userId);
      if (!user?.email) return null;
      const name = user.displayName || known?.name || userId;
      await store.notePerson(feed, { id: userId, name, email: user.email });
      return { address: user.email, name };
    },
  };
}
