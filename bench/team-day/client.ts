import { Agent, fetch } from 'undici';
import { type DayRecord } from './record.ts';
import type { Person } from './department.ts';

// A browser session over plain HTTP: its cookie, the app's CSRF header and Origin on writes,
// and the app's patience: an answer a browser would try again (no answer, 408, 429, 5xx) is
// tried again with back-off for up to a minute, as the outbox and the hold's retries do. Every
// failed attempt is kept; one still failing after that is an error the person saw.

// Bounded: every session and stream shares these connections, to the balancer and the service.
export const agent = new Agent({
  connections: 400,
  keepAliveTimeout: 4_000,
  headersTimeout: 30_000,
  bodyTimeout: 0,
});

const PATIENCE_MS = 60_000;
const RETRIED = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

export interface Session {
  person: Person;
  base: string;
  cookie: string;
  record: DayRecord;
}

export interface Answer {
  status: number;
  json: unknown;
}

export class GaveUp extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const since = (record: DayRecord) => Date.now() - record.t0;

export async function signIn(
  base: string,
  person: Person,
  secret: string,
  record: DayRecord,
): Promise<Session> {
  const session: Session = { person, base, cookie: '', record };
  const answer = await call(session, 'sign in', 'POST', '/session', {
    body: { clientId: person.clientId, clientSecret: secret },
    cookies: (lines) => (session.cookie = lines.map((line) => line.split(';')[0]).join('; ')),
  });
  if (answer.status !== 200) throw new Error(`${person.clientId} signed in with ${answer.status}`);
  return session;
}

/**
 * One call, tried again while a browser would; `ok` lists the 4xx the caller handles (a
 * 409 taken hold). Any other final 4xx or 5xx is an error the person saw, and thrown.
 */
export async function call(
  session: Session,
  kind: string,
  method: string,
  path: string,
  o: {
    body?: unknown;
    headers?: Record<string, string>;
    ok?: number[];
    binary?: boolean;
    cookies?: (lines: string[]) => void;
  } = {},
): Promise<Answer> {
  const { record } = session;
  const url = path.startsWith('http') ? path : `${session.base}${path}`;
  const write = method !== 'GET' && method !== 'HEAD';
  const headers: Record<string, string> = {
    ...(session.cookie && { cookie: session.cookie }),
    ...(write && { 'x-attest': '1', origin: session.base }),
    ...(o.body !== undefined && { 'content-type': 'application/json' }),
    ...o.headers,
  };
  const until = Date.now() + PATIENCE_MS;
  for (let attempt = 0; ; attempt += 1) {
    const t = since(record);
    let status: number;
    let text = '';
    try {
      const response = await fetch(url, {
        method,
        headers,
        dispatcher: agent,
        signal: AbortSignal.timeout(30_000),
        ...(o.body !== undefined && { body: JSON.stringify(o.body) }),
      });
      status = response.status;
      if (o.binary) await response.arrayBuffer();
      else text = await response.text();
      if (status >= 200 && status < 300) o.cookies?.(response.headers.getSetCookie());
    } catch (error) {
      text = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
      status = 0;
    }
    if ((status >= 200 && status < 300) || o.ok?.includes(status)) {
      return { status, json: text && !o.binary ? JSON.parse(text) : undefined };
    }
    const ms = since(record) - t;
    record.attempts.push({ k: kind, t, ms, s: status });
    if (!RETRIED(status) || Date.now() > until) {
      const message = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')} ${status} ${text.slice(0, 160)}`;
      record.errors.push({ k: kind, t, ms, s: status, message });
      throw new GaveUp(message);
    }
    await sleep(Math.min(4_000, 250 * 2 ** attempt));
  }
}

/** Times `action` as one sample of `kind`: done, or given up (what the person waited for). */
export async function timed<T>(record: DayRecord, kind: string, action: () => Promise<T>) {
  const t = since(record);
  const started = performance.now();
  try {
    const value = await action();
    record.samples.push({ k: kind, t, ms: performance.now() - started, s: 1 });
    return value;
  } catch (error) {
    record.samples.push({ k: kind, t, ms: performance.now() - started, s: 0 });
    throw error;
  }
}

export { sleep };
