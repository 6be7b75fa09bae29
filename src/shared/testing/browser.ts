import { expect } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import { QcRequestListSchema } from '../../contract/qc.ts';

// A browser over real HTTP, for tests that drive a running gateway: its cookie jar, the
// app's request habits (X-Attest and Origin on a state-changing request) and an event
// stream reader, and signing in and listing with one. The gateway's tests
// (src/gateway/testing/harness.ts) and the client's (src/client/testing/gateway.ts) both use it.

export interface Result {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** An error answer: its status, and a `{message}` body matching `message`. */
export function expectMessage(result: Result, status: number, message: RegExp | string) {
  expect(result.status, result.text).toBe(status);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
}

export interface RequestInit2 {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Leave out X-Attest and Origin (default: a well-behaved same-origin app request). */
  csrf?: boolean;
}

/** A cookie jar and the app's request habits, over real HTTP. */
export class Browser {
  cookie: string | null = null;
  /** Every response this browser got, for leak checks. */
  readonly seen: Result[] = [];
  readonly base: string;
  readonly origin: string;

  constructor(base: string, origin: string) {
    this.base = base;
    this.origin = origin;
  }

  async request(method: string, path: string, init: RequestInit2 = {}): Promise<Result> {
    const headers: Record<string, string> = {};
    if (init.csrf !== false && method !== 'GET' && method !== 'HEAD') {
      headers['x-attest'] = '1';
      headers.origin = this.origin;
    }
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    Object.assign(headers, init.headers);
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body ?? null,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (!pair) continue;
      const value = pair.slice(pair.indexOf('=') + 1);
      this.cookie = /Max-Age=0/.test(line) ? null : value ? pair : null;
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: tests assert on text.
    }
    const result = { status: response.status, headers: response.headers, text, body: parsed };
    this.seen.push(result);
    return result;
  }

  /**
   * A JSON `body` streamed to `path` with this browser's cookie and CSRF headers. Without a
   * content-length the gateway cannot know it is small, so it streams it on.
   */
  stream(method: string, path: string, body: ReadableStream<Uint8Array>): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-attest': '1',
        origin: this.origin,
        cookie: this.cookie ?? '',
      },
      body,
      duplex: 'half',
    } as RequestInit);
  }

  signIn(clientId: string, clientSecret = `${clientId}-secret`): Promise<Result> {
    return this.request('POST', '/session', { json: { clientId, clientSecret } });
  }

  /** Opens GET /events; resolves once the stream is subscribed. */
  async events(options: { lastEventId?: string; query?: string } = {}): Promise<EventStream> {
    const controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.cookie) headers.cookie = this.cookie;
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const response = await fetch(`${this.base}/events${options.query ?? ''}`, {
      headers,
      signal: controller.signal,
    });
    const stream = new EventStream(response, controller);
    if (response.ok) await stream.waitForComment('connected');
    return stream;
  }
}

export interface SseMessage {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** A minimal server-sent events reader. */
export class EventStream {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  /** How many pieces the body arrived in: about one per write of the server's. */
  chunks = 0;
  readonly response: Response;
  ended = false;
  private readonly controller: AbortController;
  private wake: (() => void)[] = [];

  constructor(response: Response, controller: AbortController) {
    this.response = response;
    this.controller = controller;
    if (response.ok && response.body) void this.read(response.body);
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        this.chunks += 1;
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.frame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.notify();
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    this.notify();
  }

  private frame(block: string) {
    const message: SseMessage = { id: undefined, event: undefined, data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) message.id = line.slice(4);
      else if (line.startsWith('event: ')) message.event = line.slice(7);
      else if (line.startsWith('data: ')) {
        message.data += (hasData ? '\n' : '') + line.slice(6);
        hasData = true;
      }
    }
    if (hasData) this.messages.push(message);
  }

  private notify() {
    for (const wake of this.wake.splice(0)) wake();
  }

  private async until(done: () => boolean, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) throw new Error(`event stream: ${what} did not happen`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitFor(count: number, timeoutMs = 5000): Promise<void> {
    return this.until(() => this.messages.length >= count, `${count} messages`, timeoutMs);
  }

  waitForComment(text: string, timeoutMs = 5000): Promise<void> {
    return this.until(() => this.comments.includes(text), `comment ${text}`, timeoutMs);
  }

  waitForEnd(timeoutMs = 5000): Promise<void> {
    return this.until(() => this.ended, 'the end', timeoutMs);
  }

  close() {
    this.controller.abort();
  }
}

/** `clientId` signed in to `gateway` in a browser of its own (200, or the test fails). */
export async function signedIn(
  gateway: { browser(): Browser },
  clientId: string,
): Promise<Browser> {
  const browser = gateway.browser();
  expect((await browser.signIn(clientId)).status).toBe(200);
  return browser;
}

/** acme's oldest pending QC requests, as `browser` (a member of acme) lists them. */
export async function pendingRequests(browser: Browser, limit: number) {
  const list = await browser.request(
    'GET',
    `/api/qc/v2/qc/requests?owner=acme&status=pending&limit=${limit}&orderDirection=asc`,
  );
  return QcRequestListSchema.parse(list.body).qcRequests;
}
