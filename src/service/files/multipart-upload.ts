import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context.ts';
import { readMultipart } from './multipart-stream.ts';
import { checkUploadFields } from './presign.ts';
import type { ReceivedFile } from './receive-file.ts';
import { openUpload, type UploadTarget } from './upload-target.ts';

/** Fields a form may carry before its file: `key`, `policy`, `signature` and a few spare. */
export const MAX_FORM_FIELDS = 10;
/** A signed policy is a few hundred bytes. */
export const MAX_FIELD_BYTES = 4096;

const FILE_LAST = 'the file must be the last field of the form, after the upload values';
const NO_FILE = 'the form has no file field named file';
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
  const bounds = {
    maxFields: MAX_FORM_FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
    tooManyParts: FILE_LAST,
  };
  return readMultipart<void>(body, contentType, signal, bounds, (read) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let target: UploadTarget | null = null;
    let received: Promise<ReceivedFile> | null = null;
    return {
      field(name, value, truncated) {
        if (target) return read.refuse(400, FILE_LAST);
        if (name === 'file') return read.refuse(400, 'the file field must carry a file');
        if (truncated)
          return read.refuse(400, `a form field is longer than ${MAX_FIELD_BYTES} bytes`);
        fields[name] = value;
      },
      file(name, stream) {
        if (name !== 'file') return read.refuse(400, NO_FILE);
        if (!SIGNED_FIELDS.some((field) => field in fields)) return read.refuse(400, FILE_LAST);
        const check = checkUploadFields(ctx, fields);
        if (!check.ok) return read.refuse(check.status, check.message);
        try {
          target = openUpload(ctx, check.policy);
          admit();
        } catch (error) {
          return read.reject(error);
        }
        received = target.receive(stream, signal);
        received.catch(read.reject);
      },
      finish() {
        if (!target || !received) return read.refuse(400, NO_FILE);
        const upload = target;
        received.then((file) => {
          if (read.settled) return;
          try {
            upload.commit(file);
            read.resolve();
          } catch (error) {
            read.reject(error);
          }
        }, read.reject);
      },
      failed: () => target?.discard(),
    };
  });
}
