import { z } from '../../../contract/zod.ts';
import { answer, areaOperations, gap, get, post, put } from '../api-operation.ts';

// The "storage bucket" on the service's own origin (blob.routes.ts): what presigned URLs point
// at. A spec-strict service serves these on an origin of its own, so they are extensions.

const STORAGE_GAP = gap(
  'Files',
  'the spec gives "a pre-signed URL" only; the reference service is its own bucket',
);
const KEY = {
  key: {
    description:
      'The object key, as in the presigned URL; keys contain `/` (`files/<uuid>.pdf`). Use the ' +
      'URL as issued rather than building it.',
    schema: z.string(),
  },
};
const UPLOAD_ERRORS = {
  403: 'An unsigned, tampered or expired policy, a key the service did not issue, or a second upload to the same key.',
  408: 'The upload sent nothing for 30 seconds.',
  413: 'The body is over 26 MB, or the file over its kind’s limit (PDF 25 MB, image 5 MB).',
  415: 'The file’s bytes are not its kind’s type (scans and files: PDF; images: PNG or JPEG).',
  503: 'Four uploads are already being received.',
};
const BINARY = { type: 'string', format: 'binary' };

export const storageOperations = areaOperations(
  'Storage',
  { kind: 'presigned' },
  [
    {
      ...get('/blobs/{key}', 'downloadBlob', 'Download through a presigned URL'),
      description:
        'The URLs in `downloadUrl`, `completedFileUrl`, `fileUrl` and user image fields: signed, ' +
        'valid for 60 minutes, minted afresh on every read.',
      pathParams: KEY,
      query: z.object({ expires: z.string(), signature: z.string() }),
      queryNotes: {
        expires: 'Expiry (Unix seconds), signed.',
        signature: 'The URL’s HMAC signature.',
      },
      responses: [
        {
          status: 200,
          description: 'The bytes; the type is sniffed from them (PDF, PNG or JPEG).',
          media: { type: '*/*', schema: BINARY },
          headers: {
            'Cache-Control': { description: '`private, max-age=300`.', schema: { type: 'string' } },
          },
        },
      ],
      errors: { 403: 'The URL is unsigned, tampered or expired.', 404: 'No such object.' },
    },
    {
      ...post('/uploads', 'uploadBlob', 'Upload through a presigned POST'),
      description:
        'Where every `uploadUrl` points: a multipart form with the `uploadValues` entries first ' +
        '(`key`, `policy`, `signature`), then the file as `file`. Each key takes one upload.',
      body: {
        media: {
          type: 'multipart/form-data',
          schema: {
            type: 'object',
            description: 'The `uploadValues` as issued (all strings), then `file` last.',
            properties: { file: BINARY },
            additionalProperties: { type: 'string' },
            required: ['file'],
          },
        },
      },
      responses: [answer(204, 'Stored.')],
      errors: {
        400: 'Not multipart, no `file`, an empty file, or the fields after the file.',
        ...UPLOAD_ERRORS,
      },
    },
    {
      ...put('/uploads/{key}', 'putBlob', 'Upload through a deprecated PUT URL'),
      description: 'The `uploadImageUrls` of a user (deprecated): the raw image bytes as the body.',
      deprecated: true,
      pathParams: KEY,
      noNotFound: true,
      query: z.object({ policy: z.string(), signature: z.string() }),
      queryNotes: { policy: 'The signed upload policy.', signature: 'The policy’s signature.' },
      body: { media: { type: 'application/octet-stream', schema: BINARY } },
      responses: [answer(204, 'Stored, and attached to the user’s profile.')],
      errors: UPLOAD_ERRORS,
    },
  ],
  STORAGE_GAP,
);
