import { describe, expect, it } from 'vitest';
import { rejection } from './testing/rejection.ts';
import { uploadForm, uploadPut, type UploadProgressEvent, type UploadXhr } from './upload.ts';

type Listener = (event: UploadProgressEvent) => void;

/** A scripted XMLHttpRequest: records what was sent; the test plays the network's part. */
class FakeXhr implements UploadXhr {
  static last: FakeXhr | undefined;
  status = 0;
  responseText = '';
  opened: [string, string] | undefined;
  body: FormData | Blob | undefined;
  aborted = false;
  private readonly listeners: Record<string, Listener[]> = {};
  readonly upload = {
    addEventListener: (type: 'progress', listener: Listener) => this.on(`upload:${type}`, listener),
  };

  constructor() {
    FakeXhr.last = this;
  }
  addEventListener(type: 'load' | 'error' | 'abort' | 'timeout', listener: () => void) {
    this.on(type, listener);
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  send(body: FormData | Blob) {
    this.body = body;
  }
  abort() {
    // As a browser does: an abort of a request in flight fires `abort`.
    this.aborted = true;
    this.emit('abort');
  }

  progress(loaded: number, total: number, lengthComputable = true) {
    this.emit('upload:progress', { loaded, total, lengthComputable });
  }
  answer(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.emit('load');
  }
  fail(type: 'error' | 'timeout' = 'error') {
    this.emit(type);
  }

  private on(type: string, listener: Listener) {
    (this.listeners[type] ??= []).push(listener);
  }
  private emit(
    type: string,
    event: UploadProgressEvent = { loaded: 0, total: 0, lengthComputable: false },
  ) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
}

function current(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no XHR was created');
  return FakeXhr.last;
}

const pdf = new Blob(['%PDF-1.4 scan'], { type: 'application/pdf' });
const values = { key: 'scans/abc.pdf', policy: 'eyJr', signature: 'c2ln' };
const URL_ = 'http://storage.test/uploads';

describe('uploadForm', () => {
  it('POSTs every value first and the file last, as `file`, and reports progress', async () => {
    const seen: [number, number][] = [];
    const done = uploadForm(URL_, values, pdf, {
      xhr: FakeXhr,
      onProgress: (loaded, total) => seen.push([loaded, total]),
    });
    const xhr = current();
    expect(xhr.opened).toEqual(['POST', URL_]);
    expect(xhr.body).toBeInstanceOf(FormData);
    const entries = [...(xhr.body as FormData).entries()];
    expect(entries.map(([name]) => name)).toEqual(['key', 'policy', 'signature', 'file']);
    expect(entries.slice(0, 3).map(([, value]) => value)).toEqual([
      'scans/abc.pdf',
      'eyJr',
      'c2ln',
    ]);
    const file = entries[3]?.[1];
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe('%PDF-1.4 scan');

    xhr.progress(100, 400);
    xhr.progress(400, 400);
    // Without a computable length, the file's own size stands in for the total.
    xhr.progress(50, 0, false);
    xhr.answer(204);
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([
      [100, 400],
      [400, 400],
      [50, pdf.size],
    ]);
  });

  it('413 from storage rejects with an ApiError carrying its status and {message}', async () => {
    const done = uploadForm(URL_, values, pdf, { xhr: FakeXhr });
    current().answer(413, JSON.stringify({ message: 'the file is larger than 25 MB' }));
    const error = await rejection(done);
    expect(error).toMatchObject({
      code: 'http',
      status: 413,
      message: 'the file is larger than 25 MB',
      path: URL_,
    });
  });

  it('415 and 403 without a readable body get a message of their own', async () => {
    const wrongType = uploadForm(URL_, values, pdf, { xhr: FakeXhr });
    current().answer(415, 'Unsupported');
    expect(await rejection(wrongType)).toMatchObject({
      status: 415,
      message: 'the file is not of an accepted type',
    });
    const expired = uploadForm(URL_, values, pdf, { xhr: FakeXhr });
    current().answer(403, '');
    expect((await rejection(expired)).message).toMatch(/expired/);
    // A bucket's XML error message is used when there is one.
    const s3 = uploadForm(URL_, values, pdf, { xhr: FakeXhr });
    current().answer(
      403,
      '<Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>',
    );
    expect((await rejection(s3)).message).toBe('Policy expired.');
  });

  it('a network error or a timeout rejects with code network', async () => {
    for (const type of ['error', 'timeout'] as const) {
      const done = uploadForm(URL_, values, pdf, { xhr: FakeXhr });
      current().fail(type);
      expect(await rejection(done)).toMatchObject({ code: 'network', status: 0 });
    }
  });

  it('aborting the signal aborts the XHR and rejects with code aborted', async () => {
    const controller = new AbortController();
    const done = uploadForm(URL_, values, pdf, { xhr: FakeXhr, signal: controller.signal });
    const xhr = current();
    xhr.progress(10, 400);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    expect(await rejection(done)).toMatchObject({ code: 'aborted', status: 0 });
    // A late answer after the abort changes nothing.
    xhr.answer(204);
  });

  it('an already aborted signal sends nothing', async () => {
    FakeXhr.last = undefined;
    const done = uploadForm(URL_, values, pdf, { xhr: FakeXhr, signal: AbortSignal.abort() });
    expect((await rejection(done)).code).toBe('aborted');
    expect(FakeXhr.last).toBeUndefined();
  });

  it('the signal listener is removed once the upload settles', async () => {
    const controller = new AbortController();
    const done = uploadForm(URL_, values, pdf, { xhr: FakeXhr, signal: controller.signal });
    const xhr = current();
    xhr.answer(204);
    await done;
    controller.abort();
    expect(xhr.aborted).toBe(false);
  });
});

describe('uploadPut', () => {
  it('PUTs the bytes as the body', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const done = uploadPut('http://storage.test/uploads/users/x.png?policy=p', png, {
      xhr: FakeXhr,
    });
    const xhr = current();
    expect(xhr.opened).toEqual(['PUT', 'http://storage.test/uploads/users/x.png?policy=p']);
    expect(xhr.body).toBe(png);
    xhr.answer(200);
    await expect(done).resolves.toBeUndefined();
  });

  it('keeps the presigned query (its signature) out of the error', async () => {
    const done = uploadPut(
      'http://storage.test/uploads/x.png?policy=p&signature=secret',
      new Blob(['x']),
      {
        xhr: FakeXhr,
      },
    );
    current().answer(403, '');
    const error = await rejection(done);
    expect(error.path).toBe('http://storage.test/uploads/x.png');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('secret');
  });
});
