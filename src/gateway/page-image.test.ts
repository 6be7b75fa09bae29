import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QcRequestListSchema, QcRequestSchema } from '../contract/qc.ts';
import { renderDocumentPdf } from '../service/seed/documents.ts';
import { startTestService, type TestService } from '../service/testing.ts';
import { PageImagesBusy, pageImages } from './page-image.ts';
import { expectMessage, startHarness, type Browser, type Harness } from './test-harness.ts';

// A QC request's first page drawn by the gateway (decision 025), over real HTTP in front of
// the reference service, with pdf.js's Node build in a real worker thread.

let service: TestService;
let gateway: Harness;
let reviewer: Browser;
let stranger: Browser;
let acmeId: string;

const AVIF = { accept: 'image/avif,image/webp,*/*' };
const firstPage = (browser: Browser, id: string, headers: Record<string, string> = AVIF) =>
  browser.request('GET', `/preview/qc/${id}/first-page`, { headers });
/** The ISO-BMFF brand of an AVIF file: bytes 4-11 are `ftypavif`. */
const isAvif = (text: string) => text.slice(4, 12) === 'ftypavif';

async function signedIn(clientId: string) {
  const browser = gateway.browser();
  expect((await browser.signIn(clientId)).status).toBe(200);
  return browser;
}

beforeAll(async () => {
  service = await startTestService();
  gateway = await startHarness({ upstream: service.url });
  reviewer = await signedIn('acme-reviewer');
  stranger = await signedIn('globex-admin');
  const list = await reviewer.request(
    'GET',
    '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=1',
  );
  acmeId = QcRequestListSchema.parse(list.body).qcRequests[0]?.id ?? '';
  expect(acmeId).not.toBe('');
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

describe('GET /preview/qc/{id}/first-page', () => {
  it("draws the session's own request's first page, as AVIF where the browser takes it", async () => {
    const avif = await firstPage(reviewer, acmeId);
    expect(avif.status, avif.text).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(isAvif(avif.text)).toBe(true);
    expect(avif.headers.get('cache-control')).toBe('private, max-age=300');
    expect(avif.headers.get('vary')).toMatch(/Accept/);

    const webp = await firstPage(reviewer, acmeId, { accept: 'image/webp,*/*' });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.text.slice(0, 4)).toBe('RIFF');
    expect(webp.text.slice(8, 12)).toBe('WEBP');
  });

  it('refuses a browser without a session, or with a forged one, before asking anyone', async () => {
    const before = gateway.calls.length;
    const anonymous = gateway.browser();
    expectMessage(await firstPage(anonymous, acmeId), 401, /sign in|session/i);
    anonymous.cookie = 'attest_session=forged-value';
    expect((await firstPage(anonymous, acmeId)).status).toBe(401);
    expect(gateway.calls.length).toBe(before);
  });

  it("answers 404 for another owner's request, an unknown one and an id that is none", async () => {
    expectMessage(await firstPage(stranger, acmeId), 404, /no such QC request/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectMessage(await firstPage(reviewer, unknown), 404, /no such QC request/);
    const before = gateway.calls.length;
    expectMessage(await firstPage(reviewer, 'not-an-id'), 404, /no such QC request/);
    expect(gateway.calls.length).toBe(before);
  });

  it('fetches a document only from an allowed origin', async () => {
    // A session of its own: a session's drawn pages are kept a minute.
    const reviewer = await signedIn('acme-reviewer');
    const real = QcRequestSchema.parse(
      (await reviewer.request('GET', `/api/qc/v2/qc/requests/${acmeId}`)).body,
    );
    const elsewhere = 'https://storage.elsewhere.invalid/doc.pdf';
    gateway.intercept = (url) =>
      url.includes(`/qc/v2/qc/requests/${acmeId}`)
        ? Response.json({ ...real, fileUrl: elsewhere })
        : undefined;
    try {
      const result = await firstPage(reviewer, acmeId);
      expectMessage(result, 422, /not on an allowed origin/);
      expect(gateway.calls.some((call) => call.url.startsWith(elsewhere))).toBe(false);
    } finally {
      gateway.intercept = null;
    }
  });

  it('says so when the document is not a PDF, or too large, and tries again next time', async () => {
    const reviewer = await signedIn('acme-reviewer');
    const real = QcRequestSchema.parse(
      (await reviewer.request('GET', `/api/qc/v2/qc/requests/${acmeId}`)).body,
    );
    // Presigned afresh on every read: the document's path is what stays.
    const isPdf = (url: string) => new URL(url).pathname === new URL(real.fileUrl).pathname;
    gateway.intercept = (url) =>
      isPdf(url) ? new Response('not a pdf at all', { status: 200 }) : undefined;
    try {
      expectMessage(await firstPage(reviewer, acmeId), 422, /drawn/);
      gateway.intercept = (url) =>
        isPdf(url)
          ? new Response(new Uint8Array(16), { headers: { 'content-length': '99999999999' } })
          : undefined;
      expectMessage(await firstPage(reviewer, acmeId), 413, /large/);
    } finally {
      gateway.intercept = null;
    }
    // A failure is not kept.
    expect((await firstPage(reviewer, acmeId)).status).toBe(200);
  });
});

describe('pageImages', () => {
  it('refuses jobs past its queue at once', async () => {
    const images = pageImages({ queue: 1 });
    const pdf = async () => new Uint8Array(await demoPdf());
    try {
      const first = images.draw(await pdf(), 'webp');
      const second = images.draw(await pdf(), 'webp');
      await expect(images.draw(await pdf(), 'webp')).rejects.toBeInstanceOf(PageImagesBusy);
      const drawn = await Promise.all([first, second]);
      expect(drawn.map((image) => image.width)).toEqual([960, 960]);
    } finally {
      await images.close();
    }
  });

  it('ends a drawing that takes too long', async () => {
    const slow = pageImages({ timeoutMs: 1 });
    try {
      await expect(slow.draw(new Uint8Array(await demoPdf()), 'webp')).rejects.toThrow(/too long/);
    } finally {
      await slow.close();
    }
  });
});

function demoPdf() {
  return renderDocumentPdf({
    matterReference: 'MR-1',
    title: 'Affidavit',
    crid: 'CR-1',
    firmName: 'Firm',
    preparedBy: 'Preparer',
    preparedOn: '2026-01-02',
    signerName: 'Signer',
    notaryName: 'Notary',
    state: 'OH',
  });
}
