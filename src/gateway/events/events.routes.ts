import { Hono, type Context } from 'hono';
import { except } from 'hono/combine';
import { streamSSE } from 'hono/streaming';
import type { ReceivedEvent, ReceivedEventList } from '../../contract/session.ts';
import { memberIdOf, QUEUE_EVENT } from '../../contract/team.ts';
import type { Audience } from '../db/bus.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { noStore } from '../http/answers.ts';
import { requireSession } from '../session/session-auth.ts';
import { isQcReader } from '../reviews/reviews.ts';

export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting (EventSource's `retry`). */
const RETRY_MS = 5000;

function parseLastEventId(value: string | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** One message: each line of `data` a `data:` line, as EventSource reads them. */
function sseText(type: string, data: string, id?: number): string {
  const head = `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\n`;
  return `${head}${data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('')}\n`;
}

/** The gateway's own news as a message: the same for every stream it goes to, so made once. */
let lastNews = { type: '', data: '', text: '' };
function newsText(type: string, data: string): string {
  if (lastNews.type !== type || lastNews.data !== data) {
    lastNews = { type, data, text: sseText(type, data) };
  }
  return lastNews.text;
}

/** A delivery's JSON, written once for all the streams it goes to. */
const json = new WeakMap<ReceivedEvent, string>();
function jsonOf(event: ReceivedEvent): string {
  let text = json.get(event);
  if (text === undefined) {
    text = JSON.stringify(event);
    json.set(event, text);
  }
  return text;
}

/**
 * How long a stream gathers what is pushed to it before writing it. Unnoticed by a person,
 * and it turns a burst's hundreds of socket writes per stream (160 streams: tens of
 * thousands a second) into a few dozen.
 */
const GATHER_MS = 25;

/** How many delivery numbers a stream remembers having sent, to send none twice. */
const REMEMBERED = 4096;

/**
 * What one stream has sent of the log's deliveries. On PostgreSQL two deliveries received at
 * once may be numbered in one order and committed, so published, in the other: the later
 * number first. Each is sent once, in the order published; a message's id never goes back,
 * so a reconnect's Last-Event-ID resumes after the newest sent, not before it.
 */
function sentDeliveries(after: number) {
  let newest = after;
  const seqs = new Set<number>();
  return {
    /** The message for `event`, or nothing when this stream has sent it. */
    text(event: ReceivedEvent): string {
      if (event.seq <= after || seqs.has(event.seq)) return '';
      seqs.add(event.seq);
      if (seqs.size > REMEMBERED) seqs.delete(seqs.values().next().value as number);
      newest = Math.max(newest, event.seq);
      return sseText(event.type, jsonOf(event), newest);
    },
  };
}

/**
 * `/events` is also the console's page of events: a browser loading it as a page (a reload,
 * a shared link) asks for HTML, while EventSource asks for text/event-stream.
 */
function wantsPage(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html') && !accept.includes('text/event-stream');
}

/**
 * GET /events (server-sent events) and GET /events/recent, for the session's owner in the
 * session's environment only.
 * /events/recent lists verified deliveries; `?check=refused` lists the refused ones instead,
 * which are kept apart so that no number of them can push a verified one off the list.
 */
export function eventRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  routes.get('/events/recent', requireSession(ctx), async (c) => {
    const check = c.req.query('check') ?? 'verified';
    if (check !== 'verified' && check !== 'refused') {
      return errorResponse(c, 400, 'check must be verified or refused');
    }
    // The session's own environment and owner: staging never sees production's, nor back.
    const { environment, owner } = c.get('session');
    const feed = { environment, owner };
    const list: ReceivedEventList = {
      events: await (check === 'refused' ? ctx.events.refused(feed) : ctx.events.recent(feed)),
    };
    return noStore(c, list);
  });

  routes.get('/events', except(wantsPage, requireSession(ctx)), (c, next) => {
    // The static app answers a page request (see static.ts).
    if (wantsPage(c)) return next();
    const session = c.get('session');
    const lastEventId = parseLastEventId(
      c.req.header('last-event-id') ?? c.req.query('lastEventId'),
    );
    // Proxies such as nginx would otherwise hold events back in a buffer.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      // Writes go through one chain, in order. What arrives within GATHER_MS, or while a
      // write is under way, goes out in one write: a burst of webhooks is hundreds of events
      // for each of a team's streams, and a socket write each.
      let chain = Promise.resolve();
      let closed = false;
      let finish = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const enqueue = (write: () => Promise<unknown>) => {
        chain = chain
          .then(async () => {
            if (!closed) await write();
          })
          .catch(() => close());
      };
      const sent = sentDeliveries(lastEventId ?? 0);
      let pending: (ReceivedEvent | string)[] = [];
      const flush = async () => {
        const batch = pending;
        pending = [];
        const text = batch
          .map((item) => (typeof item === 'string' ? item : sent.text(item)))
          .join('');
        if (text) await stream.write(text);
      };
      const push = (item: ReceivedEvent | string) => {
        pending.push(item);
        if (pending.length === 1) setTimeout(() => enqueue(flush), GATHER_MS);
      };
      const send = (event: ReceivedEvent) => push(event);
      // No id: a reconnect's Last-Event-ID keeps counting the logged deliveries only. The
      // queue's news names reviewers and what they hold: not for a session that reads no QC.
      // A message with an audience (a finding's, ADR 029) is for its QC readers and the
      // members it names only.
      const readsQc = isQcReader(ctx, session);
      const member = memberIdOf(session);
      const notify = (type: string, data: string, audience?: Audience) => {
        if (type === QUEUE_EVENT && !readsQc) return;
        if (audience && !(audience.readers && readsQc) && !audience.members.includes(member)) {
          return;
        }
        push(newsText(type, data));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        finish();
      };

      // Subscribe, then queue the replay, with no await between: a live event published
      // meanwhile queues behind the replay instead of overtaking it.
      const feed = { environment: session.environment, owner: session.owner };
      const unsubscribe = ctx.hub.subscribe({
        ...feed,
        sessionHash: session.idHash,
        send,
        notify,
        close,
      });
      // First the retry, then the replay, then what is pushed live (each sent once).
      enqueue(() => stream.write(`retry: ${RETRY_MS}\n: connected\n\n`));
      if (lastEventId !== undefined) {
        enqueue(async () => {
          const replay = (await ctx.events.after(feed, lastEventId)).map(sent.text).join('');
          if (replay) await stream.write(replay);
        });
      }
      const heartbeat = setInterval(() => {
        // A session that expired or signed out meanwhile gets no more events. While the
        // database is out of reach the stream stays: it cannot tell.
        ctx.sessions.get(session.idHash).then(
          (live) => (live ? push(': heartbeat\n\n') : close()),
          () => push(': heartbeat\n\n'),
        );
      }, ctx.heartbeatMs);
      stream.onAbort(close);

      await finished;
      await chain;
    });
  });

  return routes;
}
