import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../contract/webhooks.ts';
import {
  HOSTILE_RAW,
  hostileString,
  mutate,
  mutation,
  ODD_CONTENT_TYPES,
  RAW_BODIES,
} from '../service/testing/fuzz/values.ts';
import { encode } from '../service/testing/fuzz/world.ts';
import { DEMO_CLIENTS } from '../service/seed/demo-clients.ts';
import { startTestService, type TestService } from '../service/testing/service.ts';
import {
  count,
  csrf,
  csrfHeaders,
  DEMO_LOGINS,
  fuzz,
  JUNK_COOKIES,
  newStats,
  noSession,
  oddHeaders,
  startGatewayFuzz,
  type Csrf,
  type DemoLogin,
  type GatewayFuzz,
  type Sent,
} from './testing/fuzz/support.ts';
import { FAILURE_WINDOW_MS } from './session/sign-in-limit.ts';

// "No 5xx from input" (docs/design.md), for the gateway's own routes in front of the real reference
// service: sign-in and sign-out, the session, config, the event list and stream, and the
// webhook receiver answer every generated request below 500 (the upstream is reachable
// throughout, so not even 502 or 504) with a {message} body; a refused sign-in creates or
// ends no session, a refused delivery records no verified event. The proxied API has its
// own file (fuzz-api.test.ts).

const SECRET = `whsec_${Buffer.from('gateway fuzz webhook secret').toString('base64')}`;
const OTHER_SECRET = `whsec_${Buffer.from('a secret the gateway does not know').toString('base64')}`;

let service: TestService;
let gateway: GatewayFuzz;
/** A session for sign-ins to replace, so that a refused one can be seen not to end it. */
let spare = '';

beforeAll(async () => {
  service = await startTestService();
  gateway = await startGatewayFuzz(service.url, [SECRET]);
  spare = await gateway.signIn('acme-notary');
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

type CookieChoice = DemoLogin | { junk: string } | 'none';
const cookieChoice = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<CookieChoice>(...DEMO_LOGINS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...JUNK_COOKIES).map((junk): CookieChoice => ({ junk })),
  },
  { weight: 1, arbitrary: fc.constant<CookieChoice>('none') },
);
const cookieHeader = (choice: CookieChoice): Record<string, string> =>
  choice === 'none'
    ? {}
    : { cookie: typeof choice === 'string' ? gateway.cookies[choice] : choice.junk };

const queryNames = fc.constantFrom(
  'lastEventId',
  'owner',
  'limit',
  'since',
  '__proto__',
  'constructor',
  '',
);
const query = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.tuple(queryNames, fc.oneof(fc.constantFrom(...HOSTILE_RAW), hostileString.map(encode))),
        {
          minLength: 1,
          maxLength: 3,
        },
      )
      .map((pairs) => `?${pairs.map(([n, v]) => `${n}=${v}`).join('&')}`),
  },
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>('application/json') },
  { weight: 2, arbitrary: fc.constantFrom<string | undefined>(undefined, ...ODD_CONTENT_TYPES) },
);

describe('POST /session', () => {
  interface SignIn {
    login: Record<string, unknown>;
    mutation: Parameters<typeof mutate>[1];
    raw: string | null;
    type: string | undefined;
    csrf: Csrf;
    cookie: 'none' | 'junk' | 'spare';
    huge: boolean;
  }
  const demo = fc.constantFrom(...DEMO_CLIENTS);
  const valid = fc.record({
    login: demo.map((c): Record<string, unknown> => ({
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    })),
    mutation: fc.constant({ kind: 'none' as const }),
    raw: fc.constant(null),
    type: fc.constant('application/json'),
    csrf: fc.constant<Csrf>('ok'),
    cookie: fc.constantFrom('none' as const, 'spare' as const),
    huge: fc.constant(false),
  });
  const hostile = fc.record({
    login: fc.record(
      {
        clientId: fc.oneof(
          demo.map((c) => c.clientId),
          hostileString,
          fc.constant('a'.repeat(201)),
        ),
        clientSecret: fc.oneof(
          demo.map((c) => c.clientSecret),
          hostileString,
          fc.constant('s'.repeat(501)),
        ),
      },
      { requiredKeys: [] },
    ),
    mutation,
    raw: fc.oneof(
      { weight: 5, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    ),
    type: contentType,
    csrf,
    cookie: fc.constantFrom('none' as const, 'junk' as const, 'spare' as const),
    huge: fc.oneof(
      { weight: 10, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });

  it('never answers 5xx, and a refused sign-in creates or ends no session', async () => {
    const stats = newStats();
    await fuzz<SignIn>(valid, hostile, 20, async (s) => {
      const login = s.huge ? { ...s.login, clientSecret: 'x'.repeat(20_000) } : s.login;
      const sessionCookies: Record<string, string> = { spare, junk: 'attest_session=junk' };
      const cookie: Record<string, string> =
        s.cookie === 'none' ? {} : { cookie: sessionCookies[s.cookie] ?? '' };
      const sent: Sent = {
        method: 'POST',
        path: '/session',
        headers: {
          ...csrfHeaders(s.csrf, gateway.url),
          ...cookie,
          ...(s.type ? { 'content-type': s.type } : {}),
        },
        body: s.raw ?? mutate(login, s.mutation),
      };
      const before = await gateway.sessions();
      const answer = await gateway.send(sent);
      const given = answer.setCookie.filter((line) => /attest_session=[^;]/.test(line));
      if (answer.status >= 400) {
        expect(await gateway.sessions(), answer.text).toBe(before);
        expect(given, answer.text).toEqual([]);
      } else if (s.cookie === 'spare') {
        // The sign-in replaced the spare session: carry on with the new one.
        spare = given[0]?.split(';')[0] ?? spare;
      }
      count(stats, answer, answer.status !== 403 && answer.status !== 415);
    });
    expect(stats.ok, JSON.stringify(stats)).toBeGreaterThan(0);
    expect(stats.reached, JSON.stringify(stats)).toBeGreaterThanOrEqual(stats.runs * 0.5);
    // The wrong secrets tried above hold their client ids; later tests sign in again.
    gateway.harness.advance(FAILURE_WINDOW_MS + 60_000);
  }, 120_000);
});

describe('GET /session, GET /config, GET /events/recent, GET /events', () => {
  const request = (path: string, cookie: fc.Arbitrary<CookieChoice>) =>
    fc.record({ path: fc.constant(path), cookie, query, headers: oddHeaders });

  it.each(['/session', '/config', '/events/recent', '/events'])(
    '%s never answers 5xx',
    async (path) => {
      const stats = newStats();
      const valid = request(path, fc.constantFrom<CookieChoice>(...DEMO_LOGINS)).map((r) => ({
        ...r,
        query: '',
        headers: {},
      }));
      await fuzz(valid, request(path, cookieChoice), 12, async (r) => {
        const answer = await gateway.send({
          method: 'GET',
          path: `${r.path}${r.query}`,
          headers: { ...cookieHeader(r.cookie), ...r.headers },
        });
        count(stats, answer, !noSession(answer));
      });
      expect(stats.ok, JSON.stringify(stats)).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe('DELETE /session', () => {
  it('never answers 5xx, and a refused sign-out ends no session', async () => {
    const stats = newStats();
    type Choice = { cookie: 'fresh' | 'none' | string; csrf: Csrf; query: string };
    const valid = fc.record({
      cookie: fc.constant('fresh'),
      csrf: fc.constant<Csrf>('ok'),
      query: fc.constant(''),
    });
    const hostile = fc.record({
      cookie: fc.constantFrom('fresh', 'none', ...JUNK_COOKIES),
      csrf,
      query,
    });
    await fuzz<Choice>(valid, hostile, 10, async (c) => {
      // Never a fixture's cookie: a sign-out that works would end it for the other tests.
      const cookie = c.cookie === 'fresh' ? await gateway.signIn('acme-notary') : c.cookie;
      const before = await gateway.sessions();
      const answer = await gateway.send({
        method: 'DELETE',
        path: `/session${c.query}`,
        headers: { ...csrfHeaders(c.csrf, gateway.url), ...(cookie === 'none' ? {} : { cookie }) },
      });
      if (answer.status >= 400) expect(await gateway.sessions(), answer.text).toBe(before);
      count(stats, answer, true);
    });
    expect(stats.ok, JSON.stringify(stats)).toBeGreaterThan(0);
  }, 60_000);
});

describe('POST /webhooks/{owner}', () => {
  type Signature = 'valid' | 'other-secret' | 'garbage' | 'missing' | 'v2' | 'empty' | 'both';
  type Stamp = 'now' | 'old' | 'future' | 'garbage' | 'missing' | 'huge';
  interface Delivery {
    owner: string;
    id: string;
    signature: Signature;
    timestamp: Stamp;
    type: string;
    body: string;
    contentType: string | undefined;
  }
  const payload = fc.record({
    crid: fc.string({ maxLength: 10 }),
    fileId: fc.uuid(),
    note: fc.string({ maxLength: 20 }),
  });
  const latin1 = fc.constantFrom(
    '',
    ' ',
    '\u00ff',
    '__proto__',
    'constructor',
    'v1,',
    'msg_'.padEnd(300, 'x'),
    '%00',
    '%ED%A0%80',
  );
  const valid = fc.record({
    owner: fc.constantFrom('acme', 'globex'),
    id: fc.uuid().map((id) => `msg_${id}`),
    signature: fc.constant<Signature>('valid'),
    timestamp: fc.constant<Stamp>('now'),
    type: fc.constantFrom(...EVENT_TYPES),
    body: payload.map((p) => JSON.stringify(p)),
    contentType: fc.constant<string | undefined>('application/json'),
  });
  const hostile = fc.record({
    owner: fc.oneof(
      fc.constantFrom('acme', 'globex'),
      fc.constantFrom(...HOSTILE_RAW),
      hostileString.map(encode),
    ),
    id: fc.oneof(
      fc.uuid().map((id) => `msg_${id}`),
      latin1,
    ),
    signature: fc.constantFrom<Signature>(
      'valid',
      'other-secret',
      'garbage',
      'missing',
      'v2',
      'empty',
      'both',
    ),
    timestamp: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Stamp>('now') },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Stamp>('old', 'future', 'garbage', 'missing', 'huge'),
      },
    ),
    type: fc.oneof(fc.constantFrom(...EVENT_TYPES), latin1),
    body: fc.oneof(
      { weight: 3, arbitrary: fc.tuple(payload, mutation).map(([p, m]) => mutate(p, m)) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
      { weight: 1, arbitrary: fc.constant(JSON.stringify({ big: 'x'.repeat(300_000) })) },
    ),
    contentType,
  });

  function headersOf(d: Delivery): Record<string, string> {
    const now = Math.floor(Date.now() / 1000);
    const seconds = {
      now,
      old: now - 3600,
      future: now + 3600,
      garbage: Number.NaN,
      missing: Number.NaN,
      huge: 1e15,
    }[d.timestamp];
    const stamp = d.timestamp === 'garbage' ? 'yesterday' : String(seconds);
    const sign = (secret: string) =>
      new Webhook(secret).sign(
        d.id,
        new Date(Number.isFinite(seconds) && seconds < 1e12 ? seconds * 1000 : 0),
        d.body,
      );
    const signatures: Record<Signature, string | undefined> = {
      valid: sign(SECRET),
      'other-secret': sign(OTHER_SECRET),
      garbage: 'v1,bm90IGEgc2lnbmF0dXJl',
      missing: undefined,
      v2: sign(SECRET).replace('v1,', 'v2,'),
      empty: '',
      both: `${sign(OTHER_SECRET)} ${sign(SECRET)}`,
    };
    const signature = signatures[d.signature];
    return {
      'hook-id': d.id,
      ...(d.timestamp === 'missing' ? {} : { 'hook-timestamp': stamp }),
      ...(signature === undefined ? {} : { 'hook-signature': signature }),
      'hook-event-type': d.type,
      ...(d.contentType ? { 'content-type': d.contentType } : {}),
    };
  }

  it('never answers 5xx, and a refused delivery records no verified event', async () => {
    const stats = newStats();
    await fuzz<Delivery>(valid, hostile, 20, async (d) => {
      const before = await gateway.verifiedEvents();
      const answer = await gateway.send({
        method: 'POST',
        path: `/webhooks/${d.owner}`,
        headers: headersOf(d),
        body: d.body,
      });
      if (answer.status >= 400) expect(await gateway.verifiedEvents(), answer.text).toBe(before);
      count(stats, answer, answer.status !== 404);
    });
    expect(stats.ok, JSON.stringify(stats)).toBeGreaterThan(0);
    expect(stats.reached, JSON.stringify(stats)).toBeGreaterThanOrEqual(stats.runs * 0.5);
  }, 60_000);
});
