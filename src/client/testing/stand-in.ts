import { createClient, type Client } from '../request.ts';
import type { UploadProgressEvent, UploadXhr } from '../upload.ts';

// Test helpers. The gateway is built separately; here a few lines stand in for its proxy so
// the client can be tested against the real reference service in-process.

/** What the stand-in needs of a running reference service (src/service/testing/service.ts). */
export interface ServiceLike {
  url: string;
  token(clientId: string): Promise<string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

export interface StandIn {
  client: Client;
  /** Every request the client made, in order. */
  calls: RecordedCall[];
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A client whose fetch does what the gateway does for `/api/*`: refuses a state-changing
 * request without `X-Attest: 1` (403 `{message}`), adds the session's bearer token, and
 * forwards `/api/<prefix>/…` to the service's `/<prefix>/…`.
 */
export async function gatewayStandIn(
  service: ServiceLike,
  clientId = 'acme-admin',
): Promise<StandIn> {
  const token = await service.token(clientId);
  const calls: RecordedCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://gateway.test');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    calls.push({
      method,
      path: url.pathname,
      search: url.searchParams,
      headers,
      credentials: init.credentials,
    });
    if (!url.pathname.startsWith('/api/'))
      return json(404, { message: 'the stand-in proxies /api only' });
    if (method !== 'GET' && headers.get('x-attest') !== '1') {
      return json(403, { message: 'state-changing requests need X-Attest: 1' });
    }
    const upstream = new Headers(headers);
    upstream.set('authorization', `Bearer ${token}`);
    return globalThis.fetch(`${service.url}${url.pathname.slice('/api'.length)}${url.search}`, {
      ...init,
      headers: upstream,
    });
  };
  return { client: createClient({ baseUrl: '', fetch }), calls };
}

/** The user id of a token (its `uid` claim), as the gateway's session would carry it. */
export function tokenUserId(token: string): string {
  const payload: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
  );
  if (payload && typeof payload === 'object' && 'uid' in payload && typeof payload.uid === 'string')
    return payload.uid;
  throw new Error('the token names no user');
}

/**
 * XMLHttpRequest over fetch, for uploads to the real service in Node (which has no XHR): one
 * progress event at the end, then load; `abort` cancels the fetch.
 */
export class FetchXhr implements UploadXhr {
  status = 0;
  responseText = '';
  private readonly listeners = new Map<string, ((event: UploadProgressEvent) => void)[]>();
  private readonly controller = new AbortController();
  private method = 'GET';
  private url = '';
  readonly upload = {
    addEventListener: (type: 'progress', listener: (event: UploadProgressEvent) => void) =>
      this.on(`upload:${type}`, listener),
  };

  addEventListener(type: 'load' | 'error' | 'abort' | 'timeout', listener: () => void): void {
    this.on(type, listener);
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  send(body: FormData | Blob): void {
    void this.run(new Request(this.url, { method: this.method, body }));
  }
  private async run(request: Request) {
    try {
      // Encoded first, so the progress event can report the exact multipart size.
      const bytes = await request.arrayBuffer();
      const { signal } = this.controller;
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: bytes,
        signal,
      });
      this.emit('upload:progress', {
        loaded: bytes.byteLength,
        total: bytes.byteLength,
        lengthComputable: true,
      });
      this.status = response.status;
      this.responseText = await response.text();
      this.emit('load');
    } catch {
      this.emit(this.controller.signal.aborted ? 'abort' : 'error');
    }
  }
  abort(): void {
    this.controller.abort();
  }
  private on(type: string, listener: (event: UploadProgressEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(
    type: string,
    event: UploadProgressEvent = { loaded: 0, total: 0, lengthComputable: false },
  ) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** The smallest bytes the service's sniffers accept as a PDF or a PNG. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n',
);
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0,
]);

/** `fetch` as a browser signed in to the gateway sends it: with its session cookie and origin. */
export function browserFetch(browser: {
  cookie?: string | null | undefined;
  origin: string;
}): typeof globalThis.fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', browser.cookie ?? '');
    headers.set('origin', browser.origin);
    return globalThis.fetch(input, { ...init, headers });
  };
}
