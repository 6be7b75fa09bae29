import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { Writable, type Readable } from 'node:stream';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import { receiveFile } from '../files/receive-file.ts';
import { UploadRefusal } from '../files/upload-refusal.ts';

// The form of `POST /sandbox/v1/qc-requests` (qc-requests.routes.ts), read as it arrives, as
// the presigned uploads are (ADR 014): the file's type is judged by its first bytes and its
// size limit held as the bytes flow, so a body that breaks a rule is refused without being
// read to its end. The fields may come before or after the file; they are checked once the
// form is whole, by the handler.

/** Fields a form may carry: the five of the endpoint, and no room for a flood of others. */
export const MAX_FORM_FIELDS = 8;
/** Twenty actors' JSON is about 2.5 KB. */
export const MAX_FIELD_BYTES = 8192;
const PIECE_BYTES = 4096;

const NO_FILE = 'the form has no file field named file';
const UNREADABLE = 'the multipart body could not be read';

export interface QcForm {
  fields: Record<string, string>;
  /** The PDF's bytes, whole: the handler opens it before anything is stored. */
  file: Uint8Array;
}

/** A sink that keeps what it is given, for a file that is at most the upload limit. */
function memorySink(): { stream: Writable; bytes: () => Uint8Array } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

/**
 * Reads the multipart `body` into its text fields and its one file, a PDF of at most the
 * files' limit (UPLOAD_RULES.file). Rejects with an UploadRefusal as soon as the form breaks
 * a rule, or with the signal's reason when it aborts.
 */
export function readQcForm(body: Readable, contentType: string, signal: AbortSignal) {
  return new Promise<QcForm>((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let received: Promise<Uint8Array> | null = null;
    let settled = false;
    let busboy: BusboyInstance | null = null;

    const stop = (error: unknown, form?: QcForm) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      body.off('data', feed);
      body.off('end', onEnd);
      // Unread, so the answer can go out now.
      body.pause();
      if (form) resolve(form);
      else reject(error);
    };
    const refuse = (status: UploadRefusal['status'], message: string) =>
      stop(new UploadRefusal(status, message));
    const onAbort = () => stop(signal.reason);
    const feed = (chunk: Buffer) => {
      for (let at = 0; at < chunk.length && !settled; at += PIECE_BYTES) {
        if (busboy?.write(chunk.subarray(at, at + PIECE_BYTES)) === false) body.pause();
      }
    };
    const onEnd = () => busboy?.end();

    const onFile = (name: string, stream: BusboyFileStream) => {
      stream.on('error', () => refuse(400, UNREADABLE));
      if (settled) return void stream.resume();
      if (name !== 'file') return refuse(400, `the form's file must be its field named file`);
      const { types, maxBytes, label } = UPLOAD_RULES.file;
      const sink = memorySink();
      received = receiveFile(stream, { types, maxBytes, label }, sink.stream, signal).then(() =>
        sink.bytes(),
      );
      received.catch((error: unknown) => stop(error));
    };

    try {
      busboy = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fields: MAX_FORM_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          files: 1,
          parts: MAX_FORM_FIELDS + 1,
          headerPairs: 8,
          headerSize: 8 * 1024,
        },
      });
    } catch {
      return reject(new UploadRefusal(400, 'the multipart content type has no boundary'));
    }
    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (settled) return;
      if (name === 'file') return refuse(400, 'the file field must carry a file');
      if (valueTruncated)
        return refuse(400, `the field ${name} is longer than ${MAX_FIELD_BYTES} bytes`);
      if (name in fields) return refuse(400, `the form has two fields named ${name}`);
      fields[name] = value;
    });
    busboy.on('file', onFile);
    busboy.on('fieldsLimit', () => refuse(400, `the form has more than ${MAX_FORM_FIELDS} fields`));
    busboy.on('filesLimit', () => refuse(400, 'the form must carry exactly one file'));
    busboy.on('partsLimit', () => refuse(400, 'the form has too many parts'));
    busboy.on('error', () => refuse(400, UNREADABLE));
    busboy.on('finish', () => {
      if (!received) return refuse(400, NO_FILE);
      received.then(
        (file) => stop(undefined, { fields: { ...fields }, file }),
        (error: unknown) => stop(error),
      );
    });
    busboy.on('drain', () => {
      if (!settled) body.resume();
    });
    signal.addEventListener('abort', onAbort, { once: true });
    body.on('data', feed);
    body.on('end', onEnd);
  });
}
