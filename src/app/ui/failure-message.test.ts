import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../client/api-error.ts';
import { createClient } from '../../client/request.ts';
import { z } from '../../contract/zod.ts';
import { failureMessage, sentence } from './failure-message.ts';

// Real errors from the real client: a server that answers each path with its status and
// `{message}`, a port nobody listens on, and a cancelled call.
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const [, kind = '', value = ''] = (req.url ?? '').split('/');
    res.setHeader('content-type', 'application/json');
    if (kind === 'wrong-shape') return res.end(JSON.stringify({ not: 'what was promised' }));
    res.statusCode = Number(kind);
    res.end(JSON.stringify({ message: decodeURIComponent(value) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const Thing = z.object({ id: z.string() });

async function failureOf(baseUrl: string, path: string, signal?: AbortSignal): Promise<ApiError> {
  const error: unknown = await createClient({ baseUrl })
    .request('GET', path, { schema: Thing, signal })
    .then(
      () => expect.fail('expected the call to fail'),
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const answered = (status: number, message: string) =>
  failureOf(base, `/${status}/${encodeURIComponent(message)}`);

const WORDS = {
  network: 'The service cannot be reached. Try again.',
  aborted: 'Cancelled.',
  401: 'Sign in again.',
  403: 'Not allowed.',
  404: 'Gone.',
  409: 'Someone else changed it.',
  503: 'Restarting.',
  otherwise: 'Something went wrong.',
};

describe('failureMessage', () => {
  it('says each named status in the screen’s words', async () => {
    for (const status of [401, 403, 404, 409, 503] as const) {
      expect(failureMessage(await answered(status, 'the service words'), WORDS)).toBe(
        WORDS[status],
      );
    }
  });

  it('says no answer, and a cancelled call, in the screen’s words', async () => {
    // Port 9 (discard) on loopback: nothing listens there in a test run.
    const offline = await failureOf('http://127.0.0.1:9', '/404/x');
    expect(offline.code).toBe('network');
    expect(failureMessage(offline, WORDS)).toBe(WORDS.network);

    const controller = new AbortController();
    controller.abort();
    const cancelled = await failureOf(base, '/404/x', controller.signal);
    expect(cancelled.code).toBe('aborted');
    expect(failureMessage(cancelled, WORDS)).toBe(WORDS.aborted);
  });

  it('otherwise gives the error’s own message as a sentence', async () => {
    const refused = await answered(422, 'displayName is too long');
    expect(failureMessage(refused, WORDS)).toBe('DisplayName is too long.');
    expect(failureMessage(await answered(500, 'Try again in 15 minutes.'), WORDS)).toBe(
      'Try again in 15 minutes.',
    );
    // An answer that breaks the contract is not its status, even a status the screen names.
    const wrong = await failureOf(base, '/wrong-shape');
    expect(wrong.code).toBe('unexpected-response');
    expect(failureMessage(wrong, { ...WORDS, 200: 'never said' })).toBe(
      'Unexpected response from the service.',
    );
    // No words for no answer: the client's own.
    const offline = await failureOf('http://127.0.0.1:9', '/x');
    expect(failureMessage(offline, { otherwise: '' })).toBe('The service could not be reached.');
  });

  it('sets the error’s sentence in the screen’s words when asked', async () => {
    const words = {
      ...WORDS,
      said: (said: string, status: number) => `Not saved (${status}). ${said}`,
    };
    expect(failureMessage(await answered(500, 'disk full'), words)).toBe(
      'Not saved (500). Disk full.',
    );
    // Named cases are said as they are, not wrapped.
    expect(failureMessage(await answered(404, 'x'), words)).toBe(WORDS[404]);
  });

  it('says what is not an ApiError in the screen’s fallback words', () => {
    expect(failureMessage(new Error('boom'), WORDS)).toBe(WORDS.otherwise);
    expect(failureMessage('a thrown string', WORDS)).toBe(WORDS.otherwise);
  });
});

describe('sentence', () => {
  it('capitalises, ends with a full stop once, and never says nothing', () => {
    expect(sentence('the service is restarting')).toBe('The service is restarting.');
    expect(sentence('Already approved!')).toBe('Already approved!');
    expect(sentence('  ')).toBe('The service refused the change.');
  });
});
