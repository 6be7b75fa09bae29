import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  isPdfFetchFailure,
  rememberPdfFetchFailures,
  watchPdfFetch,
} from './pdf-fetch-failures.ts';

/** An address on this machine where nothing listens: a real network failure. */
async function closedAddress(path: string) {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${address.port}${path}`;
}

const failureOf = (answer: Promise<unknown>) =>
  answer.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the failures of pdf.js’s fetches', () => {
  it('are told apart from any other fetch’s, by the document’s address', async () => {
    const scope = { fetch: globalThis.fetch };
    rememberPdfFetchFailures(scope);
    const documentUrl = await closedAddress('/blobs/files/a.pdf');
    const otherUrl = await closedAddress('/api/qc/v2/qc/requests');
    watchPdfFetch(documentUrl);

    const ofDocument = await failureOf(scope.fetch(new URL(documentUrl)));
    const ofOther = await failureOf(scope.fetch(otherUrl));
    expect(ofDocument).toBeInstanceOf(TypeError);
    expect(ofOther).toBeInstanceOf(TypeError);
    expect(isPdfFetchFailure(ofDocument)).toBe(true);
    expect(isPdfFetchFailure(ofOther)).toBe(false);
  });

  it('include pdf.js’s own HTTP refusal, and nothing that is not an error object', () => {
    expect(isPdfFetchFailure({ name: 'ResponseException', status: 404 })).toBe(true);
    expect(isPdfFetchFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(isPdfFetchFailure('Failed to fetch')).toBe(false);
    expect(isPdfFetchFailure(undefined)).toBe(false);
  });

  it('forget the oldest address past 64', async () => {
    const scope = { fetch: globalThis.fetch };
    rememberPdfFetchFailures(scope);
    const first = await closedAddress('/first.pdf');
    watchPdfFetch(first);
    for (let i = 0; i < 64; i += 1) watchPdfFetch(`https://storage.example/${i}.pdf`);
    expect(isPdfFetchFailure(await failureOf(scope.fetch(first)))).toBe(false);
  });
});
