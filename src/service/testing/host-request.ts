import { request } from 'node:http';

export interface HostRequestResult {
  status: number;
  headers: Headers;
  /** The answer parsed as JSON, or its text where it is not JSON. */
  body: unknown;
}

/**
 * A request to `url` (where a server listens) that says `host` in its Host header: Node's
 * fetch will not send another Host than its URL's, node:http does. For the host allow-list
 * tests of the service and the gateway (DNS rebinding, ADR 012).
 */
export function requestWithHost(
  url: string,
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<HostRequestResult> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: the text will do.
        }
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of [value ?? []].flat()) out.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
