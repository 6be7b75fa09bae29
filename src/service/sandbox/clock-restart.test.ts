import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxInfoSchema } from '../../contract/sandbox.ts';
import { startService, type RunningService } from '../server.ts';
import { demoDataCopy, demoTokenRequest, expectError } from '../testing/service.ts';

// The sandbox clock's offset was lost on restart, so tokens issued under an
// advanced clock outlived their lifetime and retries scheduled under it lay far ahead.

const dataDir = demoDataCopy('attest-clock-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The same name across restarts, as a deployment has: tokens are bound to it (`iss`), and
// each start listens on a port of its own.
const start = () => startService({ dataDir, log: () => {}, publicUrl: 'http://attest.test' });

async function token(service: RunningService, clientId: string): Promise<string> {
  const response = await fetch(`${service.listenUrl}/auth/v1/oauth2/token`, {
    method: 'POST',
    ...demoTokenRequest(clientId),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function call(service: RunningService, path: string, bearer: string, json?: unknown) {
  const response = await fetch(`${service.listenUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? null : JSON.stringify(json),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: JSON.parse(text) as unknown,
    headers: response.headers,
  };
}

const advance = async (service: RunningService, bearer: string, seconds: number) => {
  const result = await call(service, '/sandbox/v1/clock/advance', bearer, { seconds });
  expect(result.status, result.text).toBe(200);
};

describe('the sandbox clock across a restart', () => {
  it('keeps its offset, and judges tokens issued before the restart by it', async () => {
    const first = await start();
    let issued: string;
    try {
      await advance(first, await token(first, 'acme-admin'), 3000);
      // Issued at advanced now: it expires 3600 s after that, not after the wall clock.
      issued = await token(first, 'acme-admin');
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      expect(second.ctx.clock.offsetMs).toBe(3_000_000);
      const info = SandboxInfoSchema.parse((await call(second, '/sandbox/v1/info', issued)).body);
      expect(Date.parse(info.now) - Date.now()).toBeGreaterThan(2_990_000);

      // Still within its lifetime by the restored clock...
      const firms = await call(second, '/accounts/v1/firms?owner=acme', issued);
      expect(firms.status, firms.text).toBe(200);
      // ...and past it once that clock has run 3601 s more, which a clock put back to the
      // wall clock would not have reached.
      await advance(second, issued, 3601);
      expectError(await call(second, '/accounts/v1/firms?owner=acme', issued), 401, /expired/);
      expect(second.ctx.clock.offsetMs).toBe(6_601_000);
    } finally {
      await second.close();
    }

    const third = await start();
    try {
      expect(third.ctx.clock.offsetMs).toBe(6_601_000);
    } finally {
      await third.close();
    }
  });
});
