import { randomUUID } from 'node:crypto';
import { describe, expect, vi } from 'vitest';
import type { Finding } from '../../contract/findings.ts';
import type { QcRequest } from '../../contract/qc.ts';
import { UNTIL } from '../../service/testing/fixtures.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide, findingsOf, readRequest, userIdOf } from '../testing/findings.ts';

// The copy of a finding's document the gateway keeps (ADR 029, documents.ts): made after a
// rejection with findings, with the reviewer's token, and shown to the party responsible
// (Nora, a notary the service shows no QC document to) and the owner's QC managers only.
// Riley reviews, Alex manages, Noah is another notary, Gwen is of another owner.

let gateway: Harness;
let riley: Browser;
let alex: Browser;
let nora: Browser;
let noah: Browser;
let gwen: Browser;
let hers: QcRequest[];

const notaryOf = (r: QcRequest) => r.actors.find((a) => a.roleId === 'notary')?.userId;
const take = () => {
  const request = hers.shift();
  if (!request) throw new Error('out of pending requests');
  return request;
};
const documentOf = (browser: Browser, finding: Finding) =>
  browser.request('GET', `/team/findings/${finding.id}/document`);
/** Whether `url` is `request`'s file (a presigned URL: its path is the file's, always). */
const isFileOf = (request: QcRequest, url: string) =>
  new URL(url).pathname === new URL(request.fileUrl).pathname;
/** Fetches of `request`'s file the gateway made so far. */
const fileFetches = (request: QcRequest) =>
  gateway.calls.filter((c) => isFileOf(request, c.url)).length;

/** Riley rejects a request of Nora's: its finding, and the document's bytes as the service has them. */
async function raise(): Promise<{
  request: QcRequest;
  finding: Finding;
  pdf: string;
  size: number;
}> {
  const request = take();
  const decided = await decide(riley, request);
  expect(decided.status, decided.text).toBe(200);
  const [finding] = await findingsOf(alex, request.id);
  if (!finding) throw new Error('no finding');
  const fresh = await readRequest(alex, request.id);
  const bytes = Buffer.from(await (await fetch(fresh.fileUrl)).arrayBuffer());
  return { request, finding, pdf: bytes.toString(), size: bytes.byteLength };
}

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  riley = await signedIn('acme-reviewer');
  alex = await signedIn('acme-admin');
  nora = await signedIn('acme-notary');
  noah = await signedIn('acme-second-notary');
  gwen = await signedIn('globex-admin');
  const noraId = await userIdOf(nora);
  hers = (await pendingRequests(alex, 100)).filter((r) => notaryOf(r) === noraId);
  expect(hers.length).toBeGreaterThanOrEqual(3);
});

describe('the copy of a finding’s document', () => {
  it('is made after the rejection, and read by the party responsible and a QC manager', async () => {
    const { request, finding, pdf, size } = await raise();
    expect(finding.responsible?.id).toBe(await userIdOf(nora));
    await vi.waitFor(async () => expect((await documentOf(nora, finding)).status).toBe(200), UNTIL);
    const read = await documentOf(nora, finding);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.text.startsWith('%PDF-')).toBe(true);
    expect(read.text).toBe(pdf);
    // Fetched once, with the reviewer's session: the manager's read is the copy too.
    const fetched = fileFetches(request);
    const managers = await documentOf(alex, finding);
    expect(managers.status).toBe(200);
    expect(managers.text).toBe(pdf);
    expect(fileFetches(request)).toBe(fetched);
    // HEAD says whether there is one, and how large, without the bytes.
    const head = await nora.request('HEAD', `/team/findings/${finding.id}/document`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.text).toBe('');
    // The service itself still keeps the file from the notary.
    const direct = await nora.request('GET', `/api/qc/v2/qc/requests/${request.id}`);
    expect(direct.status).not.toBe(200);
  });

  it('is 404 to a reviewer who does not manage, another notary and another owner', async () => {
    const { request, finding } = await raise();
    await vi.waitFor(async () => expect((await documentOf(alex, finding)).status).toBe(200), UNTIL);
    const fetched = fileFetches(request);
    for (const browser of [riley, noah, gwen]) {
      expectMessage(await documentOf(browser, finding), 404, /no finding/);
      const head = await browser.request('HEAD', `/team/findings/${finding.id}/document`);
      expect(head.status).toBe(404);
    }
    // A refusal fetches nothing and changes nothing: the copy reads as before.
    expect(fileFetches(request)).toBe(fetched);
    expect((await documentOf(nora, finding)).status).toBe(200);
  });

  it('answers a bad id 400, an unknown one 404, and no or a forged session 401', async () => {
    expectMessage(await alex.request('GET', '/team/findings/not-a-uuid/document'), 400, /UUID/);
    expectMessage(
      await alex.request('GET', `/team/findings/${randomUUID()}/document`),
      404,
      /no finding/,
    );
    const { finding } = await raise();
    await vi.waitFor(async () => expect((await documentOf(alex, finding)).status).toBe(200), UNTIL);
    const anonymous = gateway.browser();
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    for (const browser of [anonymous, forged]) {
      expectMessage(await documentOf(browser, finding), 401, /sign in/);
    }
    expect((await documentOf(nora, finding)).status).toBe(200);
  });

  it('is not made when the document cannot be had, and the decision stands all the same', async () => {
    const failing = take();
    const tooLarge = take();
    gateway.intercept = (url) => {
      if (isFileOf(failing, url)) return new Response('down', { status: 503 });
      if (isFileOf(tooLarge, url)) {
        return new Response('%PDF-', {
          headers: { 'content-length': String(26 * 1024 * 1024) },
        });
      }
      return undefined;
    };
    try {
      for (const request of [failing, tooLarge]) {
        const decided = await decide(riley, request);
        expect(decided.status, decided.text).toBe(200);
        const [finding] = await findingsOf(alex, request.id);
        if (!finding) throw new Error('no finding');
        await vi.waitFor(
          () =>
            expect(
              gateway.logs.some((line) => line.includes(`no copy of QC request ${request.id}`)),
            ).toBe(true),
          UNTIL,
        );
        expectMessage(await documentOf(nora, finding), 404, /no copy/);
        expectMessage(await documentOf(alex, finding), 404, /no copy/);
        const head = await nora.request('HEAD', `/team/findings/${finding.id}/document`);
        expect(head.status).toBe(404);
        expect((await readRequest(alex, request.id)).status).toBe('rejected');
      }
    } finally {
      gateway.intercept = null;
    }
  });
});
