import { describe, expect, vi } from 'vitest';
import { UNTIL } from '../../service/testing/fixtures.ts';
import {
  CheckResultSchema,
  CheckSummariesSchema,
  type CheckResult,
} from '../../contract/checks.ts';
import type { QcRequest } from '../../contract/qc.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide } from '../testing/findings.ts';
import { MachineCardSchema } from '../../contract/checks.ts';

// The machine's checks over real HTTP (ADR 042): asking for the queue's rows queues them, the
// gateway reads each request's real document from the service in the background, and a QC
// reader gets each bound item's verdict; nobody else gets anything, and nothing is queued.

let gateway: Harness;
let riley: Browser;
let nora: Browser;
let gwen: Browser;
let alex: Browser;
let pending: QcRequest[];

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  riley = await signedIn('acme-reviewer');
  nora = await signedIn('acme-notary');
  gwen = await signedIn('globex-admin');
  alex = await signedIn('acme-admin');
  pending = await pendingRequests(riley, 5);
  expect(pending.length).toBe(5);
});

async function checked(browser: Browser, id: string): Promise<CheckResult> {
  const until = Date.now() + 60_000;
  for (;;) {
    const got = await browser.request('GET', `/team/checks/${id}`);
    if (got.status === 200) return CheckResultSchema.parse(got.body);
    expectMessage(got, 404, /not checked yet/);
    if (Date.now() > until) throw new Error(`${id} was not checked within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("the machine's checks", () => {
  it(
    'queues the rows shown, reads each document once and judges its bound items',
    { timeout: 120_000 },
    async () => {
      const ids = pending.slice(0, 2).map((r) => r.id);
      const first = CheckSummariesSchema.parse(
        (await riley.request('GET', `/team/checks?ids=${ids.join(',')}`)).body,
      );
      expect(first.summaries.map((s) => s.requestId)).toEqual(ids);
      const request = pending[0]!;
      const result = await checked(riley, request.id);
      expect(result.requestId).toBe(request.id);
      expect(result.checker.version).toMatch(/\d/);
      // The demo's processes come bound: every item bound is one of the request's own.
      expect(result.items.length).toBeGreaterThan(0);
      const names = new Set(request.checklistItems.map((i) => i.displayName));
      for (const item of result.items) {
        expect(names.has(item.itemName)).toBe(true);
        expect(item.reason.length).toBeGreaterThan(0);
        if (item.verdict === 'fail') expect(item.regions.length).toBeGreaterThan(0);
      }
      const summary = CheckSummariesSchema.parse(
        (await riley.request('GET', `/team/checks?ids=${request.id}`)).body,
      );
      const tally = (v: string) => result.items.filter((i) => i.verdict === v).length;
      expect(summary.summaries[0]).toEqual({
        requestId: request.id,
        state: 'checked',
        failed: tally('fail'),
        unsure: tally('unsure'),
        passed: tally('pass'),
      });
    },
  );

  it("answers a request's kept verdicts without asking the service again", async () => {
    const request = pending[0]!;
    const kept = await checked(riley, request.id);
    const path = `/qc/v2/qc/requests/${request.id}`;
    const asked = () => gateway.calls.filter((c) => new URL(c.url).pathname === path).length;
    const before = asked();
    // The service is not asked: were it, this would be a 502.
    gateway.intercept = (url) =>
      new URL(url).pathname === path ? Promise.reject(new TypeError('fetch failed')) : undefined;
    try {
      const again = await riley.request('GET', `/team/checks/${request.id}`);
      expect(again.status, again.text).toBe(200);
      expect(CheckResultSchema.parse(again.body)).toEqual(kept);
      expect(asked()).toBe(before);
    } finally {
      gateway.intercept = null;
    }
  });

  it('asks the service once whose a request not yet checked is, not on every look', async () => {
    const request = pending[4]!;
    const path = `/qc/v2/qc/requests/${request.id}`;
    const asked = () => gateway.calls.filter((c) => new URL(c.url).pathname === path).length;
    const before = asked();
    // A review polls while the machine reads; the reads here come faster than it can.
    const looks = [];
    for (let i = 0; i < 3; i++)
      looks.push(await riley.request('GET', `/team/checks/${request.id}`));
    for (const look of looks) expect([200, 404]).toContain(look.status);
    // Once to learn whose it is, and at most once more by the machine reading it.
    expect(asked() - before).toBeLessThanOrEqual(2);
    // Another owner is still refused: what was remembered was acme's.
    expectMessage(
      await gwen.request('GET', `/team/checks/${request.id}`),
      404,
      /no such QC request/,
    );
  });

  it('refuses a bad list, an unknown request and another owner, and queues nothing for them', async () => {
    expectMessage(await riley.request('GET', '/team/checks?ids=nope'), 400, /ids/);
    expectMessage(await riley.request('GET', '/team/checks'), 400, /ids/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectMessage(await riley.request('GET', `/team/checks/${unknown}`), 404, /no such QC request/);
    expectMessage(await riley.request('GET', '/team/checks/not-a-uuid'), 404, /no such QC request/);
    // Globex's admin cannot read acme's request's checks, nor learn whether it was checked.
    expectMessage(
      await gwen.request('GET', `/team/checks/${pending[1]!.id}`),
      404,
      /no such QC request/,
    );
    // A notary reviews nothing.
    expectMessage(
      await nora.request('GET', `/team/checks?ids=${pending[1]!.id}`),
      403,
      /QC reviewers/,
    );
    const anonymous = gateway.browser();
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    for (const stranger of [anonymous, forged]) {
      expectMessage(await stranger.request('GET', `/team/checks/${pending[1]!.id}`), 401, /.+/);
      expectMessage(await stranger.request('GET', `/team/checks?ids=${pending[1]!.id}`), 401, /.+/);
    }
  });
});

describe('a read that fails', () => {
  it(
    'is tried again later, never over and over, and the other requests go on meanwhile',
    { timeout: 120_000 },
    async () => {
      const [failing, other] = [pending[2]!, pending[3]!];
      const path = `/qc/v2/qc/requests/${failing.id}`;
      const asked = () => gateway.calls.filter((c) => new URL(c.url).pathname === path).length;
      // The service cannot be reached for this request: every try is refused at the socket.
      gateway.intercept = (url) =>
        new URL(url).pathname === path ? Promise.reject(new TypeError('fetch failed')) : undefined;
      try {
        const before = asked();
        const queued = await riley.request(
          'GET',
          `/team/checks?ids=${failing.id},${other.id}&opened=${failing.id}`,
        );
        expect(queued.status, queued.text).toBe(200);
        await vi.waitFor(() => expect(asked()).toBeGreaterThan(before), UNTIL);
        // Four seconds after its try, it has not been tried again (a loop would have, often).
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        expect(asked() - before).toBe(1);
        const logged = gateway.logs.filter((l) => l.includes(`${failing.id} not read now`));
        expect(logged).toHaveLength(1);
        // The reviewer's session goes on reading the others: the failure was the service's.
        expect((await checked(riley, other.id)).requestId).toBe(other.id);
      } finally {
        gateway.intercept = null;
      }
      // The service answers again: the next try reads it, without anyone asking again.
      expect((await checked(riley, failing.id)).requestId).toBe(failing.id);
    },
  );
});

describe('the image on file', () => {
  it("gives the notary's seal of a request's notary, as a PNG, to its owner's reviewers only", async () => {
    const request = pending[0]!;
    const seal = await riley.request('GET', `/team/checks/${request.id}/on-file/notarySeal`);
    expect(seal.status, seal.text).toBe(200);
    expect(seal.headers.get('content-type')).toBe('image/png');
    expectMessage(
      await riley.request('GET', `/team/checks/${request.id}/on-file/passport`),
      404,
      /no such image/,
    );
    expectMessage(
      await gwen.request('GET', `/team/checks/${request.id}/on-file/notarySeal`),
      404,
      /no such QC request/,
    );
    expectMessage(
      await nora.request('GET', `/team/checks/${request.id}/on-file/notarySeal`),
      403,
      /QC reviewers/,
    );
    expectMessage(
      await gateway.browser().request('GET', `/team/checks/${request.id}/on-file/notarySeal`),
      401,
      /.+/,
    );
  });
});

describe("the machine's report card", () => {
  it("counts a person's verdicts on bound items against the machine's, for managers only", async () => {
    const request = pending[0]!;
    const result = await checked(riley, request.id);
    // Alex rejects the first item and approves the rest.
    expect((await decide(alex, request)).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const got = await alex.request('GET', `/team/checks-report?from=${today}&to=${today}`);
    expect(got.status, got.text).toBe(200);
    const card = MachineCardSchema.parse(got.body);
    const judged = card.rows.reduce((n, r) => n + r.judged, 0);
    expect(judged).toBe(result.items.length);
    const first = request.checklistItems[0]!;
    const machineFirst = result.items.find((i) => i.itemId === first.id);
    if (machineFirst?.verdict === 'pass') {
      // It said pass where a person failed: a miss, listed with its request.
      const misses = card.rows.flatMap((r) => r.misses);
      expect(misses).toContainEqual(
        expect.objectContaining({ requestId: request.id, itemName: first.displayName }),
      );
    }
    expectMessage(
      await riley.request('GET', `/team/checks-report?from=${today}&to=${today}`),
      403,
      /QC managers/,
    );
    expectMessage(
      await alex.request('GET', '/team/checks-report?from=2026-13-01&to=2026-12-01'),
      400,
      /from and to/,
    );
    expectMessage(
      await gateway.browser().request('GET', `/team/checks-report?from=${today}&to=${today}`),
      401,
      /.+/,
    );
  });
});
