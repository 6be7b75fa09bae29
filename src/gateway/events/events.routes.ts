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
      // Writes go through one chain, in order; `sent` drops an event that a replay and the
      // live feed both delivered.
      let chain = Promise.resolve();
      let sent = lastEventId ?? 0;
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
      const write = async (event: ReceivedEvent) => {
        if (event.seq <= sent) return;
        sent = event.seq;
        const data = JSON.stringify(event);
        await stream.writeSSE({ id: String(event.seq), event: event.type, data });
      };
      const send = (event: ReceivedEvent) => enqueue(() => write(event));
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
        enqueue(() => stream.writeSSE({ event: type, data }));
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
      enqueue(() => stream.write(`retry: ${RETRY_MS}\n: connected\n\n`));
      if (lastEventId !== undefined) {
        enqueue(async () => {
          for (const event of await ctx.events.after(feed, lastEventId)) await write(event);
        });
      }
      const heartbeat = setInterval(() => {
        // A session that expired or signed out meanwhile gets no more events. While the
        // database is out of reach the stream stays: it cannot tell.
        ctx.sessions.get(session.idHash).then(
          (live) => (live ? enqueue(() => stream.write(': heartbeat\n\n')) : close()),
          () => enqueue(() => stream.write(': heartbeat\n\n')),
        );
      }, ctx.heartbeatMs);
      stream.onAbort(close);

      await finished;
      await chain;
    });
  });

  return routes;
}
