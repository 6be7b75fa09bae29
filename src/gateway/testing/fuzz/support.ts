import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ErrorBodySchema } from '../../../contract/common.ts';
import { DEMO_CLIENT_IDS } from '../../../contract/testing/fixtures.ts';
import { rawRequest, type Answer } from './http.ts';
import { openGatewayDatabase } from '../../db/open.ts';
import { testDatabase } from '../database.ts';
import { startHarness, type Harness } from '../harness.ts';

// The gateway's fuzz tests ("No 5xx from input", docs/design.md): a gateway over gateway.db in a
// folder of its own, so a second connection can see the sessions and events it writes; its
// demo logins signed in; requests over raw HTTP, each checked for "below 500, errors as
// {message}". Like ../harness.ts, this never imports the service: the tests pass its URL.

export const DEMO_LOGINS = DEMO_CLIENT_IDS;
export type DemoLogin = (typeof DEMO_LOGINS)[number];

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;

export const describeSent = (sent: Sent) =>
  `${sent.method} ${clip(sent.path, 300)} ${clip(JSON.stringify(sent.headers), 400)}` +
  (sent.body === undefined
    ? ''
    : ` body ${clip(typeof sent.body === 'string' ? JSON.stringify(sent.body) : `<${sent.body.length} bytes>`, 300)}`);

export type GatewayFuzz = Awaited<ReturnType<typeof startGatewayFuzz>>;

export async function startGatewayFuzz(upstream: string, webhookSecrets: string[] = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'attest-gateway-fuzz-'));
  const database = testDatabase();
  const harness: Harness = await startHarness({ upstream, webhookSecrets, dataDir, database });
  // A second connection to the gateway's own database, to read what it wrote.
  const { sql, close } = await openGatewayDatabase({ dataDir, ...database, log: () => undefined });

  async function signIn(clientId: string): Promise<string> {
    const browser = harness.browser();
    const result = await browser.signIn(clientId);
    if (result.status !== 200 || !browser.cookie) {
      throw new Error(`sign-in of ${clientId}: ${result.status} ${result.text}`);
    }
    return browser.cookie;
  }

  /** A signed-in cookie per demo login, for requests that must get past the session check. */
  const cookies = {} as Record<DemoLogin, string>;
  for (const login of DEMO_LOGINS) cookies[login] = await signIn(login);

  /** Sends, and checks the answer: below 500, and an error as `{message}`. */
  async function send(sent: Sent): Promise<Answer> {
    const logged = harness.logs.length;
    let answer: Answer;
    try {
      answer = await rawRequest(harness.url, sent.method, sent.path, sent.headers, sent.body);
    } catch (error) {
      throw new Error(`no answer (${String(error)}) to ${describeSent(sent)}`, { cause: error });
    }
    const log = harness.logs.slice(logged).join('\n');
    const context = `${describeSent(sent)}\n-> ${answer.status} ${clip(answer.text, 400)}${log ? `\nlog: ${clip(log, 1500)}` : ''}`;
    expect(answer.status, context).toBeLessThan(500);
    if (answer.status >= 400) {
      expect(ErrorBodySchema.safeParse(answer.body).success, context).toBe(true);
    }
    return answer;
  }

  return {
    url: harness.url,
    harness,
    cookies,
    signIn,
    send,
    /** Signs the demo logins in again where a sandbox control ended their session. */
    async keepSignedIn() {
      for (const login of DEMO_LOGINS) {
        const check = await rawRequest(harness.url, 'GET', '/session', { cookie: cookies[login] });
        if (check.status === 401) cookies[login] = await signIn(login);
      }
    },
    /** The sessions the gateway holds, as one string to compare. */
    sessions: async () =>
      (await sql.all<{ id_hash: string }>('SELECT id_hash FROM sessions ORDER BY id_hash'))
        .map((row) => row.id_hash)
        .join(','),
    verifiedEvents: async () =>
      (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM received_events WHERE verified = 1'))
        ?.n ?? 0,
    async close() {
      await close();
      await harness.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// -----------------------------------------------------------------------------------------
// What a browser, or something posing as one, sends.

export type Csrf = 'ok' | 'none' | 'no-origin' | 'evil-origin' | 'sec-fetch' | 'null-origin';

export const csrf = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Csrf>('ok') },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Csrf>(
      'none',
      'no-origin',
      'evil-origin',
      'sec-fetch',
      'null-origin',
    ),
  },
);

export function csrfHeaders(kind: Csrf, origin: string): Record<string, string> {
  const headers: Record<Csrf, Record<string, string>> = {
    ok: { 'x-attest': '1', origin },
    none: {},
    'no-origin': { 'x-attest': '1' },
    'evil-origin': { 'x-attest': '1', origin: 'https://evil.example' },
    'sec-fetch': { 'x-attest': '1', 'sec-fetch-site': 'same-origin' },
    'null-origin': { 'x-attest': 'yes', origin: 'null' },
  };
  return headers[kind];
}

export const JUNK_COOKIES = [
  '',
  'attest_session=',
  'attest_session=garbage',
  `attest_session=${'A'.repeat(43)}`,
  `__Host-attest_session=${'a'.repeat(43)}`,
  'attest_session=%ED%A0%80',
  'attest_session=a; attest_session=b',
  'attest_session="quoted"',
  `attest_session=${'a'.repeat(5000)}`,
  ';;;',
  'attest_session=\u00ff\u00fe',
  '__proto__=x; constructor=y',
];

const ODD_HEADERS: Record<string, string>[] = [
  { accept: 'text/html' },
  { accept: 'text/event-stream' },
  { 'last-event-id': '99999999999999999999' },
  { 'last-event-id': '-1' },
  { host: 'evil.example' },
  { host: 'localhost:1' },
  { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
  { 'x-forwarded-for': '1.2.3.4' },
  { 'content-type': 'application/json' },
];

export const oddHeaders = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_HEADERS) },
);

// -----------------------------------------------------------------------------------------
// Counting, so that a fuzz cannot pass without reaching the handlers or passing anything.

export interface Stats {
  runs: number;
  ok: number;
  reached: number;
  statuses: Record<number, number>;
  /** Why requests did not reach the handler, for the failure message. */
  stopped: Record<string, number>;
}

export const newStats = (): Stats => ({ runs: 0, ok: 0, reached: 0, statuses: {}, stopped: {} });

export const messageOf = (answer: Answer) =>
  ErrorBodySchema.safeParse(answer.body).data?.message ?? '';

export function count(stats: Stats, answer: Answer, reached: boolean) {
  stats.runs += 1;
  stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
  if (answer.status < 300) stats.ok += 1;
  if (reached) stats.reached += 1;
  else {
    const why = messageOf(answer).slice(0, 40);
    stats.stopped[why] = (stats.stopped[why] ?? 0) + 1;
  }
}

export const noSession = (answer: Answer) =>
  answer.status === 401 && /sign in first/.test(messageOf(answer));

/** Runs a property with two valid values first, then one valid to two hostile. */
export async function fuzz<T>(
  valid: fc.Arbitrary<T>,
  hostile: fc.Arbitrary<T>,
  numRuns: number,
  run: (value: T) => Promise<void>,
) {
  // FUZZ_SEED replays a failed run: fast-check prints the seed beside the counterexample.
  const seed = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};
  const examples = fc.sample(valid, { numRuns: 2, ...seed }).map((value): [T] => [value]);
  const values = fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: hostile });
  await fc.assert(fc.asyncProperty(values, run), { numRuns, examples, ...seed });
}
