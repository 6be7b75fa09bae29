import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIXES } from '../contract/common.ts';
import { createServiceApp } from '../service/app.ts';
import { anyCaller, apiRequests } from '../service/testing/fuzz/api.ts';
import type { FuzzRequest, Route } from '../service/testing/fuzz/request.ts';
import { createSender } from '../service/testing/fuzz/send.ts';
import { storeProbe } from '../service/testing/fuzz/store.ts';
import { HOSTILE_RAW } from '../service/testing/fuzz/values.ts';
import { createWorld, isReal } from '../service/testing/fuzz/world.ts';
import { startTestService, type TestService } from '../service/testing/service.ts';
import {
  count,
  csrf,
  csrfHeaders,
  fuzz,
  messageOf,
  newStats,
  noSession,
  oddHeaders,
  startGatewayFuzz,
  type Csrf,
  type GatewayFuzz,
} from './testing/fuzz/support.ts';

// "No 5xx from input" (docs/design.md), for the proxied API: requests generated as for the
// service's own fuzz (src/service/fuzz.test.ts), sent by signed-in browsers (or forged ones)
// through /api/*, answer below 500 with a {message} body (the upstream is reachable, so not
// even 502), and a refused one writes nothing upstream.

let service: TestService;
let gateway: GatewayFuzz;

beforeAll(async () => {
  service = await startTestService();
  gateway = await startGatewayFuzz(service.url);
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

describe('/api/*', () => {
  // Re-seeding an owner or rendering a completed PDF takes seconds; the service's own fuzz
  // covers those two.
  const SLOW = new Set([
    'POST /sandbox/v1/reset',
    'POST /sandbox/v1/signature-requests/:id/complete',
  ]);
  const HOSTILE_API_PATHS = [
    '/api/%2e%2e/auth/v1/oauth2/token',
    '/api/accounts/../../auth/v1/oauth2/token',
    '/api/accounts%2f..%2f..%2fauth/v1/oauth2/token',
    '/api//accounts/v1/firms?owner=acme',
    '/api/ACCOUNTS/v1/firms?owner=acme',
    '/api/%61ccounts/v1/firms?owner=acme',
    '/api/accounts/v1/firms/%ED%A0%80',
    '/api',
    '/api/',
    ...HOSTILE_RAW.map((raw) => `/api/${raw}/v1/x`),
  ];

  it('never answers 5xx, errors as {message}, and a refused call writes nothing upstream', async () => {
    const routes: Route[] = [
      ...new Map(
        createServiceApp(service.ctx)
          .routes.filter(({ path }) => API_PREFIXES.some((p) => path.startsWith(`/${p}/`)))
          .filter(({ method, path }) => method !== 'ALL' && !SLOW.has(`${method} ${path}`))
          .map(({ method, path }) => [
            `${method} ${path}`,
            { method, path, key: `${method} ${path}` },
          ]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(30);
    const world = createWorld(service.ctx.db, service.url);
    const sender = createSender(service, world);
    await sender.refresh();
    // The gateway fetches tokens on a session's behalf whatever the answer is.
    const probe = storeProbe(service.ctx, ['issued_tokens']);
    const route = fc.constantFrom(...routes);
    const extra = fc.record({
      csrf,
      odd: oddHeaders,
      rawPath: fc.oneof(
        { weight: 8, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_API_PATHS) },
      ),
    });
    const valid = fc
      .tuple(
        route.chain((r) => apiRequests(world, r, anyCaller).valid),
        extra,
      )
      .map(([request, e]) => ({
        request,
        extra: { ...e, csrf: 'ok' as Csrf, odd: {}, rawPath: null },
      }));
    const hostile = fc
      .tuple(
        route.chain((r) => apiRequests(world, r, anyCaller).hostile),
        extra,
      )
      .map(([request, e]) => ({ request, extra: e }));
    const stats = newStats();
    await fuzz(
      valid,
      hostile,
      80,
      async ({
        request,
        extra: e,
      }: {
        request: FuzzRequest;
        extra: { csrf: Csrf; odd: Record<string, string>; rawPath: string | null };
      }) => {
        const ready = await sender.prepare(request);
        // The gateway adds the session's bearer token; the browser sends none.
        const headers = { ...ready.headers };
        delete headers.authorization;
        const cookie: Record<string, string> = isReal(request.caller)
          ? { cookie: gateway.cookies[request.caller] }
          : request.caller === 'none'
            ? {}
            : { cookie: 'attest_session=forged' };
        const mark = probe.mark();
        const answer = await gateway.send({
          method: request.method,
          path: e.rawPath ?? `/api${request.path}${request.query}`,
          headers: {
            ...headers,
            ...cookie,
            ...(request.method === 'GET' ? {} : csrfHeaders(e.csrf, gateway.url)),
            ...e.odd,
          },
          ...(ready.body === undefined || request.method === 'GET' ? {} : { body: ready.body }),
        });
        if (answer.status >= 400 && answer.status < 500) {
          expect(probe.changedSince(mark), answer.text).toEqual([]);
        }
        count(stats, answer, !noSession(answer) && !/^no (API|route)/.test(messageOf(answer)));
        if (answer.status < 300 && request.path.startsWith('/sandbox/')) {
          // A sandbox control may have ended the fixtures' tokens (revoked, expired by the
          // service clock, a deactivated user); the gateway then ends their sessions.
          await sender.renew();
          await gateway.keepSignedIn();
        }
      },
    );
    expect(stats.ok, JSON.stringify(stats)).toBeGreaterThan(0);
    expect(stats.reached, JSON.stringify(stats)).toBeGreaterThanOrEqual(stats.runs * 0.5);
  }, 120_000);
});
