import { decideQcRequest, getQcRequest } from '../../../../../client/qc.ts';
import { createHeldIds } from './outbox-held.ts';
import { sendDecision, type Outcome, type SendApi } from './outbox-send.ts';
import { entryKey, outboxStore, type OutboxEntry, type OutboxStore } from './outbox-store.ts';

// The outbox at work (ADR 026): a decision is written to it before the screen moves on,
// sent at once, and sent again on the next load, when the connection comes back and on a
// timer while any is left, until the service has answered it for good. One tab sends an
// entry at a time (a Web Lock per entry, released by the browser when the tab goes), and an
// entry another tab began sending moments ago is left to that tab's keepalive request a
// little longer; a second send all the same is harmless (its 409 counts as saved).

/** How long a send begun by a tab that has gone since is left to its keepalive request. */
export const SENT_GRACE_MS = 3_000;
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

export type Sent = { entry: OutboxEntry; outcome: Outcome | { kind: 'gone' } };
/** `wait`: another tab's send may still land; null: another send of it is under way. */
type Attempt = Sent | { entry: OutboxEntry; wait: number } | null;

interface Options {
  now?: () => number;
  locks?: () => LockManager | undefined;
}

export function createOutbox(
  store: OutboxStore,
  api: SendApi,
  { now = Date.now, locks = () => globalThis.navigator?.locks }: Options = {},
) {
  // The requests of each person's outbox as this tab knows them: what screens show as saving.
  const held = createHeldIds();
  const inFlight = new Map<string, Promise<Attempt>>();
  const runners = new Map<string, { onSent: (sent: Sent) => void; soon: () => void }>();

  // Entries written by this tab and not answered for good: held even before they are listed.
  const mine = new Set<string>();
  const forget = (entry: OutboxEntry) => {
    mine.delete(entry.key);
    held.change(entry.scope, (ids) => ids.delete(entry.requestId));
  };

  async function withLock(name: string, run: () => Promise<Attempt>): Promise<Attempt> {
    const manager = locks();
    if (!manager) return run();
    return manager.request(name, { ifAvailable: true }, (lock) => (lock ? run() : null));
  }

  /** Keeps the entry after an answer that may change, removes it after a final one. */
  async function record(entry: OutboxEntry, outcome: Outcome, stored: boolean): Promise<Sent> {
    if (outcome.kind === 'retry') {
      // Answered here, if only by a failure: no send of it is on the way from this tab.
      if (stored) await store.put({ ...entry, sentOn: undefined }).catch(() => {});
      runners.get(entry.scope)?.soon();
    } else {
      if (stored) await store.remove(entry.key).catch(() => {});
      forget(entry);
    }
    return { entry, outcome };
  }

  function track(key: string, attempt: Promise<Attempt>): Promise<Attempt> {
    const tracked = attempt.finally(() => inFlight.delete(key));
    inFlight.set(key, tracked);
    return tracked;
  }

  /**
   * A later send of an entry (the next load, the connection back): read again (another tab
   * may have settled it), left a little longer to a send another tab began moments ago
   * (`grace`), and sent only if the service still has the request pending.
   */
  function send(entry: OutboxEntry, { grace = true } = {}): Promise<Attempt> {
    if (inFlight.has(entry.key)) return Promise.resolve(null);
    const run = async (): Promise<Attempt> => {
      const current = await store.get(entry.key).catch(() => entry);
      if (!current) {
        forget(entry);
        return { entry, outcome: { kind: 'gone' } };
      }
      const { sentOn } = current;
      if (grace && sentOn !== undefined && now() - sentOn < SENT_GRACE_MS) {
        return { entry: current, wait: sentOn + SENT_GRACE_MS - now() };
      }
      await store.put({ ...current, sentOn: now() }).catch(() => {});
      const outcome = await sendDecision(current, api, { askFirst: true, keepalive: true });
      return record(current, outcome, true);
    };
    return track(entry.key, withLock(`attest-outbox:${entry.key}`, run));
  }

  return {
    ids: held.ids,
    holds: held.holds,
    announce: held.announce,
    subscribe: held.subscribe,

    /**
     * A decision just made: written to the outbox and sent (keepalive) side by side, both
     * handed to the browser in the caller's task, so a tab closed a moment later has lost
     * neither. `kept` resolves once the entry is committed (false when the browser keeps
     * nothing, no IndexedDB: it is sent all the same), `sent` with the service's answer.
     * Another tab leaves it to this one (`sentOn`, within SENT_GRACE_MS). Screens hear of it,
     * and of its answer, on `announce()` (a second at most): the screen that decided it would
     * otherwise render once more, for nothing, before the next one (ADR 024).
     */
    submit(entry: OutboxEntry): { kept: Promise<boolean>; sent: Promise<Sent> } {
      held.quietFor(1_000);
      mine.add(entry.key);
      held.change(entry.scope, (ids) => ids.add(entry.requestId));
      const kept = store.put({ ...entry, sentOn: now() }).then(
        () => true,
        () => false,
      );
      const answered = sendDecision(entry, api, { askFirst: false, keepalive: true });
      const sent = track(
        entry.key,
        answered.then(async (outcome) => record(entry, outcome, await kept)),
      ) as Promise<Sent>;
      return { kept, sent };
    },

    /**
     * Sends what `scope`'s outbox holds now, on the next load, when the connection is back
     * and with backoff while any is left. `onSent` hears every answer. Returns the stop.
     */
    run(scope: string, onSent: (sent: Sent) => void): () => void {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let delay = RETRY_FIRST_MS;
      let flushing: Promise<void> | null = null;
      const later = (ms: number) => {
        if (stopped || timer !== undefined) return;
        timer = setTimeout(() => {
          timer = undefined;
          void flush();
        }, ms);
      };
      const pass = async () => {
        const entries = await store.list(scope).catch(() => null);
        if (!entries || stopped) return;
        const listed = new Set(entries.map((e) => e.requestId));
        held.change(scope, (ids) => {
          for (const id of ids)
            if (!listed.has(id) && !mine.has(entryKey(scope, id))) ids.delete(id);
          for (const id of listed) ids.add(id);
        });
        let wait: number | undefined;
        let failed = false;
        for (const entry of entries) {
          if (stopped) return;
          const attempt = await send(entry);
          if (!attempt) wait = Math.min(wait ?? delay, delay);
          else if ('wait' in attempt) wait = Math.min(wait ?? Infinity, attempt.wait + 50);
          else {
            onSent(attempt);
            if (attempt.outcome.kind === 'retry') failed = true;
          }
        }
        if (failed) wait = Math.min(wait ?? delay, delay);
        delay = failed ? Math.min(delay * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
        if (wait !== undefined) later(wait);
      };
      const flush = (): Promise<void> => {
        if (flushing) return flushing;
        clearTimeout(timer);
        timer = undefined;
        flushing = pass().finally(() => (flushing = null));
        return flushing;
      };
      const online = () => {
        delay = RETRY_FIRST_MS;
        void flush();
      };
      globalThis.addEventListener?.('online', online);
      runners.set(scope, { onSent, soon: () => later(delay) });
      void flush();
      return () => {
        stopped = true;
        clearTimeout(timer);
        globalThis.removeEventListener?.('online', online);
        runners.delete(scope);
      };
    },

    /**
     * At sign-out: sends what is left, `boundMs` at most, and answers what is still unsent
     * (it stays in the browser for this person's next sign-in).
     */
    async drain(scope: string, boundMs: number): Promise<OutboxEntry[]> {
      const onSent = runners.get(scope)?.onSent;
      const end = now() + boundMs;
      let over = false;
      const attempt = async () => {
        // Tried again a second apart while the bound lasts: a connection may come back.
        while (!over) {
          await Promise.allSettled(inFlight.values());
          const entries = await store.list(scope).catch(() => []);
          if (entries.length === 0) return;
          for (const entry of entries) {
            const sent = await send(entry, { grace: false });
            if (sent && 'outcome' in sent) onSent?.(sent);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, end - now())));
        }
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        attempt(),
        new Promise((resolve) => (timer = setTimeout(resolve, boundMs))),
      ]);
      over = true;
      clearTimeout(timer);
      return store.list(scope).catch(() => []);
    },

    /** What `scope`'s outbox holds, for saying what is unsent. */
    entries: (scope: string): Promise<OutboxEntry[]> => store.list(scope).catch(() => []),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The browser's outbox, over IndexedDB and the service. */
export const outbox = createOutbox(outboxStore, {
  decide: decideQcRequest,
  get: (id) => getQcRequest(id),
});
