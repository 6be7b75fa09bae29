import { asObject, isJson, matchMediaType, resolve, type Json } from './validate-document.ts';
import { checkHeader } from './validate-headers.ts';
import { documentSchemas, type DocumentSchemas } from './validate-schemas.ts';
import { checkWebhook, type WebhookSample } from './validate-webhook.ts';

/** A response as a test saw it. */
export interface ResponseSample {
  method: string;
  /** The concrete path the request went to, query included (`/qc/v2/qc/requests/1?x=y`). */
  path: string;
  status: number;
  /** The Content-Type header, or null when there was none. */
  contentType: string | null;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
  /** The raw body, to tell an empty body from one that is not JSON. */
  text?: string;
  /** The response headers, to check the ones the response declares. */
  headers?: Headers;
}

export interface ResponseValidator {
  /** `GET /qc/v2/qc/requests/{qcrID}`: the operation a request is checked against, if any. */
  operationOf(method: string, path: string): string | undefined;
  /** Problems of a response against its operation; none when no operation matches. */
  validateResponse(sample: ResponseSample): string[];
  /** Problems of a webhook delivery against the document's `webhooks` section. */
  validateWebhook(sample: WebhookSample): string[];
}

export type { WebhookSample };

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal characters: `/a/search` beats `/a/{id}` the way OpenAPI says a concrete path wins. */
  literal: number;
  pointer: string[];
  item: Json;
}

/**
 * Checks what the service answered against what its OpenAPI 3.1 document says, so the
 * document cannot drift from the code (ADR 022). Driven by the document alone: operations
 * are found by method and path template, bodies are checked with the document's own schemas.
 */
export function createResponseValidator(document: object): ResponseValidator {
  const doc = document as Json;
  const schemas = documentSchemas(document);
  const routes = routesOf(doc);
  return {
    operationOf(method, path) {
      const found = findOperation(routes, method, path);
      return found && `${found.method.toUpperCase()} ${found.route.template}`;
    },
    validateResponse: (sample) => checkResponse(doc, schemas, routes, sample),
    validateWebhook: (sample) => checkWebhook(doc, schemas, sample),
  };
}

function findOperation(routes: Route[], anyCase: string, concrete: string) {
  const method = anyCase.toLowerCase();
  // HEAD and OPTIONS are answered by the framework, not described per operation.
  if (method === 'head' || method === 'options') return undefined;
  const path = concrete.split(/[?#]/, 1)[0] ?? '';
  const route = routes.find((candidate) => candidate.pattern.test(path));
  const operation = route && asObject(route.item[method]);
  return route && operation ? { route, method, operation } : undefined;
}

function checkResponse(
  doc: Json,
  schemas: DocumentSchemas,
  routes: Route[],
  sample: ResponseSample,
): string[] {
  const found = findOperation(routes, sample.method, sample.path);
  // Not an operation of the document (the app's own 404 for an unknown route): not checked.
  if (!found) return [];
  const { route, method, operation } = found;
  const label = `${method.toUpperCase()} ${route.template} answered ${sample.status}`;
  return checkAnswer(doc, schemas, [...route.pointer, method], operation, sample).map(
    (problem) => `${label}: ${problem}`,
  );
}

function checkAnswer(
  doc: Json,
  schemas: DocumentSchemas,
  pointer: string[],
  operation: Json,
  sample: ResponseSample,
): string[] {
  const responses = asObject(operation.responses) ?? {};
  const status = String(sample.status);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => k in responses);
  if (!key)
    return [`status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
  const [response, responsePointer] = resolve(doc, responses[key], [...pointer, 'responses', key]);
  return [
    ...checkHeaders(doc, schemas, response, responsePointer, sample.headers),
    ...checkBody(schemas, key, response, responsePointer, sample),
  ];
}

function checkBody(
  schemas: DocumentSchemas,
  key: string,
  response: Json | undefined,
  responsePointer: string[],
  sample: ResponseSample,
): string[] {
  const content = asObject(response?.content);
  const bodyText = sample.text ?? (sample.body === undefined ? '' : JSON.stringify(sample.body));
  if (!content || Object.keys(content).length === 0)
    return bodyText === '' ? [] : [`a body was sent but response ${key} declares none`];
  if (!sample.contentType) return [`no Content-Type; declared: ${Object.keys(content).join(', ')}`];
  const mediaType = matchMediaType(Object.keys(content), sample.contentType);
  if (!mediaType)
    return [
      `Content-Type ${sample.contentType} is not declared (declared: ${Object.keys(content).join(', ')})`,
    ];
  // A declared non-JSON body (a PDF, a CSV): its type is all there is to check.
  if (!isJson(mediaType)) return [];
  if (sample.body === undefined) return ['the body is not JSON'];
  const media = asObject(content[mediaType]);
  if (!media || media.schema === undefined) return [];
  return schemas.check([...responsePointer, 'content', mediaType, 'schema'], sample.body);
}

/** Declared response headers: a required one must be there, a present one must fit. */
function checkHeaders(
  doc: Json,
  schemas: DocumentSchemas,
  response: Json | undefined,
  responsePointer: string[],
  headers: Headers | undefined,
): string[] {
  if (!headers) return [];
  return Object.entries(asObject(response?.headers) ?? {}).flatMap(([name, value]) => {
    const [header, pointer] = resolve(doc, value, [...responsePointer, 'headers', name]);
    const actual = headers.get(name);
    if (actual === null)
      return header?.required === true ? [`declared header ${name} is missing`] : [];
    return header?.schema === undefined
      ? []
      : checkHeader(schemas, [...pointer, 'schema'], name, actual);
  });
}

function routesOf(doc: Json): Route[] {
  const base = basePath(doc);
  const routes = Object.entries(asObject(doc.paths) ?? {}).flatMap(([template, value]) => {
    const [item, pointer] = resolve(doc, value, ['paths', template]);
    if (!item) return [];
    let source = '';
    let literal = 0;
    for (const part of template.split(/(\{[^}]+\})/)) {
      if (part.startsWith('{') && part.endsWith('}')) source += '[^/]+';
      else {
        source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        literal += part.length;
      }
    }
    const pattern = new RegExp(`^${base}${source}$`);
    return [{ template, pattern, literal, pointer, item }];
  });
  return routes.sort((a, b) => b.literal - a.literal);
}

/** The path of the first server URL (`/` when none or absolute root). */
function basePath(doc: Json): string {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const url = asObject(servers[0])?.url;
  if (typeof url !== 'string') return '';
  const path = new URL(url, 'http://localhost').pathname.replace(/\/$/, '');
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
