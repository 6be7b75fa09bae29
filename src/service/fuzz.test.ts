import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthErrorSchema } from '../contract/auth.ts';
import { ErrorBodySchema } from '../contract/common.ts';
import { createServiceApp } from './app.ts';
import { anyCaller, apiRequests } from './testing/fuzz/api.ts';
import type { FuzzRequest, Requests, Route } from './testing/fuzz/request.ts';
import { blobRequests, putRequests, tokenRequests, uploadRequests } from './testing/fuzz/bucket.ts';
import { createSender, describe as describeRequest } from './testing/fuzz/send.ts';
import { storeProbe } from './testing/fuzz/store.ts';
import { clip } from './testing/fuzz/values.ts';
import { createWorld, OWNERS, adminOf } from './testing/fuzz/world.ts';
import { startTestService } from './testing/service.ts';

// No 5xx from input (docs/design.md, "Bars every part is held to"): every route of the
// service, fed generated requests (real and forged callers, ids of either owner or none,
// hostile query parameters, bodies from the contract's schemas then mutated, malformed bodies
// and framings), answers below 500 with a {message} body (the token endpoint: {error}), and a
// refused request writes nothing.

const logs: string[] = [];
// Top-level await: describe.each needs the routes when the file is collected.
const service = await startTestService({
  log: (message, detail) =>
    logs.push(detail === undefined ? message : `${message}: ${String(detail)}`),
});
afterAll(() => service.close());

// app.use() entries show up as method ALL, on a wildcard path or with a handler that takes
// next (the bucket's CORS); they are middleware, not routes.
const isMiddleware = (method: string, path: string, handler: (...args: never[]) => unknown) =>
  method === 'ALL' && (path.endsWith('*') || handler.length > 1);
const routes: Route[] = [
  ...new Map(
    createServiceApp(service.ctx)
      .routes.filter(({ method, path, handler }) => !isMiddleware(method, path, handler))
      .map(({ method, path }) => [`${method} ${path}`, { method, path, key: `${method} ${path}` }]),
  ).values(),
];

// Reads first, then writes, the sandbox controls last: a write may use up or change what a
// later route acts on (a QC process archived, a request deleted), so reads see the demo data.
const phase = (route: Route) =>
  route.path.startsWith('/sandbox/') ? 2 : route.method === 'GET' ? 0 : 1;
routes.sort((a, b) => phase(a) - phase(b));

const world = createWorld(service.ctx.db, service.url);
const sender = createSender(service, world);
const probe = storeProbe(service.ctx);

function requestsFor(route: Route): Requests {
  if (route.path === '/auth/v1/oauth2/token') return tokenRequests(world, route);
  if (route.path === '/uploads') return uploadRequests(route);
  if (route.path === '/uploads/*') return putRequests(route);
  if (route.path === '/blobs/*') return blobRequests(route);
  return apiRequests(world, route, anyCaller);
}

// A reset re-seeds an owner and a completion renders a PDF (a second or more each under
// load); the rest take milliseconds.
const RUNS: Record<string, number> = {
  'POST /sandbox/v1/reset': 3,
  'POST /sandbox/v1/signature-requests/:id/complete': 8,
};
const DEFAULT_RUNS = 15;

// Routes that no generated request is meant to pass, and why.
const NO_SUCCESS_EXPECTED: Record<string, string> = {
  'ALL /auth/v1/oauth2/token': 'answers 405 to every method but POST',
  'PATCH /signatures/v2/requests/:signatureRequestId': 'needs an uploaded wet-ink scan',
  'POST /sandbox/v1/qc-requests': 'needs a multipart form carrying a PDF (qc-requests.test.ts)',
};

const isTokenEndpoint = (route: Route) => route.path === '/auth/v1/oauth2/token';

/** The request got past authentication and routing, into the handler. */
function reached(status: number, message: string): boolean {
  if (status === 401 && /Authorization header|access token/.test(message)) return false;
  return !(status === 404 && /^no route for/.test(message));
}

beforeAll(async () => {
  await sender.refresh();
  // Real cursors of the lists' first pages (limit=1), so a valid request can page on. One
  // token per owner: a token per list made this hook outlast its timeout on a busy machine.
  const tokens = new Map<string, string>();
  for (const owner of OWNERS) tokens.set(owner, await service.token(adminOf(owner)));
  for (const route of routes.filter((r) => r.method === 'GET' && !/[:*]/.test(r.path))) {
    for (const owner of OWNERS) {
      const token = tokens.get(owner);
      const page = await service.get(`${route.path}?owner=${owner}&limit=1`, token);
      const next = (page.body as { pagination?: { nextCursor?: string } } | undefined)?.pagination
        ?.nextCursor;
      if (next) world.cursors.set(`${route.key} ${owner}`, next);
    }
  }
});

describe('route enumeration', () => {
  it('finds every route, so an empty or broken list cannot pass the fuzz', () => {
    expect(routes.length).toBeGreaterThan(45);
    const keys = routes.map((r) => r.key);
    for (const key of [
      'POST /auth/v1/oauth2/token',
      'POST /uploads',
      'GET /blobs/*',
      'PUT /uploads/*',
      'GET /signatures/v2/transactions',
      'PATCH /qc/v2/qc/requests/:qcrID',
      'POST /sandbox/v1/reset',
      'GET /files/v1/redactions',
    ]) {
      expect(keys).toContain(key);
    }
  });
});

describe('the store probe', () => {
  // "A refusal wrote nothing" is only as good as the probe: it must see rows and blobs
  // written, and must not mistake a transaction rolled back for a write.
  it('sees rows and blobs written, and nothing in a refusal that rolled back', async () => {
    const token = await service.token('acme-admin');
    const user = world.userOf('acme-admin');
    const issued = await service.send('POST', `/users/v1/users/${user}/images`, {
      token,
      json: { images: ['signature'] },
    });
    const [image] = (issued.body as { images: { key: string; uploadValues: object }[] }).images;
    const form = new FormData();
    for (const [name, value] of Object.entries(image?.uploadValues ?? {})) form.set(name, value);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0]);
    form.set('file', new Blob([png]), 'signature.png');
    const uploading = probe.mark();
    const uploaded = await fetch(`${service.url}/uploads`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.text()).toBe(204);
    expect(probe.changedSince(uploading)).toEqual([
      expect.stringMatching(/^blobs/),
      'table uploads',
    ]);
    const key = image?.key ?? '';

    // The signature key is written, then the seal key is refused and the whole PUT rolled back.
    const mark = probe.mark();
    const refused = await service.send('PUT', `/users/v1/users/${user}`, {
      token,
      json: { signatureKey: key, notarySealKey: 'images/none' },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(probe.changedSince(mark)).toEqual([]);

    const saved = await service.send('PUT', `/users/v1/users/${user}`, {
      token,
      json: { signatureKey: key },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(probe.changedSince(mark)).toEqual(['table users']);
  });
});

describe.each(routes)('$key', (route) => {
  it('answers every generated request below 500, errors as JSON, refusals writing nothing', async () => {
    const stats = { runs: 0, reached: 0, ok: 0, valid: 0, statuses: new Map<number, number>() };
    const { valid, hostile } = requestsFor(route);
    // Two valid requests first, whatever the seed, then one valid to two hostile.
    const examples = fc.sample(valid, 2).map((request): [FuzzRequest] => [request]);
    const requests = fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: hostile });
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const ready = await sender.prepare(request);
        const logged = logs.length;
        const mark = probe.mark();
        const response = await sender.send(ready);
        const context = () =>
          `${describeRequest(ready)}\n-> ${response.status} ${clip(response.text, 400)}` +
          `${logs.length > logged ? `\nlog: ${clip(logs.slice(logged).join('\n'), 1500)}` : ''}`;

        expect(response.status, context()).toBeLessThan(500);
        let message = '';
        if (response.status >= 400) {
          if (isTokenEndpoint(route)) {
            expect(OAuthErrorSchema.safeParse(response.body).success, context()).toBe(true);
          } else {
            const error = ErrorBodySchema.safeParse(response.body);
            expect(error.success, context()).toBe(true);
            message = error.data?.message ?? '';
          }
          expect(probe.changedSince(mark), context()).toEqual([]);
        }

        stats.runs += 1;
        stats.valid += request.valid ? 1 : 0;
        stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
        if (reached(response.status, message)) stats.reached += 1;
        if (response.status < 300) {
          stats.ok += 1;
          // Revoking a client's tokens or moving the clock past their expiry ends the fuzz's tokens.
          await sender.renew();
        }
      }),
      { numRuns: RUNS[route.key] ?? DEFAULT_RUNS, examples },
    );

    const summary = JSON.stringify({ ...stats, statuses: Object.fromEntries(stats.statuses) });
    // Not vacuous: most requests reach the handler, and those generated to pass do pass.
    expect(stats.reached, summary).toBeGreaterThanOrEqual(stats.runs * 0.5);
    if (!route.method.startsWith('ALL') && !NO_SUCCESS_EXPECTED[route.key]) {
      expect(stats.ok, summary).toBeGreaterThan(0);
    }
  }, 120_000);
});
