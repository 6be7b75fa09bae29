import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SniffedType } from '../../contract/file-types.ts';
import { sniff } from '../../shared/sniff.ts';
import { tooLarge, UploadRefusal } from './upload-refusal.ts';

/** Bytes sniff() looks at: the longest magic number (PNG's) decides every type. */
const HEAD_BYTES = 8;

export interface FileRules {
  maxBytes: number;
  types: readonly SniffedType[];
  label: string;
}

export interface ReceivedFile {
  type: SniffedType;
  size: number;
}

/**
 * Streams one file into `sink`. The size limit is enforced as the bytes flow (413 at the first
 * byte past it); the type is judged by the first bytes, and a file of the wrong type is counted
 * to its end but never written. The answers and their order match a whole-body check: empty
 * (400), too large (413), wrong type (415).
 */
export async function receiveFile(
  source: Readable,
  rules: FileRules,
  sink: Writable,
  signal: AbortSignal,
): Promise<ReceivedFile> {
  let size = 0;
  let head: Buffer[] = [];
  let headSize = 0;
  // undefined: not judged yet; null: judged wrong.
  let type: SniffedType | null | undefined;
  const judge = (): Buffer | undefined => {
    const bytes = Buffer.concat(head);
    head = [];
    const found = sniff(bytes);
    type = found && rules.types.includes(found) ? found : null;
    return type ? bytes : undefined;
  };

  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > rules.maxBytes) return done(tooLarge(rules.maxBytes));
      if (type !== undefined) return done(null, type ? chunk : undefined);
      head.push(chunk);
      headSize += chunk.length;
      done(null, headSize < HEAD_BYTES ? undefined : judge());
    },
    flush(done) {
      if (size === 0) return done(new UploadRefusal(400, 'the file is empty'));
      const held = type === undefined ? judge() : undefined;
      if (!type) return done(new UploadRefusal(415, `the file must be ${rules.label}`));
      done(null, held);
    },
  });

  source.pipe(inspect);
  try {
    await pipeline(inspect, sink, { signal });
  } catch (error) {
    source.unpipe(inspect);
    throw signal.aborted ? signal.reason : error;
  }
  if (!type) throw new Error('unreachable: a stored file always has a judged type');
  return { type, size };
}
