import {
  createBrotliDecompress,
  createGunzip,
  type Gunzip,
  type BrotliDecompress,
} from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageEncoding, pageStream } from './page-stream.ts';

describe('pageEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('answers %j with %s', (header, encoding) => {
    expect(pageEncoding(header)).toBe(encoding);
  });
});

type Unzip = Gunzip | BrotliDecompress | undefined;

/** Reads the stream's bytes through `unzip` (or as they are) as they come. */
function reader(stream: ReadableStream<Uint8Array>, unzip?: Unzip) {
  let text = '';
  const decoder = new TextDecoder();
  unzip?.on('data', (chunk: Buffer) => (text += decoder.decode(chunk, { stream: true })));
  const source = stream.getReader();
  let ended = false;
  /** The next chunk, through the decompressor; false once the stream has ended. */
  const next = async (): Promise<boolean> => {
    const read = await source.read();
    if (read.done) {
      unzip?.end();
      await new Promise((resolve) => setImmediate(resolve));
      ended = true;
      return false;
    }
    if (unzip) await new Promise((resolve) => unzip.write(read.value, resolve));
    else text += decoder.decode(read.value, { stream: true });
    // The decompressor hands on what it has on its next turn.
    await new Promise((resolve) => setImmediate(resolve));
    return true;
  };
  return {
    text: (): string => text,
    /**
     * Reads until `length` characters have come, however long that takes; a stream that holds
     * them back never gets there (the test's timeout ends it).
     */
    async until(length: number): Promise<void> {
      while (text.length < length && (await next()));
    },
    /** Reads to the stream's end. */
    async rest(): Promise<void> {
      while (!ended && (await next()));
    },
  };
}

describe('pageStream', () => {
  it.each([
    ['brotli', 'br' as const, (): Unzip => createBrotliDecompress()],
    ['gzip', 'gzip' as const, (): Unzip => createGunzip()],
    ['no encoding', undefined, (): Unzip => undefined],
  ])('sends the head before the body has come (%s), then the body', async (_n, encoding, make) => {
    let give: (body: string) => void = () => {};
    const body = new Promise<string>((resolve) => (give = resolve));
    const head = `<html><head><link rel="stylesheet" href="/a.css"></head><body>${'x'.repeat(5000)}`;
    const page = reader(pageStream(head, body, encoding), make());
    // All of the head, with the body still to come.
    await page.until(head.length);
    expect(page.text()).toBe(head);
    give('<p>rows</p></body></html>');
    await page.rest();
    expect(page.text()).toBe(`${head}<p>rows</p></body></html>`);
  });

  it('ends the page after its head if the body fails', async () => {
    const page = reader(
      pageStream('<head>', Promise.reject(new Error('no')), 'gzip'),
      createGunzip(),
    );
    await page.rest();
    expect(page.text()).toBe('<head>');
  });

  it('takes a body that comes after the browser went away', async () => {
    let give: (body: string) => void = () => {};
    const stream = pageStream('<head>', new Promise<string>((r) => (give = r)), 'br');
    await stream.cancel();
    give('<p>late</p>');
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
