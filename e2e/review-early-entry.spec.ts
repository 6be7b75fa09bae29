import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test } from './console-watch.ts';
import { AFTER_FIRST_PAINT } from '../src/contract/page-session.ts';
import { newQcRequest } from './requests.ts';
import { DEMO, signIn } from './support.ts';

// ADR 025: a review that comes over a fast link runs the app's entry from the page's head,
// while the gateway is still making the page's body (its first screen waits on the service).
// Here the body is held back for as long as the test likes, by a proxy in front of the gateway
// that passes the page's head at once and keeps the rest: the entry must have run before any
// of the body has come.

const ROOT = '<div id="root">';

interface HeldPage {
  url: string;
  /** The src of the app's entry as the gateway held it back in the head. */
  entry: Promise<string>;
  release(): void;
  close(): Promise<void>;
}

/** A proxy to `target` that holds back a review page's body until released. */
async function holdingBodies(target: URL): Promise<HeldPage> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entrySeen!: (src: string) => void;
  const entry = new Promise<string>((resolve) => (entrySeen = resolve));
  const server: Server = createServer((incoming, outgoing) => {
    const review = /^\/qc\/[^/?]+\?/.test(incoming.url ?? '');
    const headers = { ...incoming.headers, host: target.host };
    // Plain text, to find where the head ends.
    if (review) headers['accept-encoding'] = 'identity';
    const upstream = httpRequest(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers },
      (answer: IncomingMessage) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!review) return void answer.pipe(outgoing);
        let text = '';
        let held = false;
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          if (held) return void (text += chunk);
          text += chunk;
          const at = text.indexOf(ROOT);
          if (at < 0) return;
          held = true;
          const head = text.slice(0, at);
          entrySeen(
            new RegExp(`type="${AFTER_FIRST_PAINT}"[^>]*src="([^"]+)"`).exec(head)?.[1] ?? '',
          );
          outgoing.write(head);
          text = text.slice(at);
        });
        answer.on('end', () => {
          void released.then(() => outgoing.end(text));
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    entry,
    release,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A pending request of the test's own (requests.ts). */
const aPendingRequest = (_page: Page) => newQcRequest();

test("a review on a fast link runs the app's entry before its body has come", async ({
  page,
  baseURL,
}) => {
  // The holding proxy is an origin the gateway does not know: its hold is refused (403).
  expectErrors(errorAnswer(403, 'PUT', '/team/holds/[\\w-]+'));
  await signIn(page, DEMO.reviewer);
  const request = await aPendingRequest(page);
  const proxy = await holdingBodies(new URL(baseURL ?? ''));
  try {
    // A module script's load event comes once its code has run.
    await page.addInitScript(() => {
      const ran: string[] = [];
      Object.assign(window, { ran });
      document.addEventListener(
        'load',
        (event) => {
          if (event.target instanceof HTMLScriptElement && event.target.type === 'module') {
            ran.push(new URL(event.target.src).pathname);
          }
        },
        true,
      );
    });
    const loading = page.goto(`${proxy.url}/qc/${request.id}?status=pending&order=oldest`);
    const entry = await proxy.entry;
    expect(entry, 'the gateway held the entry back in the head').toMatch(/^\/assets\/.+\.js$/);
    // The body is still held: the entry has run with nothing of the body in the page.
    // (Asked while the page it navigates from may still be there: then nothing has run.)
    const ran = () =>
      page
        .evaluate(() => (window as unknown as { ran?: string[] }).ran ?? [])
        .catch(() => [] as string[]);
    await expect.poll(ran, { timeout: 20_000 }).toContain(entry);
    expect(await page.evaluate(() => document.readyState)).toBe('loading');
    expect(await page.locator('#root').count()).toBe(0);
    proxy.release();
    await loading;
    // Then the review is the app's, whole.
    await expect(
      page.getByRole('heading', { name: request.document.matterReference }),
    ).toBeVisible();
    await expect(page.locator('.first-screen')).toHaveCount(0);
  } finally {
    await proxy.close();
  }
});
