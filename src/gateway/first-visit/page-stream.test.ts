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
  let pending: ReturnType<typeof source.read> | undefined;
  const take = async (value: Uint8Array) => {
    if (unzip) await new Promise((resolve) => unzip.write(value, resolve));
    else text += decoder.decode(value, { stream: true });
  };
  return {
    text: (): string => text,
    /** Everything that comes until nothing has for 100 ms; false once the stream has ended. */
    async untilQuiet(): Promise<boolean> {
      for (;;) {
        pending ??= source.read();
        const read = await Promise.race([
          pending,
          new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), 100)),
        ]);
        if (read === 'quiet') return true;
        pending = undefined;
        if (read.done) {
          unzip?.end();
          await new Promise((resolve) => setImmediate(resolve));
          return false;
        }
        await take(read.value);
        // The decompressor hands on what it has on its next turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
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
    expect(await page.untilQuiet()).toBe(true);
    expect(page.text()).toBe(head);
    give('<p>rows</p></body></html>');
    while (await page.untilQuiet());
    expect(page.text()).toBe(`${head}<p>rows</p></body></html>`);
  });

  it('ends the page after its head if the body fails', async () => {
    const page = reader(
      pageStream('<head>', Promise.reject(new Error('no')), 'gzip'),
      createGunzip(),
    );
    while (await page.untilQuiet());
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
