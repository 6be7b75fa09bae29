import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect } from 'vitest';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import type { TestService } from '../../service/testing/service.ts';
import { openGatewayDatabase } from '../db/open.ts';
import { onPostgres, testDatabase } from '../testing/database.ts';
import { startHarness, type Harness, type Result } from '../testing/harness.ts';
import { REFRESH_WINDOW_MS } from './tokens.ts';

// The reason the gateway exists (docs/design.md): no token or client secret in the browser.

const SECRET = `whsec_${Buffer.from('secrets test webhook key').toString('base64')}`;
const CLIENT_SECRET = 'acme-admin-secret';

let service: TestService;
let gateway: Harness;
let dataDir: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  dataDir = mkdtempSync(join(tmpdir(), 'attest-gateway-'));
  gateway = await startHarness({ upstream: service.url, dataDir, webhookSecrets: [SECRET] });
});
afterAll(async () => {
  await gateway.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function everything(result: Result): string {
  return [...result.headers].map(([k, v]) => `${k}: ${v}`).join('\n') + '\n' + result.text;
}

describe('what the browser sees', () => {
  it('never contains the access token or the client secret', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-admin', CLIENT_SECRET);
    const stream = await browser.events();
    await browser.request('GET', '/session');
    // /config lists the sandbox's demo logins, secrets included, by design (they are
    // public); it is checked for tokens only.
    const config = everything(await browser.request('GET', '/config'));
    await browser.request('GET', '/api/users/v1/users?owner=acme');
    await browser.request('GET', '/api/files/v1/files/00000000-0000-4000-8000-000000000000');
    await browser.request('POST', '/api/sandbox/v1/clock/advance', { json: { seconds: 1 } });
    // A refresh and retry, and an upstream error, are in the picture too.
    await service.send('POST', '/sandbox/v1/clients/acme-admin/revoke', {
      token: await service.token('acme-admin'),
    });
    // Past the window in which a 401 to a new token is taken as a refusal (tokens.ts).
    gateway.advance(REFRESH_WINDOW_MS);
    await browser.request('GET', '/api/users/v1/users');
    gateway.advance(3600_000);
    await browser.request('GET', '/api/users/v1/users?owner=acme');
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    const body = JSON.stringify({ crid: 'C-9' });
    await fetch(`${gateway.url}/webhooks/acme`, {
      method: 'POST',
      headers: {
        'hook-id': id,
        'hook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'hook-signature': new Webhook(SECRET).sign(id, at, body),
      },
      body,
    });
    await stream.waitFor(1);
    await browser.request('GET', '/events/recent');
    await browser.request('DELETE', '/session');
    await browser.signIn('acme-admin', 'a wrong secret');
    stream.close();

    const tokens = gateway.issued.filter((token) => token.startsWith('eyJ'));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const seen = [
      ...browser.seen.map(everything).filter((text) => text !== config),
      ...stream.messages.map((m) => m.data),
      [...stream.response.headers].join('\n'),
    ].join('\n----\n');
    expect(browser.seen.length).toBeGreaterThanOrEqual(10);
    for (const token of tokens) {
      expect(config).not.toContain(token.split('.')[2]);
      expect(seen).not.toContain(token);
      // Not even the signature part, in case something reformatted the token.
      expect(seen).not.toContain(token.split('.')[2]);
    }
    expect(seen).not.toContain(CLIENT_SECRET);
    expect(seen).not.toMatch(/access_token|clientSecret|Bearer /);
  });
});

/** Every session row the gateway over `dataDir` wrote, as text. */
async function storedRows(dataDir: string): Promise<string> {
  const db = await openGatewayDatabase({ dataDir, ...testDatabase(dataDir), log: () => {} });
  try {
    return JSON.stringify(await db.sql.all('SELECT * FROM sessions'));
  } finally {
    await db.close();
  }
}

describe('what the gateway stores', () => {
  it('keeps secret and token sealed, the cookie only as a hash, and the key file 0600', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-integration', 'acme-integration-secret');
    const cookieValue = browser.cookie?.split('=')[1] ?? '';
    expect(cookieValue).toHaveLength(43);
    // SQLite: the files' bytes, free pages and the WAL included. PostgreSQL: the rows.
    const stored = onPostgres()
      ? await storedRows(dataDir)
      : readdirSync(dataDir)
          .filter((name) => name.startsWith('gateway.db'))
          .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
          .join('');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain('acme-integration-secret');
    expect(stored).not.toContain(cookieValue);
    for (const token of gateway.issued) expect(stored).not.toContain(token.split('.')[2]);
    expect(statSync(join(dataDir, 'gateway-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('keeps sessions across a restart over the same data folder', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer', 'acme-reviewer-secret');
    const again = await startHarness({ upstream: service.url, dataDir });
    try {
      const other = again.browser();
      other.cookie = browser.cookie;
      const result = await other.request('GET', '/api/users/v1/users?owner=acme');
      expect(result.status, result.text).toBe(200);
    } finally {
      await again.close();
    }
  });
});
