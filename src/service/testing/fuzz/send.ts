import { TokenClaimsSchema } from '../../../contract/auth.ts';
import { PREPARED_KEY, type FuzzRequest } from './request.ts';
import type { Prepared } from './request.ts';
import { clip } from './values.ts';
import { adminOf, isReal, REAL_CALLERS, type Owner, type RealCaller, type World } from './world.ts';
import { presignDownload } from '../../files/presign.ts';
import {
  basicAuth,
  checkAgainstDocument,
  type DemoTokens,
  type JsonResponse,
  type TestService,
} from '../service.ts';

/** A request ready for the wire: what `prepare` made of a FuzzRequest. */
export interface Ready {
  caller: FuzzRequest['caller'];
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

function bytesOf(kind: string): Buffer {
  switch (kind) {
    case 'pdf':
      return PDF;
    case 'png':
      return PNG;
    case 'jpeg':
      return JPEG;
    case 'empty':
      return Buffer.alloc(0);
    case 'big-png':
      return Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    default:
      return Buffer.from('just text, no magic bytes');
  }
}

const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;

interface Part {
  name: string;
  filename?: string;
  data: Buffer;
}

function multipart(parts: Part[], boundary: string, eol = '\r\n'): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}${eol}Content-Disposition: form-data; name="${part.name}"` +
        `${part.filename === undefined ? '' : `; filename="${part.filename}"`}${eol}` +
        `${part.filename === undefined ? '' : `Content-Type: application/octet-stream${eol}`}${eol}`,
    ),
    part.data,
    Buffer.from(eol),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--${eol}`)]);
}

/** Sends fuzz requests with the demo clients' real tokens, fetched again when revoked or expired. */
export function createSender(service: TestService, world: World) {
  let tokens: DemoTokens;
  let altered = '';
  /** Service clock (seconds) when the tokens were issued; they live an hour by it. */
  let issuedAt = 0;

  async function refresh() {
    tokens = await service.tokens();
    issuedAt = service.ctx.clock.nowSeconds();
    // A real token whose payload now claims the other owner; header and signature unchanged.
    const [header, payload, signature] = tokens['acme-admin'].split('.');
    const claims = TokenClaimsSchema.parse(
      JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
    );
    const forged = Buffer.from(JSON.stringify({ ...claims, owner: 'globex' })).toString(
      'base64url',
    );
    altered = `${header}.${forged}.${signature}`;
  }

  /** The jti of a token the fuzz holds, to find it in the store's issued_tokens. */
  const jtiOf = (token: string) =>
    TokenClaimsSchema.parse(
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()),
    ).jti;

  /**
   * Fresh tokens where a sandbox control ended them: a revoked client's (read from the
   * store, so a revoke through any door counts), or all once the service clock moved near
   * their expiry or a demo client's user was deactivated (which the fuzz undoes first, as a
   * tester would with the reactivate control, so that the routes after it stay reachable).
   */
  async function renew() {
    const deactivated = service.ctx.db
      .prepare(
        'SELECT u.id FROM users u JOIN clients c ON c.user_id = u.id WHERE u.deactivated_on IS NOT NULL',
      )
      .all() as { id: string }[];
    for (const { id } of deactivated) {
      service.ctx.db.prepare('UPDATE users SET deactivated_on = NULL WHERE id = ?').run(id);
    }
    const revoked = REAL_CALLERS.filter((caller) => {
      const row = service.ctx.db
        .prepare('SELECT revoked_at FROM issued_tokens WHERE jti = ?')
        .get(jtiOf(tokens[caller])) as { revoked_at: number | null } | undefined;
      return row?.revoked_at != null;
    });
    if (
      deactivated.length > 0 ||
      revoked.length > 0 ||
      service.ctx.clock.nowSeconds() > issuedAt + 3000
    )
      return refresh();
  }

  function authorization(caller: FuzzRequest['caller']): string | undefined {
    if (isReal(caller)) return `Bearer ${tokens[caller]}`;
    const forged: Record<string, string | undefined> = {
      none: undefined,
      altered: `Bearer ${altered}`,
      garbage: 'Bearer not.a.token',
      basic: basicAuth('acme-admin', 'acme-admin-secret'),
      empty: 'Bearer ',
      latin1: 'Bearer \u00e9\u00ff',
      long: `Bearer ${'a'.repeat(6000)}`,
      two: `Bearer ${tokens['acme-admin']}, Bearer ${tokens['globex-admin']}`,
    };
    return forged[caller];
  }

  const api = async (method: string, path: string, caller: RealCaller, json?: unknown) => {
    const result = await service.send(method, path, { token: tokens[caller], json });
    if (result.status >= 300)
      throw new Error(`fuzz set-up ${method} ${path}: ${result.status} ${result.text}`);
    return result.body as Record<string, unknown>;
  };
  const selfOf = (owner: Owner) => world.userOf(adminOf(owner)) ?? '';

  /** A fresh presigned POST form: its field values, by name. */
  async function uploadSlot(owner: Owner, slot: 'file' | 'signature') {
    const admin = adminOf(owner);
    if (slot === 'file') {
      const body = await api('POST', '/files/v1/files/uploads', admin);
      return body.uploadValues as Record<string, string>;
    }
    const body = await api('POST', `/users/v1/users/${selfOf(owner)}/images`, admin, {
      images: ['signature'],
    });
    return (body.images as { uploadValues: Record<string, string> }[])[0]?.uploadValues ?? {};
  }

  async function postUpload(values: Record<string, string>, file: Buffer) {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(file)]), 'file');
    const response = await fetch(`${service.url}/uploads`, { method: 'POST', body: form });
    await response.arrayBuffer();
    if (response.status !== 204) throw new Error(`fuzz set-up upload: ${response.status}`);
  }

  async function prepareUpload(
    p: Extract<Prepared, { kind: 'upload' }>,
    ready: Ready,
  ): Promise<Ready> {
    const values = await uploadSlot(p.owner, p.slot);
    const file = bytesOf(p.bytes);
    if (p.edit === 'reuse') await postUpload(values, p.slot === 'file' ? PDF : PNG);
    if (p.edit === 'drop-key') delete values.key;
    if (p.edit === 'drop-policy') delete values.policy;
    if (p.edit === 'drop-signature') delete values.signature;
    if (p.edit === 'bad-signature') values.signature = flip(values.signature ?? '');
    if (p.edit === 'other-key') values.key = 'files/00000000-0000-4000-8000-000000000000.pdf';
    if (p.edit === 'tamper-policy') {
      const policy = JSON.parse(Buffer.from(values.policy ?? '', 'base64url').toString()) as object;
      values.policy = Buffer.from(JSON.stringify({ ...policy, maxBytes: 1e12 })).toString(
        'base64url',
      );
    }
    if (p.edit === 'empty-values') for (const name of Object.keys(values)) values[name] = '';
    const fields: Part[] = Object.entries(values).map(([name, value]) => ({
      name,
      data: Buffer.from(value),
    }));
    if (p.edit === 'extra-field') fields.push({ name: p.field, data: Buffer.from('x') });
    const filePart: Part = { name: 'file', filename: p.filename, data: file };
    if (p.edit === 'file-as-text') delete filePart.filename;
    const parts =
      p.edit === 'no-file'
        ? fields
        : p.edit === 'file-first'
          ? [filePart, ...fields]
          : p.edit === 'duplicate-file'
            ? [...fields, filePart, filePart]
            : [...fields, filePart];
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    let body = multipart(parts, boundary, p.framing === 'lf-only' ? '\n' : '\r\n');
    let type = `multipart/form-data; boundary=${boundary}`;
    if (p.framing === 'no-boundary') type = 'multipart/form-data';
    if (p.framing === 'wrong-boundary') type = 'multipart/form-data; boundary=other';
    if (p.framing === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
    if (p.framing === 'no-final-boundary')
      body = body.subarray(0, body.length - boundary.length - 6);
    if (p.framing === 'empty-body') body = Buffer.alloc(0);
    if (p.framing === 'not-multipart') type = 'application/octet-stream';
    if (p.framing === 'garbage') body = Buffer.from(`--${boundary}\r\n\r\n\r\n--${boundary}`);
    return { ...ready, headers: { ...ready.headers, 'content-type': type }, body };
  }

  async function preparePut(p: Extract<Prepared, { kind: 'put' }>, ready: Ready): Promise<Ready> {
    const admin = adminOf(p.owner);
    const user = await api('PUT', `/users/v1/users/${selfOf(p.owner)}`, admin, {
      signatureFilename: 'fuzz.png',
    });
    const url = new URL((user.uploadImageUrls as Record<string, string>).signature ?? '');
    if (p.edit === 'reuse') {
      const first = await fetch(url, { method: 'PUT', body: PNG });
      await first.arrayBuffer();
    }
    const query = url.searchParams;
    if (p.edit === 'drop-policy') query.delete('policy');
    if (p.edit === 'drop-signature') query.delete('signature');
    if (p.edit === 'bad-signature') query.set('signature', flip(query.get('signature') ?? ''));
    if (p.edit === 'tamper-policy') query.set('policy', flip(query.get('policy') ?? ''));
    let path = url.pathname;
    if (p.edit === 'other-key')
      path = '/uploads/signatures/00000000-0000-4000-8000-000000000000.png';
    if (p.edit === 'hostile-key') path = `/uploads/${p.raw}`;
    return {
      ...ready,
      target: `${service.url}${path}?${query.toString()}`,
      body: bytesOf(p.bytes),
    };
  }

  function prepareBlob(p: Extract<Prepared, { kind: 'blob' }>, ready: Ready): Ready {
    const rows = world.rows('files', p.owner);
    const real = String(rows[p.pick % Math.max(rows.length, 1)]?.blob_key ?? 'files/none.pdf');
    const signed = new URL(presignDownload(service.ctx, real));
    const path = p.key === null ? signed.pathname : `/blobs/${p.key}`;
    const expires = p.expires ?? signed.searchParams.get('expires') ?? '';
    const signature = p.signature ?? signed.searchParams.get('signature') ?? '';
    return { ...ready, target: `${service.url}${path}?expires=${expires}&signature=${signature}` };
  }

  async function prepare(request: FuzzRequest): Promise<Ready> {
    const ready: Ready = {
      caller: request.caller,
      method: request.method,
      target: `${service.url}${request.path}${request.query}`,
      headers: { ...request.headers },
    };
    const auth = authorization(request.caller);
    if (auth !== undefined) ready.headers.authorization ??= auth;
    const { body, prepare: p } = request;
    if (typeof body === 'string') ready.body = body;
    else if (body && 'base64' in body) ready.body = Buffer.from(body.base64, 'base64');
    else if (body) ready.body = JSON.stringify({ crid: 'x'.repeat(body.hugeJson), entities: [] });
    if (!p) return ready;
    if (p.kind === 'file-key') {
      const values = await uploadSlot(p.owner, 'file');
      await postUpload(values, PDF);
      ready.body = String(ready.body).replaceAll(PREPARED_KEY, values.key ?? '');
      return ready;
    }
    if (p.kind === 'upload') return prepareUpload(p, ready);
    if (p.kind === 'put') return preparePut(p, ready);
    return prepareBlob(p, ready);
  }

  // Requests that were refused before their large body was read: the service may close
  // their connection afterwards, and the request that next picks it from the pool fails.
  const refusedEarly: string[] = [];
  const noResponse = (error: unknown, what: string) => {
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const early = refusedEarly.length
      ? `\nlarge bodies refused earlier:\n${refusedEarly.join('\n')}`
      : '';
    return new Error(`no response (${String(error)}${cause}) to ${what}${early}`, { cause: error });
  };

  async function prepareOrExplain(request: FuzzRequest): Promise<Ready> {
    try {
      return await prepare(request);
    } catch (error) {
      throw noResponse(error, `the set-up of ${JSON.stringify(request).slice(0, 300)}`);
    }
  }

  async function send(ready: Ready): Promise<JsonResponse> {
    const withBody = ready.method !== 'GET' && ready.method !== 'HEAD';
    let response: Response;
    try {
      response = await fetch(ready.target, {
        method: ready.method,
        headers: ready.headers,
        body: withBody && ready.body !== undefined ? toBody(ready.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw noResponse(error, describe(ready));
    }
    if (withBody && (ready.body?.length ?? 0) > 1024 * 1024 && response.status >= 400) {
      refusedEarly.push(
        `${clip(describe(ready), 300)} -> ${response.status} connection: ${response.headers.get('connection')}`,
      );
      refusedEarly.splice(0, refusedEarly.length - 3);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the property says whether it had to be.
    }
    const result = { status: response.status, body: parsed, text, headers: response.headers };
    // Whatever a stranger sends, the answer is one the OpenAPI document describes (ADR 022).
    const { pathname, search } = new URL(ready.target);
    checkAgainstDocument(service.ctx.profile.strict, ready.method, pathname + search, result);
    return result;
  }

  return { refresh, renew, prepare: prepareOrExplain, send };
}

const toBody = (body: string | Buffer) => (typeof body === 'string' ? body : new Uint8Array(body));

/** One line per request for a failure message, long values cut short. */
export function describe(ready: Ready): string {
  const headers = Object.entries(ready.headers)
    .map(
      ([name, value]) =>
        `${name}: ${clip(name === 'authorization' ? value.slice(0, 40) : value, 120)}`,
    )
    .join('; ');
  const body =
    ready.body === undefined
      ? ''
      : ` body ${clip(typeof ready.body === 'string' ? JSON.stringify(ready.body) : `<${ready.body.length} bytes> ${JSON.stringify(ready.body.subarray(0, 200).toString('latin1'))}`, 600)}`;
  return `[${ready.caller}] ${ready.method} ${clip(ready.target.replace(/^https?:\/\/[^/]+/, ''), 400)} {${headers}}${body}`;
}
