import { beforeAll, describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { STRICT_PROFILE } from '../profile.ts';
import { startTestService, type TestService } from '../testing/service.ts';
import { TRY_IT_CLIENT } from './docs-config.ts';

/** The directives of a CSP header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const parts = (policy ?? '').split(';').map((part) => part.trim().split(/\s+/));
  return new Map(parts.filter((p) => p[0]).map(([name, ...values]) => [name ?? '', values]));
}

/** The URLs of the page's scripts and stylesheets. */
function assetsOf(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const styles = links
    .filter((link) => /\brel="stylesheet"/.test(link))
    .map((link) => /\bhref="([^"]+)"/.exec(link)?.[1] ?? '');
  return [...scripts, ...styles];
}

async function expectDocsPage(service: TestService) {
  const response = await fetch(`${service.url}/docs`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html\b/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = directives(response.headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'none'"]);
  for (const directive of csp.values()) expect(directive).not.toContain("'unsafe-eval'");

  const html = await response.text();
  expect(html).toMatch(/<html lang="en">/);
  expect(html).toMatch(/<title>[^<]+API reference<\/title>/);
  // Nothing inline: every script is a file of this service's.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/\bstyle=/);
  const assets = assetsOf(html);
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    expect(asset, 'served from this origin').toMatch(/^\/[^/]/);
    const served = await fetch(`${service.url}${asset}`);
    expect(served.status, asset).toBe(200);
    const type = asset.endsWith('.css') ? /^text\/css\b/ : /^text\/javascript\b/;
    expect(served.headers.get('content-type'), asset).toMatch(type);
    expect(served.headers.get('x-content-type-options'), asset).toBe('nosniff');
    expect((await served.text()).length, asset).toBeGreaterThan(0);
  }
  return { html, assets };
}

describe('GET /docs on a sandbox', () => {
  let service: TestService;
  it.beforeAll(async ({ service: started }) => {
    service = started;
  });

  it('answers the reference page under a strict CSP, with its files served here', async () => {
    const { assets } = await expectDocsPage(service);
    const bundle = assets.find((asset) => /\/scalar-[\d.]+\.js$/.test(asset));
    expect(bundle, 'the versioned Scalar bundle').toBeDefined();

    // The versioned bundle is kept a year; compressed when the browser takes gzip.
    const gzipped = await fetch(`${service.url}${bundle}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('createApiReference');
  });

  it('points Scalar at this service only, with nothing that leaves the machine', async () => {
    const config = await (await fetch(`${service.url}/docs/config.js`)).text();
    expect(config).toContain('"url": "/openapi.json"');
    expect(config).toContain('"withDefaultFonts": false');
    expect(config).toContain('"telemetry": false');
    expect(config).toContain('window.location.origin');
    expect(config).not.toMatch(/proxyUrl|https?:\/\//);
    // "Try it" starts from a demo client, whose secret the README shows too.
    expect(config).toContain(`"x-scalar-client-id": "${TRY_IT_CLIENT}"`);
  });
});

describe('GET /docs on a strict service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ profile: STRICT_PROFILE });
  });

  it('serves the page too, with no demo credentials filled in', async () => {
    await expectDocsPage(service);
    const config = await (await fetch(`${service.url}/docs/config.js`)).text();
    expect(config).not.toContain(TRY_IT_CLIENT);
    expect(config).not.toContain('secret');
  });
});
