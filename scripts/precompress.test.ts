import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

// The build's compressed copies (ADR 017): written where they pay, never left stale.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder with `files`, as a build wrote them, then precompressed. */
async function build(files: Record<string, string | Buffer>, cacheDir?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'attest-precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  await precompress(dir, { skip: ['server'], ...(cacheDir && { cacheDir }) });
  return dir;
}

const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};`;

describe('precompress', () => {
  it('writes brotli and gzip copies that read back as the file, in every folder', async () => {
    const dir = await build({ 'app.js': script, 'pdfjs/wasm/decoder.wasm': script });
    for (const name of ['app.js', 'pdfjs/wasm/decoder.wasm']) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(script);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(script);
    }
  });

  it('leaves alone the folders it is told nobody serves', async () => {
    const dir = await build({ 'server/prerender.js': script });
    expect(existsSync(join(dir, 'server/prerender.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'server/prerender.js.gz'))).toBe(false);
  });

  it('takes the copies of a file it compressed before from its cache', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'attest-precompress-cache-'));
    dirs.push(cacheDir);
    await build({ 'app.js': script }, cacheDir);
    // What the cache holds is what the next build writes: marked, so that it shows.
    for (const name of readdirSync(cacheDir)) writeFileSync(join(cacheDir, name), `cached ${name}`);
    const dir = await build({ 'app.js': script, 'other.js': `${script}\n` }, cacheDir);
    expect(readFileSync(join(dir, 'app.js.br'), 'utf8')).toMatch(/^cached .*\.br$/);
    expect(readFileSync(join(dir, 'app.js.gz'), 'utf8')).toMatch(/^cached .*\.gz$/);
    expect(gunzipSync(readFileSync(join(dir, 'other.js.gz'))).toString()).toBe(`${script}\n`);
  });

  it('leaves out small files, what does not compress, and files that are not text', async () => {
    const noise = randomBytes(4096);
    const dir = await build({ 'tiny.js': 'x()', 'noise.js': noise, 'photo.png': 'a'.repeat(4096) });
    for (const name of ['tiny.js', 'noise.js', 'photo.png']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it('removes a copy an earlier build left, which would be served instead of the file', async () => {
    const dir = await build({ 'index.html': '<!doctype html><title>new</title>' });
    writeFileSync(join(dir, 'index.html.br'), 'old');
    writeFileSync(join(dir, 'index.html.gz'), 'old');
    await precompress(dir);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(false);
  });
});
