import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSecret } from './auth/secrets.ts';
import { startService } from './server.ts';
import { basicAuth } from './testing/service.ts';

const dir = mkdtempSync(join(tmpdir(), 'attest-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Seeding renders PDFs; this test is about the store and keys, so it adds one client by hand.
const options = { dataDir: dir, publicUrl: 'http://127.0.0.1:18090', seed: false, log: () => {} };

describe('a service over a data folder', () => {
  it('keeps its keys and data across a restart, with the key file private', async () => {
    const first = await startService(options);
    first.ctx.db.prepare("INSERT INTO owners (id, name) VALUES ('acme', 'Acme')").run();
    first.ctx.db
      .prepare(
        'INSERT INTO clients (id, owner, secret_hash, user_id, perms, scopes) VALUES (?, ?, ?, NULL, ?, ?)',
      )
      .run(
        'acme-admin',
        'acme',
        hashSecret('acme-admin-secret'),
        '["accounts.write"]',
        '["accounts"]',
      );
    const response = await fetch(`${first.listenUrl}/auth/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: basicAuth('acme-admin', 'acme-admin-secret'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    await first.close();
    expect(statSync(join(dir, 'keys.json')).mode & 0o777).toBe(0o600);

    const second = await startService(options);
    try {
      expect(second.url).toBe(options.publicUrl);
      // Same key and issuer after the restart: the earlier token still works.
      const firms = await fetch(`${second.listenUrl}/accounts/v1/accounts?owner=acme`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(firms.status).toBe(200);
      expect(((await firms.json()) as { accounts: unknown[] }).accounts).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('says plainly when its port is taken', async () => {
    const first = await startService({ ...options, dataDir: null });
    try {
      const port = Number(new URL(first.listenUrl).port);
      await expect(startService({ ...options, dataDir: null, port })).rejects.toThrow(
        `port ${port} on 127.0.0.1 is in use`,
      );
    } finally {
      await first.close();
    }
  });

  it('reads a refused body to its end, so its 413 arrives and the connection carries the next request', async () => {
    const service = await startService({ ...options, dataDir: null });
    // One socket, kept alive: the second request goes on the connection the first one used.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const post = (body: string, headers: Record<string, string> = {}, send = true) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const url = new URL('/accounts/v1/accounts', service.listenUrl);
        const req = request(
          url,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
            );
          },
        );
        req.on('socket', (socket) => sockets.add(socket));
        req.on('error', reject);
        if (send) req.end(body);
        else req.write(body);
      });
    try {
      const large = await post(JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }));
      expect(large).toEqual({ status: 413, connection: 'keep-alive' });
      expect((await post('{}')).status).toBe(401);
      expect(sockets.size).toBe(1);

      // A body announced past what is worth reading is answered at once, and the connection
      // closes (the client here has sent only its start, so no reset can overtake the answer).
      const huge = await post('{"name":"', { 'content-length': String(40 * 1024 * 1024) }, false);
      expect(huge).toEqual({ status: 413, connection: 'close' });
      expect((await post('{}')).status).toBe(401);
      expect(sockets.size).toBe(2);
    } finally {
      agent.destroy();
      await service.close();
    }
  });
});
