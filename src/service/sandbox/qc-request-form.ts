import { Writable, type Readable } from 'node:stream';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import { receiveFile } from '../files/receive-file.ts';
import { readMultipart } from '../files/multipart-stream.ts';

// The form of `POST /sandbox/v1/qc-requests` (qc-requests.routes.ts), read as it arrives, as
// the presigned uploads are (ADR 014): the file's type is judged by its first bytes and its
// size limit held as the bytes flow, so a body that breaks a rule is refused without being
// read to its end. The fields may come before or after the file; they are checked once the
// form is whole, by the handler.

/** Fields a form may carry: the six of the endpoint, and no room for a flood of others. */
export const MAX_FORM_FIELDS = 8;
/** Twenty actors' JSON is about 2.5 KB. */
export const MAX_FIELD_BYTES = 8192;

const NO_FILE = 'the form has no file field named file';

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
  const bounds = {
    maxFields: MAX_FORM_FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
    tooManyParts: 'the form has too many parts',
  };
  return readMultipart<QcForm>(body, contentType, signal, bounds, (read) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let received: Promise<Uint8Array> | null = null;
    return {
      field(name, value, truncated) {
        if (name === 'file') return read.refuse(400, 'the file field must carry a file');
        if (truncated)
          return read.refuse(400, `the field ${name} is longer than ${MAX_FIELD_BYTES} bytes`);
        if (name in fields) return read.refuse(400, `the form has two fields named ${name}`);
        fields[name] = value;
      },
      file(name, stream) {
        if (name !== 'file')
          return read.refuse(400, `the form's file must be its field named file`);
        const { types, maxBytes, label } = UPLOAD_RULES.file;
        const sink = memorySink();
        received = receiveFile(stream, { types, maxBytes, label }, sink.stream, signal).then(() =>
          sink.bytes(),
        );
        received.catch(read.reject);
      },
      finish() {
        if (!received) return read.refuse(400, NO_FILE);
        received.then((file) => read.resolve({ fields: { ...fields }, file }), read.reject);
      },
    };
  });
}
