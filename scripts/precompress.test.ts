import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

// The build's compressed copies (ADR 017): written where they pay, never left stale.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The plugin's hooks, called as Vite calls them after a build into `dir`. */
async function writeBundle(dir: string, names: string[]) {
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string } }): void;
    writeBundle(options: unknown, bundle: Record<string, unknown>): Promise<void>;
  };
  plugin.configResolved({ root: '/', build: { outDir: dir } });
  await plugin.writeBundle({}, Object.fromEntries(names.map((name) => [name, {}])));
}

/** A fresh folder with `files`, as a build wrote them, then precompressed. */
async function build(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'attest-precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  await writeBundle(dir, Object.keys(files));
  return dir;
}

describe('precompress', () => {
  it('writes brotli and gzip copies that read back as the file', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};`;
    const dir = await build({ 'app.js': script });
    expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString()).toBe(script);
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
    await writeBundle(dir, ['index.html']);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(false);
  });
});
