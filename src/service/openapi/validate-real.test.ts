import { decodeJwt } from 'jose';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { QcRequestListSchema } from '../../contract/qc.ts';
import { STRICT_PROFILE } from '../profile.ts';
import {
  checkAgainstDocument,
  startTestService,
  type JsonResponse,
  type TestService,
} from '../testing/service.ts';
import { openApiDocument } from './document.ts';
import { DocumentMismatchError, documentValidator } from '../testing/openapi.ts';
import { DOCUMENT_READY_PAYLOAD, documentReadyHeaders } from './webhook-sample.ts';
import { createResponseValidator, type ResponseSample } from './validate.ts';

// The validator over the service's real document and real answers: a deliberate mismatch
// in what the service says fails, a real answer passes (ADR 022).
const validator = createResponseValidator(openApiDocument({ strict: false }));

let service: TestService;
let detail: ResponseSample;
let answer: JsonResponse;

it.beforeAll(async ({ service: started }) => {
  service = started;
  const token = await service.token('acme-reviewer');
  const list = await service.get('/qc/v2/qc/requests?owner=acme&limit=1', token);
  const id = QcRequestListSchema.parse(list.body).qcRequests[0]?.id;
  const path = `/qc/v2/qc/requests/${id}?owner=acme`;
  answer = await service.get(path, token);
  detail = sample('GET', path, answer);
});

function sample(method: string, path: string, result: JsonResponse): ResponseSample {
  const { status, body, text, headers } = result;
  return { method, path, status, body, text, contentType: headers.get('content-type') };
}

function withBody(change: (body: Record<string, unknown>) => void): ResponseSample {
  const body = structuredClone(detail.body) as Record<string, unknown>;
  change(body);
  return { ...detail, body, text: JSON.stringify(body) };
}

describe('validateResponse over the real document', () => {
  it('passes a real QC request answer', () => {
    expect(detail.status).toBe(200);
    expect(validator.validateResponse(detail)).toEqual([]);
  });

  it('fails a field of the wrong type', () => {
    const problems = validator.validateResponse(withBody((body) => (body.status = 42)));
    expect(problems).toContainEqual(expect.stringMatching(/answered 200: \/status: /));
  });

  it('fails a missing required field', () => {
    const problems = validator.validateResponse(withBody((body) => delete body.createdOn));
    expect(problems).toContainEqual(expect.stringContaining("required property 'createdOn'"));
  });

  it('fails a status the operation does not declare', () => {
    const problems = validator.validateResponse({ ...detail, status: 418 });
    expect(problems).toContainEqual(expect.stringContaining('status 418 is not declared'));
  });

  it('fails an error answer that is not {message}', () => {
    const notFound = { ...detail, status: 404, body: { error: 'gone' }, text: '{}' };
    expect(validator.validateResponse(notFound)).toContainEqual(
      expect.stringContaining("required property 'message'"),
    );
    const right = { ...notFound, body: { message: 'No such QC request' } };
    expect(validator.validateResponse(right)).toEqual([]);
  });
});

describe('validateWebhook over the real document', () => {
  const headers = documentReadyHeaders();
  const payload = DOCUMENT_READY_PAYLOAD;

  it('passes a DOCUMENT_READY delivery of the right shape', () => {
    const body = JSON.stringify(payload);
    expect(validator.validateWebhook({ event: 'DOCUMENT_READY', headers, body })).toEqual([]);
  });

  it('fails a payload of the wrong shape and missing signature headers', () => {
    const body = JSON.stringify({ ...payload, fileUUID: 12, crid: undefined });
    const problems = validator.validateWebhook({ event: 'DOCUMENT_READY', headers, body });
    expect(problems).toContainEqual(expect.stringContaining('/fileUUID: must be string'));
    expect(problems).toContainEqual(expect.stringContaining("required property 'crid'"));
    const unsigned = { 'content-type': 'application/json' };
    const bare = validator.validateWebhook({
      event: 'DOCUMENT_READY',
      headers: unsigned,
      body: JSON.stringify(payload),
    });
    expect(bare).toContainEqual(expect.stringContaining('hook-signature'));
  });
});

describe('the test helper', () => {
  it('throws on an answer the document does not describe, naming the problem', () => {
    const { path } = detail;
    expect(() => checkAgainstDocument(false, 'GET', path, answer)).not.toThrow();
    const body = { ...(answer.body as object), checklistItems: 'none' };
    const doctored = { ...answer, body, text: JSON.stringify(body) };
    expect(() => checkAgainstDocument(false, 'GET', path, doctored)).toThrow(DocumentMismatchError);
    expect(() => checkAgainstDocument(false, 'GET', path, doctored)).toThrow(
      /GET \/qc\/v2\/qc\/requests\/\{qcrID\} answered 200: \/checklistItems: must be array/,
    );
  });
});

// The rest of the suite exercises the strict service little; its document is checked here.
describe('a strict service against the strict document', () => {
  it('answers reads and refusals as its document says', async () => {
    const strict = await startTestService({ profile: STRICT_PROFILE });
    try {
      const tokens = await strict.tokens();
      const admin = tokens['acme-admin'];
      const user = String(decodeJwt(admin)[STRICT_PROFILE.claims.user]);
      const unknown = '0b7e2f4c-9a51-4d1e-8f3a-2c6d5e4b3a21';
      const calls: [string, string, number][] = [
        ['GET', '/accounts/v1/firms?owner=acme&limit=2', 200],
        ['GET', '/signatures/v2/transactions', 200],
        ['GET', `/users/v1/users/${user}`, 200],
        ['GET', `/signatures/v2/requests/${unknown}/uploadUrl`, 404],
        ['DELETE', `/signatures/v2/requests/${unknown}`, 404],
        ['PATCH', `/qc/v2/qc/requests/${unknown}`, 400],
        ['PATCH', `/qc/v2/qc/processes/${unknown}`, 400],
        ['POST', '/signatures/v2/requests', 400],
      ];
      for (const [method, path, status] of calls) {
        // The helper throws on a mismatch; this proves there was an operation to check.
        expect(documentValidator(true).operationOf(method, path), path).toBeDefined();
        const json = method === 'GET' || method === 'DELETE' ? undefined : {};
        const result = await strict.send(method, path, { token: admin, json });
        expect(result.status, `${method} ${path}: ${result.text}`).toBe(status);
      }
    } finally {
      await strict.close();
    }
  });
});
