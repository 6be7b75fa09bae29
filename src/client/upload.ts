import { ApiError, errorMessage } from './api-error.ts';

// Uploads go straight to a presigned storage URL, not through the gateway: XHR because fetch
// reports no upload progress. No X-Attest header and no cookie: storage is another origin
// whose CORS allows simple requests only, and the URL itself is the credential.

export interface UploadProgressEvent {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

/** The part of XMLHttpRequest an upload uses, so tests can pass a small fake. */
export interface UploadXhr {
  open(method: string, url: string): void;
  send(body: FormData | Blob): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: {
    addEventListener(type: 'progress', listener: (event: UploadProgressEvent) => void): void;
  };
  addEventListener(type: 'load' | 'error' | 'abort' | 'timeout', listener: () => void): void;
}

export type UploadXhrConstructor = new () => UploadXhr;

export interface UploadOptions {
  /** Bytes sent so far of the whole request body (form fields included). */
  onProgress?: ((loaded: number, total: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** Defaults to the browser's XMLHttpRequest. */
  xhr?: UploadXhrConstructor | undefined;
}

// What a storage answer means when it carries no readable message (docs/design.md limits).
const STORAGE_MESSAGES: Record<number, string> = {
  403: 'the upload link has expired or is not valid; ask for a new one',
  413: 'the file is too large',
  415: 'the file is not of an accepted type',
};

// Without the query: a presigned PUT URL carries its signature there, and errors get logged.
const pathOf = (url: string) => url.split('?')[0];

const aborted = (url: string) =>
  new ApiError({
    code: 'aborted',
    status: 0,
    message: 'the upload was cancelled',
    path: pathOf(url),
  });

function send(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData | Blob,
  size: number,
  opts: UploadOptions,
) {
  const { onProgress, signal } = opts;
  const Xhr = opts.xhr ?? globalThis.XMLHttpRequest;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(url));
    const xhr = new Xhr();
    let settled = false;
    const settle = (error?: ApiError) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      if (error) reject(error);
      else resolve();
    };
    const cancel = () => {
      xhr.abort();
      settle(aborted(url));
    };

    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.(event.loaded, event.lengthComputable ? event.total : size);
    });
    xhr.addEventListener('load', () => {
      const { status } = xhr;
      if (status >= 200 && status < 300) return settle();
      const fallback = STORAGE_MESSAGES[status] ?? `the upload failed with status ${status}`;
      const message = errorMessage(status, xhr.responseText, fallback);
      settle(new ApiError({ code: 'http', status, message, path: pathOf(url) }));
    });
    const unreachable = () =>
      settle(
        new ApiError({
          code: 'network',
          status: 0,
          message: 'the storage service could not be reached',
          path: pathOf(url),
        }),
      );
    xhr.addEventListener('error', unreachable);
    xhr.addEventListener('timeout', unreachable);
    xhr.addEventListener('abort', () => settle(aborted(url)));
    signal?.addEventListener('abort', cancel, { once: true });

    xhr.open(method, url);
    xhr.send(body);
  });
}

/**
 * The presigned POST form: every upload value first, then the file as `file`, the order a
 * storage bucket (and the reference service) requires.
 */
export function uploadForm(
  url: string,
  values: Readonly<Record<string, string>>,
  file: Blob,
  opts: UploadOptions = {},
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append('file', file);
  return send('POST', url, form, file.size, opts);
}

/** A presigned PUT (the deprecated user image URLs): the bytes are the body. */
export function uploadPut(url: string, file: Blob, opts: UploadOptions = {}): Promise<void> {
  return send('PUT', url, file, file.size, opts);
}
