import { describe, expect, vi } from 'vitest';
import { gatewayTest as it } from '../testing/fixtures.ts';
import { QcRequestListSchema, QcRequestSchema } from '../../contract/qc.ts';
import { renderDocumentPdf } from '../../service/seed/documents.ts';
import { PageImagesBusy, pageImages } from './page-image.ts';
import { DRAWINGS_PER_SESSION } from './page-image.routes.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { UNTIL } from '../../service/testing/fixtures.ts';
import { onPostgres } from '../testing/database.ts';

// A QC request's first page drawn by the gateway (ADR 025), over real HTTP in front of
// the reference service, with pdf.js's Node build in a real worker thread. Nothing of it is
// kept in the gateway's store: it runs on SQLite alone, not again in the PostgreSQL project.

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

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  reviewer = await signedIn('acme-reviewer');
  stranger = await signedIn('globex-admin');
  const list = await reviewer.request(
    'GET',
    '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=1',
  );
  acmeId = QcRequestListSchema.parse(list.body).qcRequests[0]?.id ?? '';
  expect(acmeId).not.toBe('');
});

describe.skipIf(onPostgres())('GET /preview/qc/{id}/first-page', () => {
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

describe.skipIf(onPostgres())('GET /preview/qc/{id}/first-page, bounded', () => {
  /** The document's fetches: presigned downloads from the service's store. */
  const pdfFetches = () => gateway.calls.filter((call) => call.url.includes('/blobs/')).length;
  const requestReads = (id: string) =>
    gateway.calls.filter((call) => call.url.endsWith(`/qc/v2/qc/requests/${id}`)).length;

  /** Holds every document fetch until the returned function is called. */
  function holdDocuments() {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    gateway.intercept = (url, init) =>
      url.includes('/blobs/') ? opened.then(() => fetch(url, init)) : undefined;
    return () => {
      open();
      gateway.intercept = null;
    };
  }

  it('draws one page for every spelling of an id', async () => {
    const browser = await signedIn('acme-reviewer');
    const letters = [...acmeId].flatMap((ch, at) => (/[a-f]/.test(ch) ? [at] : []));
    const spellings = new Set<string>();
    for (let i = 0; spellings.size < 24 && i < 2 ** Math.min(letters.length, 10); i += 1) {
      const chars = [...acmeId];
      letters.forEach((at, bit) => {
        if (bit < 10 && i & (1 << bit)) chars[at] = chars[at]?.toUpperCase() ?? '';
      });
      spellings.add(chars.join(''));
    }
    expect(spellings.size).toBeGreaterThanOrEqual(8);
    const [fetched, read] = [pdfFetches(), requestReads(acmeId)];
    const answers = await Promise.all([...spellings].map((id) => firstPage(browser, id)));
    // Each spelling was a drawing of its own: seven downloads and seventeen 429s of 24.
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(pdfFetches() - fetched).toBe(1);
    expect(requestReads(acmeId) - read).toBe(1);
  });

  it('takes its place in the drawer before fetching the document: none left, nothing fetched', async () => {
    const [one, two, three] = await Promise.all(
      ['acme-reviewer', 'acme-reviewer', 'acme-reviewer'].map(signedIn),
    );
    if (!one || !two || !three) throw new Error('three sessions');
    const release = holdDocuments();
    try {
      // Four places (the one being drawn and three more), two sessions' worth.
      const fetched = pdfFetches();
      const held = [one, two].flatMap((browser) => [
        firstPage(browser, acmeId),
        firstPage(browser, acmeId, { accept: 'image/webp' }),
      ]);
      await vi.waitFor(() => expect(pdfFetches() - fetched).toBe(4), UNTIL);
      const read = requestReads(acmeId);
      expectMessage(await firstPage(three, acmeId), 429, /being drawn for others/);
      // Refused before the request was read or its document fetched.
      expect(requestReads(acmeId)).toBe(read);
      expect(pdfFetches() - fetched).toBe(4);
      release();
      const answers = await Promise.all(held);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    } finally {
      release();
    }
    // The places came back.
    expect((await firstPage(three, acmeId)).status).toBe(200);
  });

  it('tells a page being rendered at once whether its drawing has a place, and keeps it for the page', async () => {
    const [one, two, three] = await Promise.all(
      ['acme-reviewer', 'acme-reviewer', 'acme-reviewer'].map(signedIn),
    );
    if (!one || !two || !three) throw new Error('three sessions');
    const warm = { ...AVIF, prefer: 'respond-async' };
    const release = holdDocuments();
    try {
      const fetched = pdfFetches();
      // Answered while its document is still held: a place, not an image.
      const taken = await firstPage(one, acmeId, warm);
      expect(taken.status).toBe(202);
      expect(taken.text).toBe('');
      const page = firstPage(one, acmeId);
      const others = [firstPage(two, acmeId), firstPage(two, acmeId, { accept: 'image/webp' })];
      await vi.waitFor(() => expect(pdfFetches() - fetched).toBe(3), UNTIL);
      expect((await firstPage(one, acmeId, { ...warm, accept: 'image/webp' })).status).toBe(202);
      // The drawer is full: a page rendered now is told so, not with an error its browser
      // would log, and nothing is asked or fetched. Asked outright, it is refused.
      const read = requestReads(acmeId);
      const refused = await firstPage(three, acmeId, warm);
      expect(refused.status).toBe(204);
      expect(refused.text).toBe('');
      expectMessage(await firstPage(three, acmeId), 429, /being drawn for others/);
      expect(requestReads(acmeId)).toBe(read);
      release();
      expect((await page).status).toBe(200);
      expect((await Promise.all(others)).map((answer) => answer.status)).toEqual([200, 200]);
      // The page's own ask took the drawing the first ask started: four downloads, not five.
      expect(pdfFetches() - fetched).toBe(4);
    } finally {
      release();
    }
  });

  it(`lets one session have ${DRAWINGS_PER_SESSION} drawings under way, and refuses its others`, async () => {
    const browser = await signedIn('acme-reviewer');
    const list = await browser.request(
      'GET',
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=3',
    );
    const ids = QcRequestListSchema.parse(list.body).qcRequests.map((request) => request.id);
    expect(ids).toHaveLength(3);
    const release = holdDocuments();
    try {
      const fetched = pdfFetches();
      const held = ids.slice(0, DRAWINGS_PER_SESSION).map((id) => firstPage(browser, id));
      await vi.waitFor(() => expect(pdfFetches() - fetched).toBe(DRAWINGS_PER_SESSION), UNTIL);
      const refused = await firstPage(browser, ids[2] ?? '');
      expectMessage(refused, 429, /being drawn/);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(pdfFetches() - fetched).toBe(DRAWINGS_PER_SESSION);
      // Another session is not held up by this one's.
      const other = await signedIn('acme-reviewer');
      release();
      expect((await firstPage(other, ids[2] ?? '')).status).toBe(200);
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      release();
    }
  });
});

describe.skipIf(onPostgres())('pageImages', () => {
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

  it('ends a worker whose drawing hangs, and starts the next only once it has stopped', async () => {
    const seen: string[] = [];
    let alive = 0;
    let most = 0;
    // Drawings that never end and take none of the worker's time: only the clock ends them.
    const images = pageImages({
      stalledMs: 300,
      testing: {
        hang: () => true,
        onWorker: (event) => {
          seen.push(event);
          alive += event === 'spawn' ? 1 : -1;
          most = Math.max(most, alive);
        },
      },
    });
    try {
      const first = images.draw(new Uint8Array(await demoPdf()), 'webp');
      const second = images.draw(new Uint8Array(await demoPdf()), 'webp');
      await expect(first).rejects.toThrow(/too long/);
      await expect(second).rejects.toThrow(/too long/);
    } finally {
      await images.close();
    }
    // Each stuck worker had exited before the next was started: never two at once.
    expect(seen).toEqual(['spawn', 'exit', 'spawn', 'exit']);
    expect(most).toBe(1);
  });

  it('ends a drawing that needs more memory outside its heap than it may have', async () => {
    // A drawing that never ends on its own, so only the memory watch can end it.
    const images = pageImages({
      timeoutMs: 20_000,
      externalBytes: 1,
      testing: { hang: () => true },
    });
    await expectDrawFails(images, /too much memory/);
  });

  it('holds places per owner and in all, given back once drawn or released', async () => {
    const images = pageImages({ queue: 2, perOwner: 2 });
    try {
      const [a1, a2] = [images.reserve('a'), images.reserve('a')];
      expect(() => images.reserve('a')).toThrow(PageImagesBusy);
      const b1 = images.reserve('b');
      // Three places in all (the one drawn and two more).
      expect(() => images.reserve('c')).toThrow(PageImagesBusy);
      a2.release();
      a2.release();
      const c1 = images.reserve('c');
      expect(() => images.reserve('c')).toThrow(PageImagesBusy);
      expect((await a1.draw(new Uint8Array(await demoPdf()), 'webp')).width).toBe(960);
      // Drawn: its place is free again.
      images.reserve('a').release();
      b1.release();
      c1.release();
    } finally {
      await images.close();
    }
  });

  it("times a drawing from the worker's start-up, which has a bound of its own", async () => {
    // Start-up slower than a drawing may go on: the drawing's clock starts once it is done. (A
    // drawing that never ends, so that clock alone ends it: on any machine, not sooner.)
    const images = pageImages({
      stalledMs: 1_000,
      testing: { slowStartMs: 2_000, hang: () => true },
    });
    try {
      const began = performance.now();
      await expect(images.draw(new Uint8Array(await demoPdf()), 'webp')).rejects.toThrow(
        /too long/,
      );
      expect(performance.now() - began).toBeGreaterThanOrEqual(2_900);
    } finally {
      await images.close();
    }
    const stuck = pageImages({ startupMs: 300, testing: { slowStartMs: 5_000 } });
    await expectDrawFails(stuck, /did not start/);
  });

  it('ends a drawing that takes too long', async () => {
    // A millisecond of the worker's time: every drawing takes more.
    const slow = pageImages({ timeoutMs: 1 });
    await expectDrawFails(slow, /too long/);
  });
});

/** Drawing the demo PDF with `images` fails with `message`; `images` is closed either way. */
async function expectDrawFails(images: ReturnType<typeof pageImages>, message: RegExp) {
  try {
    await expect(images.draw(new Uint8Array(await demoPdf()), 'webp')).rejects.toThrow(message);
  } finally {
    await images.close();
  }
}

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
