import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context.ts';
import { checkUploadFields } from './presign.ts';
import type { ReceivedFile } from './receive-file.ts';
import { openUpload, type UploadTarget } from './upload-target.ts';
import { UploadRefusal } from './upload-refusal.ts';

/** Fields a form may carry before its file: `key`, `policy`, `signature` and a few spare. */
export const MAX_FORM_FIELDS = 10;
/** A signed policy is a few hundred bytes. */
export const MAX_FIELD_BYTES = 4096;
// The parser handles a whole chunk at once, so a 64 KB chunk of tiny parts is a thousand
// parts' work even after a limit was hit: feeding it smaller pieces lets a refusal stop it.
const PIECE_BYTES = 4096;

const FILE_LAST = 'the file must be the last field of the form, after the upload values';
const NO_FILE = 'the form has no file field named file';
const UNREADABLE = 'the multipart body could not be read';
const SIGNED_FIELDS = ['key', 'policy', 'signature'];

/**
 * Reads a presigned POST form from `body` as it arrives and stores its file. The signed fields
 * must come first: they are verified, and the key checked, before a byte of the file is read.
 * Only then is the upload `admit`ted to one of the service's upload slots (it throws an
 * UploadRefusal when they are all taken), so a body nobody signed never holds one.
 * Rejects with an UploadRefusal as soon as the form breaks a rule, without reading further.
 */
export function receiveMultipart(
  ctx: ServiceContext,
  body: Readable,
  contentType: string,
  signal: AbortSignal,
  admit: () => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let target: UploadTarget | null = null;
    let received: Promise<ReceivedFile> | null = null;
    let settled = false;
    let busboy: BusboyInstance | null = null;

    const stop = (error?: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      body.off('data', feed);
      body.off('end', onEnd);
      // Unread, so the server can answer now and drain the rest before it closes.
      body.pause();
      if (error === undefined) return resolve();
      target?.discard();
      reject(error);
    };
    const refuse = (status: UploadRefusal['status'], message: string) =>
      stop(new UploadRefusal(status, message));
    const onAbort = () => stop(signal.reason);
    // What pipe() does, in pieces.
    const feed = (chunk: Buffer) => {
      for (let at = 0; at < chunk.length && !settled; at += PIECE_BYTES) {
        if (busboy?.write(chunk.subarray(at, at + PIECE_BYTES)) === false) body.pause();
      }
    };
    const onEnd = () => busboy?.end();

    const onFile = (name: string, stream: BusboyFileStream) => {
      // Dicer reports a body that ends inside the file on the file's stream.
      stream.on('error', () => refuse(400, UNREADABLE));
      if (settled) return void stream.resume();
      if (name !== 'file') return refuse(400, NO_FILE);
      if (!SIGNED_FIELDS.some((field) => field in fields)) return refuse(400, FILE_LAST);
      const check = checkUploadFields(ctx, fields);
      if (!check.ok) return refuse(check.status, check.message);
      try {
        target = openUpload(ctx, check.policy);
        admit();
      } catch (error) {
        return stop(error);
      }
      received = target.receive(stream, signal);
      received.catch(stop);
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
      if (target) return refuse(400, FILE_LAST);
      if (name === 'file') return refuse(400, 'the file field must carry a file');
      if (valueTruncated)
        return refuse(400, `a form field is longer than ${MAX_FIELD_BYTES} bytes`);
      fields[name] = value;
    });
    busboy.on('file', onFile);
    busboy.on('fieldsLimit', () => refuse(400, `the form has more than ${MAX_FORM_FIELDS} fields`));
    busboy.on('filesLimit', () => refuse(400, 'the form must carry exactly one file'));
    busboy.on('partsLimit', () => refuse(400, FILE_LAST));
    busboy.on('error', () => refuse(400, UNREADABLE));
    busboy.on('finish', () => {
      if (!target || !received) return refuse(400, NO_FILE);
      const upload = target;
      received.then((file) => {
        if (settled) return;
        try {
          upload.commit(file);
          stop();
        } catch (error) {
          stop(error);
        }
      }, stop);
    });
    busboy.on('drain', () => {
      if (!settled) body.resume();
    });
    signal.addEventListener('abort', onAbort, { once: true });
    body.on('data', feed);
    body.on('end', onEnd);
  });
}
