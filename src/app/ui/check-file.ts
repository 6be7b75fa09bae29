import { UPLOAD_RULES } from '../../contract/file-types.ts';
import { sniff } from '../../shared/sniff.ts';

export type UploadKind = keyof typeof UPLOAD_RULES;

const MB = 1024 * 1024;

/**
 * Why a file cannot be uploaded as `kind`, or null when it can. The type is read from the
 * file's first bytes, as the service decides it: a renamed file is refused here, before any
 * upload starts, rather than after.
 */
export async function fileProblem(file: Blob & { name?: string }, kind: UploadKind) {
  const rule = UPLOAD_RULES[kind];
  const name = file.name ? `“${file.name}”` : 'The file';
  if (file.size === 0) return `${name} is empty.`;
  if (file.size > rule.maxBytes) {
    return `${name} is ${(file.size / MB).toFixed(1)} MB; the limit is ${rule.maxBytes / MB} MB.`;
  }
  const type = sniff(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type || !(rule.types as readonly string[]).includes(type)) {
    return `${name} is not ${rule.label}.`;
  }
  return null;
}
