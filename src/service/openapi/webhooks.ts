import { EVENT_TYPE_HEADER } from '../../contract/webhooks.ts';
import { gap } from './api-operation.ts';

// The two events (spec, Events) under OpenAPI 3.1 `webhooks`: what the service POSTs to the
// registered endpoint. The signature scheme is Standard Webhooks' with the spec's `hook-`
// header names (the standard's own are `webhook-id`, `webhook-timestamp`, `webhook-signature`).

const header = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

function signedHeaders(strict: boolean) {
  const headers = [
    header(
      'hook-id',
      'Unique message identifier (`msg_…`), stable across retries: deduplicate on it. The ' +
        'Standard Webhooks `webhook-id`.',
      { type: 'string', pattern: '^msg_[A-Za-z0-9_-]{1,64}$' },
    ),
    header(
      'hook-timestamp',
      'Unix time in seconds when the message was sent (wall-clock time, whatever the sandbox ' +
        'clock says). Reject a message more than 5 minutes away from now (replay guard). The ' +
        'Standard Webhooks `webhook-timestamp`.',
      { type: 'string', pattern: '^\\d+$' },
    ),
    header(
      'hook-signature',
      'One or more space-separated `v1,<base64>` signatures, one per signing secret (rotation). ' +
        'Verify: signed_content = `<hook-id>.<hook-timestamp>.<raw body>`; key = base64-decode ' +
        'of the secret after its `whsec_` prefix; expected = base64(HMAC-SHA256(key, ' +
        'signed_content)); valid when it equals any one `v1` signature. The Standard Webhooks ' +
        '`webhook-signature`: a Standard Webhooks library verifies it once the three headers are ' +
        'passed under the `webhook-` names.',
      { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
    ),
  ];
  if (strict) return headers;
  return [
    ...headers,
    {
      ...header(EVENT_TYPE_HEADER, 'The event type: the body carries only the payload.', {
        type: 'string',
        enum: ['DOCUMENT_READY', 'ADDRESS_CHANGE'],
      }),
      'x-attest-extension': gap(
        'Events and webhooks (#28)',
        'the event type travels in this header',
      ),
    },
  ];
}

const RESPONSES = {
  '2XX': { description: 'Any 2xx within 30 seconds acknowledges the message.' },
  default: {
    description:
      'Anything else, or no answer within 30 seconds, is retried: 9 attempts in all, after 5 s, ' +
      '1 min, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h; then the message is marked failed.',
  },
};

export function webhooks(strict: boolean) {
  const parameters = signedHeaders(strict);
  const event = (
    operationId: string,
    summary: string,
    description: string,
    schema: Record<string, unknown>,
    extension?: string,
  ) => ({
    post: {
      operationId,
      summary,
      description:
        `${description}\n\nDelivered as an HTTP POST with a JSON body to the registered HTTPS ` +
        'endpoint. Handlers are idempotent (deduplicate on `hook-id`), accept events in any ' +
        'order and ignore unknown fields: payloads are additive-only.',
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: RESPONSES,
      ...(extension ? { 'x-attest-extension': extension } : {}),
    },
  });
  return {
    DOCUMENT_READY: event(
      'documentReady',
      'A signed or processed document is available',
      'Fired when a signed or processed document becomes available on a matter. `downloadUrl` ' +
        'is presigned and valid for 60 minutes.',
      { $ref: '#/components/schemas/DocumentReadyPayload' },
    ),
    ADDRESS_CHANGE: strict
      ? event(
          'addressChange',
          'An address was written',
          'Fired when an address is written as an entity is created on an account (published ' +
            'for the matter). Payload: not shown in the spec.',
          { type: 'object' },
        )
      : event(
          'addressChange',
          'An address was written',
          'Fired once per written entity that has an address (create, PATCH, upsert); ' +
            '`addressTypes` names the addresses written.',
          { $ref: '#/components/schemas/AddressChangePayload' },
          gap('Events and webhooks (#27)', 'the spec shows no ADDRESS_CHANGE payload'),
        ),
  };
}
