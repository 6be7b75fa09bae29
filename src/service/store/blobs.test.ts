import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileBlobStore, memoryBlobStore, type BlobStore } from './blobs.ts';
import { UNTIL } from '../testing/fixtures.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'attest-blobs-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const incoming = () => {
  try {
    return readdirSync(join(root, 'blobs', '.incoming'));
  } catch {
    return [];
  }
};

/** Once the stream has closed, however it ended (events.once would reject on its error). */
const closed = (stream: NodeJS.WritableStream & { closed: boolean }) =>
  stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', resolve));

async function write(blobs: BlobStore, key: string, text: string) {
  const writer = blobs.writer(key);
  writer.stream.end(Buffer.from(text));
  await finished(writer.stream);
  return writer;
}

describe.each([
  ['file', () => fileBlobStore(join(root, 'blobs'))],
  ['memory', () => memoryBlobStore()],
])('the %s blob store writer', (_, open) => {
  it('shows nothing under the key until it commits', async () => {
    const blobs = open();
    const writer = await write(blobs, 'scans/a.pdf', '%PDF-1');
    expect(blobs.has('scans/a.pdf')).toBe(false);
    expect(writer.commit()).toBe(true);
    expect(Buffer.from(blobs.get('scans/a.pdf') ?? []).toString()).toBe('%PDF-1');
  });

  it('never replaces bytes already under the key', async () => {
    const blobs = open();
    expect((await write(blobs, 'scans/b.pdf', 'first')).commit()).toBe(true);
    const second = await write(blobs, 'scans/b.pdf', 'second');
    expect(second.commit()).toBe(false);
    second.discard();
    expect(Buffer.from(blobs.get('scans/b.pdf') ?? []).toString()).toBe('first');
  });

  it('leaves nothing behind when discarded, even before its file is open', async () => {
    const blobs = open();
    const early = blobs.writer('scans/c.pdf');
    early.discard();
    (await write(blobs, 'scans/d.pdf', 'half')).discard();
    // Its file may not even be open yet: done once its stream has closed.
    await closed(early.stream);
    await vi.waitFor(() => expect(incoming()).toEqual([]), UNTIL);
    expect(blobs.has('scans/c.pdf') || blobs.has('scans/d.pdf')).toBe(false);
  });
});

describe('the file blob store', () => {
  it('clears uploads left half-written by a crash, but not those another process is writing', () => {
    const dir = join(root, 'blobs', '.incoming');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'old'), 'x');
    writeFileSync(join(dir, 'recent'), 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(join(dir, 'old'), twoDaysAgo, twoDaysAgo);
    fileBlobStore(join(root, 'blobs'));
    expect(readdirSync(dir)).toEqual(['recent']);
  });

  it('lets a discarded writer whose file never opens go without an unhandled error', async () => {
    const blobs = fileBlobStore(join(root, 'blobs'));
    const writer = blobs.writer('scans/e.pdf');
    // Gone before the stream opens its file there: the open fails.
    rmSync(join(root, 'blobs', '.incoming'), { recursive: true });
    writer.discard();
    await closed(writer.stream);
    expect(blobs.has('scans/e.pdf')).toBe(false);
  });

  it('replaces a blob whole on put: a link to the old file keeps the old bytes', () => {
    const blobs = fileBlobStore(join(root, 'blobs'));
    blobs.put('files/f.pdf', Buffer.from('first'));
    // As a test's copy of the demo data links to the run's snapshot (testing/service.ts).
    const linked = join(root, 'linked.pdf');
    linkSync(join(root, 'blobs', 'files', 'f.pdf'), linked);
    blobs.put('files/f.pdf', Buffer.from('second'));
    expect(Buffer.from(blobs.get('files/f.pdf') ?? []).toString()).toBe('second');
    expect(readFileSync(linked, 'utf8')).toBe('first');
    expect(incoming()).toEqual([]);
  });
});
