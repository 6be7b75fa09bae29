import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import {
  ClockAdvanceResultSchema,
  RevokeResultSchema,
  SandboxInfoSchema,
} from '../../contract/sandbox.ts';
import { createServiceApp } from '../app.ts';
import { publishDocumentReady } from '../events/document-ready.ts';
import { transaction } from '../store/transaction.ts';
import { expectError, storedValue } from '../testing/service.ts';

const demo = demoSetup();
let pendingRequest: string;
let messageId: string;

it.beforeAll(async () => {
  const { db } = demo.service.ctx;
  pendingRequest = storedValue(
    db,
    "SELECT id FROM signature_requests WHERE owner = 'acme' AND status = 'pending'",
  );
  const file = db.prepare("SELECT id, blob_key FROM files WHERE owner = 'acme'").get() as {
    id: string;
    blob_key: string;
  };
  messageId = transaction(db, () =>
    publishDocumentReady(demo.service.ctx, 'acme', file.id, file.blob_key),
  );
});

const post = (path: string, token: string | undefined, json?: unknown) =>
  demo.service.send('POST', `/sandbox/v1${path}`, { token, json });

/** A token whose payload was edited to claim the sandbox permission: its signature fails. */
function forged(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
  const edited = { ...claims, perms: ['sandbox'] };
  return `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
}

describe('who may use the sandbox', () => {
  const endpoints = (): [string, string, unknown?][] => [
    ['POST', '/reset'],
    ['POST', `/signature-requests/${pendingRequest}/complete`],
    ['POST', '/clock/advance', { seconds: 3600 }],
    ['GET', '/deliveries?owner=acme'],
    ['GET', `/deliveries/${messageId}`],
    ['POST', `/deliveries/${messageId}/redeliver`],
    ['POST', '/clients/acme-integration/revoke'],
  ];

  function state() {
    const { db } = demo.service.ctx;
    return {
      clock: demo.service.ctx.clock.offsetMs,
      request: db.prepare('SELECT * FROM signature_requests WHERE id = ?').get(pendingRequest),
      outbox: db.prepare("SELECT * FROM outbox WHERE owner = 'acme' ORDER BY id").all(),
      revoked: db
        .prepare('SELECT COUNT(*) AS n FROM issued_tokens WHERE revoked_at IS NOT NULL')
        .get(),
      firm: db.prepare("SELECT * FROM firms WHERE owner = 'acme' ORDER BY id").get(),
    };
  }

  it('refuses every endpoint without a valid sandbox token, and changes nothing', async () => {
    // A change a reset would undo, and a message a redeliver would move.
    demo.service.ctx.db.prepare("UPDATE firms SET name = 'Renamed' WHERE owner = 'acme'").run();
    demo.service.ctx.db.prepare("UPDATE outbox SET status = 'failed' WHERE id = ?").run(messageId);
    const before = state();
    const callers: [string, string | undefined, RegExp][] = [
      ['no token', undefined, /missing Authorization/],
      ['a forged token', forged(demo.reviewer), /invalid/],
      ['a reviewer', demo.reviewer, /lacks the sandbox permission/],
      ['a machine client without the sandbox permission', demo.integration, /lacks the sandbox/],
    ];
    for (const [method, path, json] of endpoints()) {
      for (const [who, token, message] of callers) {
        const result = await demo.service.send(method, `/sandbox/v1${path}`, { token, json });
        expect(result.status, `${method} ${path} with ${who}`).toBe(401);
        expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
      }
    }
    expect(state()).toEqual(before);
    // The integration client's token was not revoked along the way.
    expect((await demo.service.get('/accounts/v1/firms?owner=acme', demo.integration)).status).toBe(
      200,
    );
  });

  it('answers an unknown sandbox path 404 for an admin, 401 without a token', async () => {
    expectError(await demo.service.get('/sandbox/v1/nothing', demo.admin), 404, /no route/);
    expectError(await demo.service.get('/sandbox/v1/nothing'), 401, /Authorization/);
  });
});

describe('GET /sandbox/v1/info', () => {
  it('says, to anyone, that it is a sandbox, its clock and its demo logins', async () => {
    for (const token of [demo.admin, demo.globex, undefined]) {
      const before = demo.service.ctx.clock.now().getTime();
      const result = await demo.service.get('/sandbox/v1/info', token);
      const after = demo.service.ctx.clock.now().getTime();
      expect(result.status).toBe(200);
      const info = SandboxInfoSchema.parse(result.body);
      expect(info.service).toBe('attest-reference');
      expect(Date.parse(info.now)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(info.now)).toBeLessThanOrEqual(after);
      expect(info.demoLogins.map((l) => l.clientId)).toContain('acme-reviewer');
    }
  });

  it("lists the demo logins, every owner's secrets, only to a caller on this machine", async () => {
    const app = createServiceApp(demo.service.ctx);
    const from = async (remoteAddress: string) => {
      const response = await app.request(
        '/sandbox/v1/info',
        {},
        { incoming: { socket: { remoteAddress } } },
      );
      expect(response.status).toBe(200);
      return SandboxInfoSchema.parse(await response.json());
    };
    for (const address of ['192.0.2.9', '::ffff:10.0.0.1', 'fd00::2']) {
      const info = await from(address);
      expect(info.sandbox).toBe(true);
      expect(info.demoLogins).toEqual([]);
    }
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
      expect((await from(address)).demoLogins.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /sandbox/v1/clock/advance', () => {
  it('moves the service clock forward by the seconds given', async () => {
    const before = demo.service.ctx.clock.offsetMs;
    const sent = demo.service.ctx.clock.now().getTime();
    const result = await post('/clock/advance', demo.admin, { seconds: 90 });
    const answered = demo.service.ctx.clock.now().getTime();
    expect(result.status, result.text).toBe(200);
    const { now } = ClockAdvanceResultSchema.parse(result.body);
    expect(demo.service.ctx.clock.offsetMs - before).toBe(90_000);
    // The advanced clock as the answer was made.
    expect(Date.parse(now)).toBeGreaterThanOrEqual(sent + 90_000);
    expect(Date.parse(now)).toBeLessThanOrEqual(answered);
    const info = SandboxInfoSchema.parse(
      (await demo.service.get('/sandbox/v1/info', demo.admin)).body,
    );
    expect(Date.parse(info.now) - Date.now()).toBeGreaterThan(89_000);
  });

  it.each([
    [{ seconds: 0 }, /positive/],
    [{ seconds: -5 }, /positive/],
    [{ seconds: 1.5 }, /whole number/],
    [{ seconds: '60' }, /whole number/],
    [{ seconds: 864_001 }, /at most 864000/],
    [{}, /seconds/],
    [{ seconds: 60, minutes: 1 }, /minutes/],
    [[60], /object/],
  ])('refuses %j with 400 and leaves the clock alone', async (json, message) => {
    const before = demo.service.ctx.clock.offsetMs;
    expectError(await post('/clock/advance', demo.admin, json), 400, message);
    expect(demo.service.ctx.clock.offsetMs).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const before = demo.service.ctx.clock.offsetMs;
    const path = '/sandbox/v1/clock/advance';
    expectError(
      await demo.service.send('POST', path, { token: demo.admin, body: 'seconds=60' }),
      415,
      /JSON/,
    );
    expectError(
      await demo.service.send('POST', path, {
        token: demo.admin,
        body: '{"seconds":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      /not valid JSON/,
    );
    expect(demo.service.ctx.clock.offsetMs).toBe(before);
  });

  it('takes up to ten days, after which tokens issued before have expired', async () => {
    const result = await post('/clock/advance', demo.admin, { seconds: 864_000 });
    expect(result.status, result.text).toBe(200);
    expectError(
      await demo.service.get('/sandbox/v1/deliveries?owner=acme', demo.admin),
      401,
      /expired/,
    );
    // Tokens issued at the new time work; later tests use them.
    [demo.admin, demo.globex, demo.integration] = await Promise.all([
      demo.service.token('acme-admin'),
      demo.service.token('globex-admin'),
      demo.service.token('acme-integration'),
    ]);
    expect((await demo.service.get('/sandbox/v1/deliveries?owner=acme', demo.admin)).status).toBe(
      200,
    );
  });
});

describe('POST /sandbox/v1/clients/{clientId}/revoke', () => {
  it("revokes the tokens a client of the caller's owner holds; new ones work", async () => {
    const old = await demo.service.token('acme-integration');
    const result = await post('/clients/acme-integration/revoke', demo.admin);
    expect(result.status, result.text).toBe(200);
    expect(RevokeResultSchema.parse(result.body).revoked).toBeGreaterThanOrEqual(2);
    for (const token of [old, demo.integration]) {
      expectError(await demo.service.get('/accounts/v1/firms?owner=acme', token), 401, /revoked/);
    }
    const fresh = await demo.service.token('acme-integration');
    expect((await demo.service.get('/accounts/v1/firms?owner=acme', fresh)).status).toBe(200);
    // The count is of live tokens: one for a client holding one, then none.
    await demo.service.token('acme-reviewer');
    const once = await post('/clients/acme-reviewer/revoke', demo.admin);
    expect(RevokeResultSchema.parse(once.body)).toEqual({ revoked: 1 });
    const twice = await post('/clients/acme-reviewer/revoke', demo.admin);
    expect(RevokeResultSchema.parse(twice.body)).toEqual({ revoked: 0 });
  });

  it.each([
    ['another owner', 'globex-admin'],
    ['no', 'nobody'],
    ['a malformed', '%20%27'],
  ])('answers 404 for %s client, and revokes nothing', async (_, clientId) => {
    const before = demo.service.ctx.db
      .prepare('SELECT COUNT(*) AS n FROM issued_tokens WHERE revoked_at IS NOT NULL')
      .get();
    expectError(await post(`/clients/${clientId}/revoke`, demo.admin), 404, /not found/);
    expect(
      demo.service.ctx.db
        .prepare('SELECT COUNT(*) AS n FROM issued_tokens WHERE revoked_at IS NOT NULL')
        .get(),
    ).toEqual(before);
    expect((await demo.service.get('/accounts/v1/firms?owner=globex', demo.globex)).status).toBe(
      200,
    );
  });

  it("lets globex revoke its own client but not acme's", async () => {
    expectError(await post('/clients/acme-admin/revoke', demo.globex), 404, /not found/);
    expect((await demo.service.get('/sandbox/v1/deliveries?owner=acme', demo.admin)).status).toBe(
      200,
    );
  });
});
