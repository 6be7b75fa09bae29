import { asObject, isJson, matchMediaType, resolve, type Json } from './validate-document.ts';
import { checkHeader } from './validate-headers.ts';
import type { DocumentSchemas } from './validate-schemas.ts';

/** A webhook delivery as a test's receiver got it. */
export interface WebhookSample {
  /** The event (`DOCUMENT_READY`): matched to a `webhooks` key or operationId, any case. */
  event: string | undefined;
  /** The HTTP method it came with, when known. */
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw request body. */
  body: string;
}

/**
 * The Standard Webhooks headers, whichever prefix the receiver sees: the spec names them
 * `hook-*`, the Standard Webhooks libraries read `webhook-*`. Each must be there whatever
 * the document declares, since a receiver cannot verify a delivery without them.
 */
const STANDARD_HEADERS: [string, RegExp][] = [
  ['id', /^\S+$/],
  ['timestamp', /^\d+$/],
  ['signature', /^v1a?,[A-Za-z0-9+/]+=*( v1a?,[A-Za-z0-9+/]+=*)*$/],
];

export function checkWebhook(doc: Json, schemas: DocumentSchemas, sample: WebhookSample): string[] {
  const webhooks = asObject(doc.webhooks) ?? {};
  if (sample.event === undefined) return ['the delivery names no event type'];
  const found = findWebhook(doc, webhooks, sample.event);
  if (!found)
    return [
      `event ${sample.event} is not in the webhooks section (declared: ${Object.keys(webhooks).join(', ') || 'none'})`,
    ];
  const { key, method, operation, pointer } = found;
  const headers = lowerCase(sample.headers);
  const sentWith = sample.method?.toLowerCase() ?? method;
  const problems = [
    ...(sentWith === method
      ? []
      : [`sent with ${sentWith.toUpperCase()}, declared ${method.toUpperCase()}`]),
    ...standardHeaders(headers),
    ...declaredHeaders(doc, schemas, found, headers),
    ...checkBody(doc, schemas, operation, [...pointer, method], headers, sample.body),
  ];
  return problems.map((problem) => `webhook ${key}: ${problem}`);
}

interface FoundWebhook {
  key: string;
  item: Json;
  method: string;
  operation: Json;
  pointer: string[];
}

function findWebhook(doc: Json, webhooks: Json, event: string): FoundWebhook | undefined {
  const wanted = normalize(event);
  for (const [key, value] of Object.entries(webhooks)) {
    const [item, pointer] = resolve(doc, value, ['webhooks', key]);
    if (!item) continue;
    const method = 'post' in item ? 'post' : Object.keys(item).find((k) => asObject(item[k]));
    const operation = method ? asObject(item[method]) : undefined;
    if (!method || !operation) continue;
    const names = [key, operation.operationId, operation['x-event-type']];
    if (names.some((name) => typeof name === 'string' && normalize(name) === wanted))
      return { key, item, method, operation, pointer };
  }
  return undefined;
}

/** `DOCUMENT_READY`, `documentReady` and `document-ready` name the same event. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function lowerCase(headers: WebhookSample['headers']): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined)
      map.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
  return map;
}

function standardHeaders(headers: Map<string, string>): string[] {
  return STANDARD_HEADERS.flatMap(([name, shape]) => {
    const value = headers.get(`hook-${name}`) ?? headers.get(`webhook-${name}`);
    if (value === undefined) return [`header hook-${name} (or webhook-${name}) is missing`];
    return shape.test(value) ? [] : [`header hook-${name} is malformed: ${value}`];
  });
}

function declaredHeaders(
  doc: Json,
  schemas: DocumentSchemas,
  { item, method, operation, pointer }: FoundWebhook,
  headers: Map<string, string>,
): string[] {
  const lists: [unknown, string[]][] = [
    [item.parameters, [...pointer, 'parameters']],
    [operation.parameters, [...pointer, method, 'parameters']],
  ];
  return lists.flatMap(([list, at]) =>
    (Array.isArray(list) ? list : []).flatMap((entry, index) => {
      const [parameter, paramPointer] = resolve(doc, entry, [...at, String(index)]);
      if (!parameter || parameter.in !== 'header' || typeof parameter.name !== 'string') return [];
      const value = headers.get(parameter.name.toLowerCase());
      if (value === undefined)
        return parameter.required === true ? [`declared header ${parameter.name} is missing`] : [];
      if (parameter.schema === undefined) return [];
      return checkHeader(schemas, [...paramPointer, 'schema'], parameter.name, value);
    }),
  );
}

function checkBody(
  doc: Json,
  schemas: DocumentSchemas,
  operation: Json,
  pointer: string[],
  headers: Map<string, string>,
  body: string,
): string[] {
  const [requestBody, bodyPointer] = resolve(doc, operation.requestBody, [
    ...pointer,
    'requestBody',
  ]);
  const content = asObject(requestBody?.content);
  if (!content) return ['the webhook declares no request body'];
  const contentType = headers.get('content-type');
  if (!contentType) return ['no Content-Type header'];
  const mediaType = matchMediaType(Object.keys(content), contentType);
  if (!mediaType)
    return [
      `Content-Type ${contentType} is not declared (declared: ${Object.keys(content).join(', ')})`,
    ];
  if (!isJson(mediaType)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return ['the body is not JSON'];
  }
  if (asObject(content[mediaType])?.schema === undefined) return [];
  return schemas.check([...bodyPointer, 'content', mediaType, 'schema'], parsed);
}
