import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSession } from '../http/static.ts';
import { INDEX_HTML, startHarness, type Harness } from '../testing/harness.ts';

/** The app's page as a browser without a session gets it (ADR 034). */
const SIGNED_OUT_PAGE = withSession(INDEX_HTML, null);

// `/events` is both the event stream and the console's events page: the Accept header
// tells them apart, so a reload of the page gets the app and EventSource gets the stream.

let gateway: Harness;
beforeAll(async () => {
  gateway = await startHarness({ upstream: 'http://127.0.0.1:9' });
});
afterAll(() => gateway.close());

const get = (path: string, accept: string) =>
  fetch(`${gateway.url}${path}`, { headers: { accept } });

describe('GET /events', () => {
  it('serves the app to a browser loading it as a page, signed in or not', async () => {
    const response = await get('/events', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SIGNED_OUT_PAGE);
  });

  it('keeps the stream behind the session for EventSource and anything not asking for HTML', async () => {
    for (const accept of ['text/event-stream', '*/*', 'text/html, text/event-stream']) {
      const response = await get('/events', accept);
      expect(response.status, accept).toBe(401);
      expect(await response.text(), accept).not.toBe(SIGNED_OUT_PAGE);
    }
  });

  it('never serves the app under /events/', async () => {
    const response = await get('/events/recent', 'text/html');
    expect(response.status).toBe(401);
  });
});
