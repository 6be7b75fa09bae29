import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_PROFILE } from '../profile.ts';
import { startTestService, type TestService } from '../testing/service.ts';
import { openApiDocument } from './document.ts';
import { documentValidator } from '../testing/openapi.ts';

// The rest of the suite checks the answers its tests happen to ask for; this sweep asks every
// operation of the document for its refusals (no token, an unknown id, a body that is not
// JSON, one of the wrong type), so each refusal a client can meet is held to the document too.

const UNKNOWN = '0b7e2f4c-9a51-4d1e-8f3a-2c6d5e4b3a21';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Probe {
  method: string;
  path: string;
  token?: string;
  body?: string;
  contentType?: string;
}

function operations(strict: boolean): { method: string; path: string }[] {
  const paths = openApiDocument({ strict }).paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([template, item]) =>
    METHODS.filter((method) => method in item).map((method) => ({
      method: method.toUpperCase(),
      // Every path parameter an id no one has; list operations get an owner to read.
      path: `${template.replace(/\{[^}]+\}/g, UNKNOWN)}?owner=acme`,
    })),
  );
}

function probesOf(strict: boolean, token: string): Probe[] {
  return operations(strict).flatMap(({ method, path }) => {
    // A reset reseeds the demo data (seconds each); its own tests cover its answers.
    if (path.startsWith('/sandbox/v1/reset')) return [{ method, path }];
    const probes: Probe[] = [
      { method, path },
      { method, path, token },
    ];
    if (method === 'GET' || method === 'DELETE') return probes;
    return [
      ...probes,
      { method, path, token, body: '{', contentType: 'application/json' },
      { method, path, token, body: '{}', contentType: 'application/json' },
      { method, path, token, body: 'x', contentType: 'text/plain' },
    ];
  });
}

async function sweep(service: TestService, strict: boolean, token: string): Promise<string[]> {
  const problems: string[] = [];
  for (const probe of probesOf(strict, token)) {
    const headers: Record<string, string> = probe.contentType
      ? { 'content-type': probe.contentType }
      : {};
    // Checked here rather than by the helper, so one run lists every mismatch at once.
    const result = await service.send(probe.method, probe.path, {
      token: probe.token,
      headers,
      ...(probe.body === undefined ? {} : { body: probe.body }),
      validate: false,
    });
    const found = documentValidator(strict).validateResponse({
      method: probe.method,
      path: probe.path,
      status: result.status,
      contentType: result.headers.get('content-type'),
      body: result.body,
      text: result.text,
      headers: result.headers,
    });
    const what = `${probe.token ? 'token' : 'no token'}${probe.body ? `, body ${probe.body}` : ''}`;
    problems.push(...found.map((problem) => `${problem} [${what}]`));
  }
  return problems;
}

describe('every operation refuses as its document says', () => {
  let service: TestService;
  let strict: TestService;
  beforeAll(async () => {
    [service, strict] = await Promise.all([
      startTestService(),
      startTestService({ profile: STRICT_PROFILE }),
    ]);
  });
  afterAll(() => Promise.all([service.close(), strict.close()]));

  it('on the reference service', async () => {
    const token = await service.token('acme-admin');
    expect(await sweep(service, false, token)).toEqual([]);
  });

  it('on a strict service', async () => {
    const token = await strict.token('acme-admin');
    expect(await sweep(strict, true, token)).toEqual([]);
  });
});
