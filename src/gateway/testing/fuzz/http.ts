import { request } from 'node:http';

// Raw HTTP for the gateway's fuzz test: paths go out exactly as written (fetch would resolve
// "..", "%2e%2e" and re-encode), and an event stream is answered as soon as its headers are.

export interface Answer {
  status: number;
  text: string;
  body: unknown;
  contentType: string;
  setCookie: string[];
}

export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  // Node frames a DELETE or OPTIONS body only when told its length; unframed, the body would
  // reach the server as a second, malformed request.
  const framed =
    body === undefined ||
    Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')
      ? headers
      : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    // A connection of its own: one picked from a pool may be one the gateway is closing as
    // it is sent (its keep-alive timeout passed, or its last request was refused before its
    // body was read), and the request then gets no answer, on a busy machine now and then.
    const options = {
      hostname,
      port,
      method,
      path,
      headers: framed,
      timeout: 20_000,
      agent: false,
    };
    const req = request(options, (res) => {
      const contentType = res.headers['content-type'] ?? '';
      const setCookie = res.headers['set-cookie'] ?? [];
      const answer = (text: string): Answer => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: the test says whether it had to be.
        }
        return { status: res.statusCode ?? 0, text, body: parsed, contentType, setCookie };
      };
      if (contentType.startsWith('text/event-stream')) {
        // An open stream never ends by itself: its status and headers are the answer.
        resolve(answer(''));
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(answer(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.end(body);
  });
}
