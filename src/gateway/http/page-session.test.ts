import { describe, expect } from 'vitest';
import { gatewayTest as it } from '../testing/fixtures.ts';
import { PAGE_SESSION_ID } from '../../contract/page-session.ts';
import { SessionSchema, type Session } from '../../contract/session.ts';
import { withSession } from './static.ts';
import { INDEX_HTML, type Browser, type Harness } from '../testing/harness.ts';

// ADR 017: a signed-in page carries its session, so that a first visit does not wait a
// round trip for GET /session before it can ask for the screen's data; ADR 034: a signed-out
// one says so, so that the sign-in page asks for no session it knows is not there.

let gateway: Harness;
let reviewer: Browser;

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  reviewer = await signedIn('acme-reviewer');
});

const BLOCK = new RegExp(
  `<script type="application/json" id="${PAGE_SESSION_ID}">(.*?)</script>`,
  's',
);
const page = (browser: Browser, path = '/qc?status=pending') =>
  browser.request('GET', path, { headers: { accept: 'text/html' } });

describe('a page of the app', () => {
  it('carries what GET /session answers, first in its head, and is kept by no shared cache', async () => {
    const answer = await page(reviewer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.headers.get('vary')).toMatch(/Cookie/);
    expect(answer.text.indexOf(PAGE_SESSION_ID)).toBeLessThan(answer.text.indexOf('<title>'));
    const carried = SessionSchema.parse(JSON.parse(BLOCK.exec(answer.text)?.[1] ?? 'null'));
    const asked = SessionSchema.parse((await reviewer.request('GET', '/session')).body);
    // The same session; its expiry moves on with each request, as activity extends it.
    expect({ ...carried, expiresOn: '' }).toEqual({ ...asked, expiresOn: '' });
    expect(carried.owner).toBe('acme');
    // Everything else of the page is the build's own.
    expect(answer.text.replace(BLOCK, '')).toBe(INDEX_HTML);
  });

  it('says no one is signed in without a session, with a forged cookie, or after sign-out', async () => {
    // ADR 034: the app knows it without asking GET /session, whose 401 each browser logs.
    const stranger = gateway.browser();
    const forged = gateway.browser();
    forged.cookie = 'attest_session=forged';
    const leaving = gateway.browser();
    expect((await leaving.signIn('acme-admin')).status).toBe(200);
    expect((await leaving.request('DELETE', '/session')).status).toBeLessThan(300);
    for (const browser of [stranger, forged, leaving]) {
      const answer = await page(browser);
      expect(answer.status).toBe(200);
      expect(BLOCK.exec(answer.text)?.[1]).toBe('null');
      expect(answer.text.replace(BLOCK, '')).toBe(INDEX_HTML);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('vary')).toMatch(/Cookie/);
    }
  });

  it('never lets a value close the data block', () => {
    const hostile = {
      clientId: '</script><script>alert(1)</script>',
      owner: '<!--',
    } as unknown as Session;
    const html = withSession(INDEX_HTML, hostile);
    expect(html).not.toMatch(/<\/script><script>alert/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(BLOCK.exec(html)?.[1] ?? 'null')).toEqual(hostile);
  });
});
