import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { Readable } from 'node:stream';
import { UploadRefusal } from './upload-refusal.ts';

// A multipart body read as it arrives (ADR 014), for the presigned uploads (multipart-upload.ts)
// and the sandbox's QC request form (sandbox/qc-request-form.ts): the parser is fed the body in
// small pieces and its limits held as the parts come, so a form that breaks a rule is refused
// without the body being read to its end. What a form's parts mean is its reader's to say.

// The parser handles a whole chunk at once, so a 64 KB chunk of tiny parts is a thousand
// parts' work even after a limit was hit: feeding it smaller pieces lets a refusal stop it.
const PIECE_BYTES = 4096;

const UNREADABLE = 'the multipart body could not be read';

/** The bounds of a form: its text fields, and what to say of a form of too many parts. */
export interface MultipartBounds {
  /** Text fields the form may carry; with its one file, the parts it may have. */
  maxFields: number;
  /** The longest a field's value may be; a longer one reaches `field` truncated. */
  maxFieldBytes: number;
  /** The refusal's message for a form of more parts than that. */
  tooManyParts: string;
}

/** How a reader's handlers end the read. Once it has ended, the rest do nothing. */
export interface MultipartRead<T> {
  readonly settled: boolean;
  resolve(value: T): void;
  reject(error: unknown): void;
  /** Rejects with an UploadRefusal. */
  refuse(status: UploadRefusal['status'], message: string): void;
}

/** What a reader does with a form's parts; none is called once the read has ended. */
export interface MultipartHandlers {
  field(name: string, value: string, truncated: boolean): void;
  /** The form's one file, as it streams: the body goes no further than it is read. */
  file(name: string, stream: BusboyFileStream): void;
  /** The whole form has been parsed (its file may still be on its way to where it goes). */
  finish(): void;
  /** The read ended in an error: called once, before the promise rejects. */
  failed?(): void;
}

/**
 * Reads the multipart `body` as it arrives, handing its parts to the handlers that `reader`
 * makes. Settles as they end the read; rejects with an UploadRefusal as soon as the form
 * breaks one of the bounds, or with the signal's reason when it aborts.
 */
export function readMultipart<T>(
  body: Readable,
  contentType: string,
  signal: AbortSignal,
  bounds: MultipartBounds,
  reader: (read: MultipartRead<T>) => MultipartHandlers,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let busboy: BusboyInstance | null = null;

    const end = () => {
      if (settled) return false;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      body.off('data', feed);
      body.off('end', onEnd);
      // Unread, so the server can answer now and drain the rest before it closes.
      body.pause();
      return true;
    };
    const read: MultipartRead<T> = {
      get settled() {
        return settled;
      },
      resolve: (value) => {
        if (end()) resolve(value);
      },
      reject: (error) => {
        if (!end()) return;
        handlers.failed?.();
        reject(error);
      },
      refuse: (status, message) => read.reject(new UploadRefusal(status, message)),
    };
    const handlers = reader(read);
    const onAbort = () => read.reject(signal.reason);
    // What pipe() does, in pieces.
    const feed = (chunk: Buffer) => {
      for (let at = 0; at < chunk.length && !settled; at += PIECE_BYTES) {
        if (busboy?.write(chunk.subarray(at, at + PIECE_BYTES)) === false) body.pause();
      }
    };
    const onEnd = () => busboy?.end();

    try {
      busboy = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fields: bounds.maxFields,
          fieldSize: bounds.maxFieldBytes,
          files: 1,
          parts: bounds.maxFields + 1,
          headerPairs: 8,
          headerSize: 8 * 1024,
        },
      });
    } catch {
      return reject(new UploadRefusal(400, 'the multipart content type has no boundary'));
    }
    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (!settled) handlers.field(name, value, valueTruncated);
    });
    busboy.on('file', (name, stream) => {
      // Dicer reports a body that ends inside the file on the file's stream.
      stream.on('error', () => read.refuse(400, UNREADABLE));
      if (settled) return void stream.resume();
      handlers.file(name, stream);
    });
    busboy.on('fieldsLimit', () =>
      read.refuse(400, `the form has more than ${bounds.maxFields} fields`),
    );
    busboy.on('filesLimit', () => read.refuse(400, 'the form must carry exactly one file'));
    busboy.on('partsLimit', () => read.refuse(400, bounds.tooManyParts));
    busboy.on('error', () => read.refuse(400, UNREADABLE));
    busboy.on('finish', () => {
      if (!settled) handlers.finish();
    });
    busboy.on('drain', () => {
      if (!settled) body.resume();
    });
    signal.addEventListener('abort', onAbort, { once: true });
    body.on('data', feed);
    body.on('end', onEnd);
  });
}
