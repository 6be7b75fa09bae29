import { describe, expect, it } from 'vitest';
import { createResponseValidator, type ResponseSample } from './validate.ts';

// A small OpenAPI 3.1 document with the shapes the real one uses: path templates, shared
// component schemas and responses behind $refs, a non-JSON body, webhooks with headers.
const fixture = {
  openapi: '3.1.1',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things/{thingID}': {
      get: {
        responses: {
          '200': {
            description: 'A thing.',
            headers: {
              'Cache-Control': { schema: { const: 'no-store' } },
              'X-Total': { required: true, schema: { type: 'integer' } },
            },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
      delete: { responses: { '204': { description: 'Gone.' } } },
    },
    '/things/search': {
      get: {
        responses: {
          '200': {
            description: 'Things.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
              },
            },
          },
        },
      },
    },
    '/things/{thingID}/file': {
      get: {
        responses: {
          '200': { description: 'The file.', content: { 'application/pdf': {} } },
          default: { $ref: '#/components/responses/NotFound' },
        },
      },
    },
  },
  webhooks: {
    THING_READY: {
      post: {
        parameters: [
          { name: 'hook-id', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'hook-timestamp', in: 'header', required: true, schema: { type: 'integer' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ThingReady' } },
          },
        },
        responses: { '2XX': { description: 'Received.' } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'count', 'status'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          count: { type: 'integer', format: 'int32' },
          status: { enum: ['OPEN', 'DONE'] },
        },
      },
      ThingReady: {
        type: 'object',
        required: ['thingID', 'url'],
        properties: { thingID: { type: 'string' }, url: { type: 'string', format: 'uri' } },
      },
      Error: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' } },
      },
    },
    responses: {
      NotFound: {
        description: 'No such thing.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

const ID = '0b7e2f4c-9a51-4d1e-8f3a-2c6d5e4b3a21';
const thing = { id: ID, count: 3, status: 'OPEN' };

function answer(overrides: Partial<ResponseSample>): ResponseSample {
  return {
    method: 'GET',
    path: `/things/${ID}`,
    status: 200,
    contentType: 'application/json; charset=UTF-8',
    body: thing,
    ...overrides,
  };
}

const headers = {
  'content-type': 'application/json',
  'hook-id': 'msg_1',
  'hook-timestamp': '1764150000',
  'hook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
};

describe('validateResponse over a fixture document', () => {
  const { validateResponse } = createResponseValidator(fixture);

  it('accepts a response that matches, $refs and query strings included', () => {
    expect(validateResponse(answer({ path: `/things/${ID}?expand=1` }))).toEqual([]);
    expect(validateResponse(answer({ status: 404, body: { message: 'no such thing' } }))).toEqual(
      [],
    );
    expect(
      validateResponse(
        answer({ method: 'DELETE', status: 204, contentType: null, body: undefined, text: '' }),
      ),
    ).toEqual([]);
  });

  it('names the operation, the pointer and the message of a wrong field type', () => {
    const problems = validateResponse(answer({ body: { ...thing, count: '3' } }));
    expect(problems).toEqual(['GET /things/{thingID} answered 200: /count: must be integer']);
  });

  it('reports a missing required field and a value outside an enum', () => {
    const problems = validateResponse(answer({ body: { id: ID, status: 'LOST' } }));
    expect(problems).toContainEqual(expect.stringContaining("must have required property 'count'"));
    expect(problems).toContainEqual(
      expect.stringMatching(/\/status: .*allowed values \(OPEN, DONE\)/),
    );
  });

  it('checks formats: a uuid that is not one fails', () => {
    expect(validateResponse(answer({ body: { ...thing, id: 'x' } }))).toEqual([
      'GET /things/{thingID} answered 200: /id: must match format "uuid"',
    ]);
  });

  it('checks the headers the response declares, when the sample has them', () => {
    const fine = new Headers({ 'x-total': '2', 'cache-control': 'no-store' });
    expect(validateResponse(answer({ headers: fine }))).toEqual([]);
    const wrong = new Headers({ 'cache-control': 'max-age=60' });
    expect(validateResponse(answer({ headers: wrong }))).toEqual([
      'GET /things/{thingID} answered 200: header Cache-Control: (value): must be equal to constant ("no-store")',
      'GET /things/{thingID} answered 200: declared header X-Total is missing',
    ]);
    expect(validateResponse(answer({ headers: new Headers({ 'x-total': 'two' }) }))).toEqual([
      'GET /things/{thingID} answered 200: header X-Total: (value): must be integer',
    ]);
  });

  it('reports a status the operation does not declare', () => {
    expect(validateResponse(answer({ status: 409, body: { message: 'no' } }))).toEqual([
      'GET /things/{thingID} answered 409: status 409 is not declared (declared: 200, 404)',
    ]);
  });

  it('reports an error body of the wrong shape, through a shared response', () => {
    expect(validateResponse(answer({ status: 404, body: { error: 'x' } }))).toEqual([
      "GET /things/{thingID} answered 404: (body): must have required property 'message'",
    ]);
  });

  it('prefers a concrete path to a template', () => {
    expect(validateResponse(answer({ path: '/things/search', body: [thing] }))).toEqual([]);
    expect(validateResponse(answer({ path: '/things/search', body: thing }))).toEqual([
      'GET /things/search answered 200: (body): must be array',
    ]);
  });

  it('checks only the content type of a declared non-JSON body, and uses default', () => {
    const file = answer({
      path: `/things/${ID}/file`,
      contentType: 'application/pdf',
      body: undefined,
      text: '%PDF',
    });
    expect(validateResponse(file)).toEqual([]);
    expect(validateResponse({ ...file, contentType: 'text/html' })).toEqual([
      `GET /things/{thingID}/file answered 200: Content-Type text/html is not declared (declared: application/pdf)`,
    ]);
    expect(
      validateResponse({
        ...file,
        status: 500,
        contentType: 'application/json',
        body: { message: 'x' },
      }),
    ).toEqual([]);
  });

  it('reports a body that is not JSON where JSON is declared, and a body where none is', () => {
    expect(validateResponse(answer({ body: undefined, text: '<html>' }))).toEqual([
      'GET /things/{thingID} answered 200: the body is not JSON',
    ]);
    expect(validateResponse(answer({ method: 'DELETE', status: 204, text: '{}' }))).toEqual([
      'DELETE /things/{thingID} answered 204: a body was sent but response 204 declares none',
    ]);
  });

  it('names the operation a request is checked against', () => {
    expect(createResponseValidator(fixture).operationOf('get', `/things/${ID}?x=1`)).toBe(
      'GET /things/{thingID}',
    );
    expect(createResponseValidator(fixture).operationOf('GET', `/things/${ID}/`)).toBeUndefined();
  });

  it('leaves alone what the document does not describe', () => {
    expect(validateResponse(answer({ path: '/nowhere', status: 404 }))).toEqual([]);
    expect(validateResponse(answer({ method: 'PUT', status: 404 }))).toEqual([]);
    expect(validateResponse(answer({ method: 'HEAD', body: undefined }))).toEqual([]);
    expect(validateResponse(answer({ method: 'OPTIONS', status: 204 }))).toEqual([]);
  });
});

describe('validateWebhook over a fixture document', () => {
  const { validateWebhook } = createResponseValidator(fixture);
  const body = JSON.stringify({ thingID: ID, url: 'https://example.com/f' });

  it('accepts a delivery that matches, naming the event in any case', () => {
    expect(validateWebhook({ event: 'THING_READY', headers, body })).toEqual([]);
    expect(validateWebhook({ event: 'thingReady', headers, body })).toEqual([]);
  });

  it('reports a payload of the wrong shape', () => {
    const wrong = JSON.stringify({ thingID: 7 });
    expect(validateWebhook({ event: 'THING_READY', headers, body: wrong })).toEqual([
      "webhook THING_READY: (body): must have required property 'url'",
      'webhook THING_READY: /thingID: must be string',
    ]);
  });

  it('reports missing or malformed Standard Webhooks headers', () => {
    const unsigned = { ...headers, 'hook-signature': undefined };
    expect(validateWebhook({ event: 'THING_READY', headers: unsigned, body })).toEqual([
      'webhook THING_READY: header hook-signature (or webhook-signature) is missing',
    ]);
    const late = { ...headers, 'hook-timestamp': 'yesterday' };
    expect(validateWebhook({ event: 'THING_READY', headers: late, body })).toEqual([
      'webhook THING_READY: header hook-timestamp is malformed: yesterday',
      'webhook THING_READY: header hook-timestamp: (value): must be integer',
    ]);
  });

  it('reports an event the document does not know, and a body that is not JSON', () => {
    expect(validateWebhook({ event: 'OTHER', headers, body })).toEqual([
      'event OTHER is not in the webhooks section (declared: THING_READY)',
    ]);
    expect(validateWebhook({ event: 'THING_READY', headers, body: 'nope' })).toEqual([
      'webhook THING_READY: the body is not JSON',
    ]);
    expect(validateWebhook({ event: 'THING_READY', method: 'PUT', headers, body })).toEqual([
      'webhook THING_READY: sent with PUT, declared POST',
    ]);
  });
});
